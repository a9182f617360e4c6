import { Text } from '@mantine/core';
import {
  campaignStatusAllows,
  formatDateTime,
  type CampaignHistoryEntry,
  type CampaignStatus,
} from '@platform/shared';
import { DataTable } from '../../../components/display/DataTable';
import { STATUS_LABELS } from './campaign-labels';

/** What a move from one status to the next was, in words. */
export function describeMove(from: CampaignStatus | null, to: CampaignStatus): string {
  if (from === null) return 'Created as a draft';
  switch (to) {
    case 'PENDING':
      return campaignStatusAllows(from, 'approved') ? 'Changed, and sent back for review' : 'Sent for review';
    case 'PUBLISHED':
      return from === 'UNPUBLISH' ? 'Republished' : 'Approved';
    case 'REJECTED':
      return 'Rejected';
    case 'DRAFT':
      return 'Changed after rejection: a draft again';
    case 'LIVE':
      return from === 'PAUSED' ? 'Resumed' : 'Went live';
    case 'PAUSED':
      return 'Paused';
    case 'ENDED':
      return 'Ended';
    case 'UNPUBLISH':
      return 'Unpublished';
  }
}

/** Who moved the campaign from status to status, when, and why: newest first. */
export function StatusHistory({ history }: { history: readonly CampaignHistoryEntry[] }) {
  const entries = [...history].sort((a, b) => b.at.localeCompare(a.at));
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing recorded yet.
      </Text>
    );
  }
  return (
    <DataTable aria-label="Status history" minWidth={640}>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">What happened</th>
          <th scope="col">By</th>
          <th scope="col">Reason</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, index) => (
          <tr key={`${entry.at}-${index}`}>
            <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, 'long')}</td>
            <td>
              <Text size="sm" fw={500}>
                {describeMove(entry.from, entry.to)}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.from ? `${STATUS_LABELS[entry.from]} → ` : ''}
                {STATUS_LABELS[entry.to]}
              </Text>
            </td>
            <td style={{ overflowWrap: 'anywhere' }}>
              {entry.by ? (
                entry.by.email
              ) : (
                <Text span size="sm" c="dimmed">
                  {entry.to === 'PAUSED'
                    ? 'Automatically, as its budget ran out'
                    : 'Automatically, on schedule'}
                </Text>
              )}
            </td>
            <td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {entry.reason ?? (
                <Text span size="sm" c="dimmed">
                  —
                </Text>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
