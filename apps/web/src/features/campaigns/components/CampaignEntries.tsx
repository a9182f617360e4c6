import { Alert, Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  can,
  ENTRY_REJECTION_LABELS,
  formatDateTime,
  nextEntryStatus,
  PLATFORM_LABELS,
  type AccountRole,
  type CampaignDetail,
  type CampaignEntry,
  type EntryStatus,
  type PermissionAction,
} from '@platform/shared';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { PagedTable } from '../../../components/display/PagedTable';
import { CHECK_CONNECTION, failureText } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { useCampaignEntries, useReviewEntry } from '../api/campaign-entries';
import { RejectEntryDialog } from './RejectEntryDialog';

const STATUS_VIEW: Record<EntryStatus, { label: string; color: string }> = {
  SUBMITTED: { label: 'Waiting for review', color: 'yellow' },
  APPROVED: { label: 'Approved', color: 'teal' },
  REJECTED: { label: 'Rejected', color: 'red' },
  ARCHIVED: { label: 'Archived', color: 'gray' },
};

const FILTERS: { value: EntryStatus | 'ALL'; label: string }[] = [
  { value: 'SUBMITTED', label: 'To review' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'ARCHIVED', label: 'Archived' },
  { value: 'ALL', label: 'All' },
];

const QUICK_MOVES: { move: 'approve' | 'archive'; label: string; done: string; grant: PermissionAction }[] = [
  { move: 'approve', label: 'Approve', done: 'approved', grant: 'APPROVE' },
  { move: 'archive', label: 'Archive', done: 'archived', grant: 'REVIEW' },
];

/**
 * A campaign's review queue: each entry with who sent it and its post, approved, rejected with a reason or
 * archived as the entry machine and the person's role allow.
 */
export function CampaignEntries({ campaign, role }: { campaign: CampaignDetail; role: AccountRole }) {
  const [filter, setFilter] = useState<EntryStatus | 'ALL'>('SUBMITTED');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<CampaignEntry | null>(null);
  const entries = useCampaignEntries(campaign.id, filter === 'ALL' ? null : filter, page);
  const review = useReviewEntry(campaign.id);
  const who = (entry: CampaignEntry) => entry.creator.name ?? entry.creator.handle ?? 'this creator';
  const allowed = (entry: CampaignEntry, move: 'approve' | 'reject' | 'archive', grant: PermissionAction) =>
    can(role, grant, 'CAMPAIGN_SUBMISSION') && nextEntryStatus(entry.status, move) !== null;

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Which entries"
        w="fit-content"
        value={filter}
        data={FILTERS}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
      />
      {review.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
          {failureText(review.error)}
        </Alert>
      )}
      <PagedTable
        aria-label="Entries"
        columns={['Creator', 'Post', 'Status', 'Sent', 'Actions']}
        minWidth={720}
        data={entries.data}
        fetching={entries.isFetching}
        failure={
          entries.isError && !entries.data
            ? {
                title: 'We could not load the entries',
                message: CHECK_CONNECTION,
                onRetry: () => void entries.refetch(),
                retrying: entries.isFetching,
              }
            : null
        }
        emptyMessage={
          filter === 'SUBMITTED'
            ? 'Nothing to review: every entry sent has been looked at.'
            : 'No entries here.'
        }
        page={page}
        noun="entry"
        plural="entries"
        onPageChange={setPage}
        renderRow={(entry) => (
          <tr key={entry.id}>
            <td>
              <Text size="sm" fw={500}>
                {entry.creator.name ?? '—'}
              </Text>
              {entry.creator.handle && (
                <Text size="xs" c="dimmed">
                  @{entry.creator.handle}
                </Text>
              )}
            </td>
            <td>
              {entry.postLink ? (
                <Anchor href={entry.postLink} target="_blank" rel="noopener noreferrer" size="sm">
                  View post on {PLATFORM_LABELS[entry.platform]}{' '}
                  <IconExternalLink size={14} aria-hidden="true" style={{ verticalAlign: -2 }} />
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  Video upload
                </Text>
              )}
            </td>
            <td>
              <Badge color={STATUS_VIEW[entry.status].color} variant="light">
                {STATUS_VIEW[entry.status].label}
              </Badge>
              {entry.rejection && (
                <Text size="xs" c="dimmed" mt={4}>
                  {ENTRY_REJECTION_LABELS[entry.rejection.reason]}
                  {entry.rejection.note ? `: ${entry.rejection.note}` : ''}
                </Text>
              )}
            </td>
            <td>{formatDateTime(entry.submittedAt, 'short')}</td>
            <td>
              <Group gap="xs">
                {QUICK_MOVES.filter((candidate) => allowed(entry, candidate.move, candidate.grant)).map(
                  (candidate) => (
                    <Button
                      key={candidate.move}
                      size="compact-sm"
                      variant="light"
                      color={candidate.move === 'approve' ? 'teal' : 'gray'}
                      disabled={review.isPending}
                      loading={
                        review.isPending &&
                        review.variables?.entryId === entry.id &&
                        review.variables.move === candidate.move
                      }
                      aria-label={`${candidate.label} the entry of ${who(entry)}`}
                      onClick={() =>
                        review.mutate(
                          { entryId: entry.id, move: candidate.move },
                          {
                            onSuccess: () =>
                              showSuccessToast(`The entry of ${who(entry)} is ${candidate.done}.`),
                          },
                        )
                      }
                    >
                      {candidate.label}
                    </Button>
                  ),
                )}
                {allowed(entry, 'reject', 'REJECT') && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    disabled={review.isPending}
                    aria-label={`Reject the entry of ${who(entry)}`}
                    onClick={() => setRejecting(entry)}
                  >
                    Reject
                  </Button>
                )}
              </Group>
            </td>
          </tr>
        )}
      />
      {rejecting && (
        <RejectEntryDialog
          creatorName={who(rejecting)}
          onClose={() => setRejecting(null)}
          onReject={async (rejection) => {
            await review.mutateAsync({ entryId: rejecting.id, move: 'reject', rejection });
            showSuccessToast(
              `The entry of ${who(rejecting)} is rejected; they can change it and send it again.`,
            );
            setRejecting(null);
          }}
        />
      )}
    </Stack>
  );
}
