import { Anchor, Text } from '@mantine/core';
import {
  formatDateTime,
  type CreatorConsoleDetail,
  type EntryStatus,
  type RsvpStatus,
} from '@platform/shared';
import { DataTable } from '../../../components/display/DataTable';
import { TextLink } from '../../../components/TextLink';
import { paths } from '../../../lib/paths';

const RSVP_LABELS: Readonly<Record<RsvpStatus, string>> = {
  INVITED: 'Invited',
  ACCEPT: 'Joined',
  DECLINE: 'Declined',
  REINVITED: 'Invited again',
  UNINVITED: 'Invitation withdrawn',
  UNSELECTED: 'Not selected',
};

const ENTRY_LABELS: Readonly<Record<EntryStatus, string>> = {
  SUBMITTED: 'Waiting for review',
  CHANGES_REQUESTED: 'Changes requested',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  ARCHIVED: 'Archived',
};

/** The campaigns the creator joined or was invited to, and each entry they sent. */
export function CreatorCampaigns({ campaigns }: { campaigns: CreatorConsoleDetail['campaigns'] }) {
  if (campaigns.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No campaign yet.
      </Text>
    );
  }
  return (
    <DataTable aria-label="Campaigns">
      <thead>
        <tr>
          <th>Campaign</th>
          <th>Taking part</th>
          <th>Entries</th>
        </tr>
      </thead>
      <tbody>
        {campaigns.map(({ campaignName, rsvp, entries }) => (
          <tr key={rsvp.id}>
            <td>
              <TextLink to={`${paths.consoleCampaigns}/${encodeURIComponent(rsvp.campaignId)}`}>
                {campaignName}
              </TextLink>
            </td>
            <td>
              {RSVP_LABELS[rsvp.status]}, {formatDateTime(rsvp.updatedAt, 'short')}
            </td>
            <td>
              {entries.length === 0 ? (
                <Text span c="dimmed" size="sm">
                  None
                </Text>
              ) : (
                entries.map((entry) => (
                  <Text size="sm" key={entry.id}>
                    {entry.postLink ? (
                      <Anchor href={entry.postLink} target="_blank" rel="noopener noreferrer">
                        {entry.platform} {entry.kind.toLowerCase()}
                      </Anchor>
                    ) : (
                      `${entry.platform} ${entry.kind.toLowerCase()}`
                    )}
                    : {ENTRY_LABELS[entry.status]}
                  </Text>
                ))
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
