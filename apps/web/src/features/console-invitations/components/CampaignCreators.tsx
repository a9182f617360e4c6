import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import {
  campaignStatusAllows,
  can,
  formatDateTime,
  nextRsvpStatus,
  type AccountRole,
  type CampaignDetail,
  type CampaignRsvp,
  type RsvpStatus,
  type StaffRsvpMove,
} from '@platform/shared';
import { IconAlertTriangle, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PagedTable } from '../../../components/display/PagedTable';
import { CHECK_CONNECTION, failureText } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { useCampaignRsvps, useMoveRsvp } from '../api/campaign-rsvps';
import { InviteCreatorsDialog } from './InviteCreatorsDialog';

const STATUS_VIEW: Record<RsvpStatus, { label: string; color: string }> = {
  ACCEPT: { label: 'Taking part', color: 'teal' },
  INVITED: { label: 'Invited', color: 'blue' },
  REINVITED: { label: 'Invited again', color: 'blue' },
  DECLINE: { label: 'Declined', color: 'gray' },
  UNINVITED: { label: 'Invitation withdrawn', color: 'gray' },
  UNSELECTED: { label: 'Not selected', color: 'orange' },
};

const MOVES: { move: StaffRsvpMove; label: string; done: string; grant: 'INVITE' | 'ASSIGN' }[] = [
  { move: 'reinvite', label: 'Invite again', done: 'invited again', grant: 'INVITE' },
  { move: 'uninvite', label: 'Withdraw invitation', done: 'no longer invited', grant: 'INVITE' },
  { move: 'unselect', label: 'Unselect', done: 'unselected', grant: 'ASSIGN' },
];

/**
 * The campaign's creators: who joined, who is invited and how they answered, with the moves the RSVP
 * machine allows from each status, for roles that may make them.
 */
export function CampaignCreators({ campaign, role }: { campaign: CampaignDetail; role: AccountRole }) {
  const [page, setPage] = useState(1);
  const rsvps = useCampaignRsvps(campaign.id, page);
  const move = useMoveRsvp(campaign.id);
  const movesFor = (rsvp: CampaignRsvp) =>
    MOVES.filter(
      (candidate) =>
        can(role, candidate.grant, 'CAMPAIGN_CREATOR') &&
        nextRsvpStatus(campaign.type, rsvp.status, candidate.move) !== null,
    );
  const who = (rsvp: CampaignRsvp) => rsvp.creator.name ?? rsvp.creator.handle ?? 'This creator';
  const [inviting, setInviting] = useState(false);
  const mayInvite =
    campaign.type === 'BESPOKE' &&
    !campaign.archived &&
    campaignStatusAllows(campaign.status, 'acceptsJoins') &&
    can(role, 'INVITE', 'CAMPAIGN_CREATOR');

  return (
    <>
      {mayInvite && (
        <Group>
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden="true" />}
            onClick={() => setInviting(true)}
          >
            Invite creators
          </Button>
          <InviteCreatorsDialog campaign={campaign} opened={inviting} onClose={() => setInviting(false)} />
        </Group>
      )}
      {move.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
          {failureText(move.error)}
        </Alert>
      )}
      <PagedTable
        aria-label="Creators"
        columns={['Creator', 'Handle', 'Status', 'Since', 'Actions']}
        minWidth={640}
        data={rsvps.data}
        fetching={rsvps.isFetching}
        failure={
          rsvps.isError && !rsvps.data
            ? {
                title: 'We could not load the creators',
                message: CHECK_CONNECTION,
                onRetry: () => void rsvps.refetch(),
                retrying: rsvps.isFetching,
              }
            : null
        }
        emptyMessage={
          campaign.type === 'CHALLENGE'
            ? 'No creator has joined yet: eligible creators join by themselves once it is published.'
            : 'No creator is invited yet.'
        }
        page={page}
        noun="creator"
        onPageChange={setPage}
        renderRow={(rsvp) => (
          <tr key={rsvp.id}>
            <td>
              <Text size="sm" fw={500}>
                {rsvp.creator.name ?? '—'}
              </Text>
            </td>
            <td>{rsvp.creator.handle ?? '—'}</td>
            <td>
              <Badge color={STATUS_VIEW[rsvp.status].color} variant="light">
                {STATUS_VIEW[rsvp.status].label}
              </Badge>
            </td>
            <td>{formatDateTime(rsvp.updatedAt, 'short')}</td>
            <td>
              <Group gap="xs">
                {movesFor(rsvp).map((candidate) => (
                  <Button
                    key={candidate.move}
                    size="compact-sm"
                    variant="light"
                    color={candidate.move === 'reinvite' ? 'blue' : 'gray'}
                    loading={
                      move.isPending &&
                      move.variables?.rsvpId === rsvp.id &&
                      move.variables.move === candidate.move
                    }
                    disabled={move.isPending}
                    aria-label={`${candidate.label}: ${who(rsvp)}`}
                    onClick={() =>
                      move.mutate(
                        { rsvpId: rsvp.id, move: candidate.move },
                        { onSuccess: () => showSuccessToast(`${who(rsvp)} is ${candidate.done}.`) },
                      )
                    }
                  >
                    {candidate.label}
                  </Button>
                ))}
              </Group>
            </td>
          </tr>
        )}
      />
    </>
  );
}
