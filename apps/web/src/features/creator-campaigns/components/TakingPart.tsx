import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { campaignStatusAllows, type CreatorCampaignDetail, type RsvpStatus } from '@platform/shared';
import { IconAlertTriangle, IconTrophy } from '@tabler/icons-react';
import { useState } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { ConfirmationSheet } from '../../../components/display/ConfirmationSheet';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { TextLink } from '../../../components/TextLink';
import { isApiError } from '../../../lib/api-client';
import { leaderboardPath } from '../../../lib/leaderboard-paths';
import { paths } from '../../../lib/paths';
import { useAnswerInvitation, useJoinCampaign, useMyRsvp } from '../api/rsvp';

/** Where the creator stands, for each status an RSVP can be in. */
const STANDING: Record<RsvpStatus, { label: string; color: string; note: string }> = {
  ACCEPT: {
    label: 'You’re taking part',
    color: 'teal',
    note: 'Post your entry while the campaign is live, following the rules below.',
  },
  INVITED: { label: 'You’re invited', color: 'blue', note: 'The brand chose you for this campaign.' },
  REINVITED: {
    label: 'You’re invited again',
    color: 'blue',
    note: 'The brand would still like you to take part.',
  },
  DECLINE: { label: 'You declined', color: 'gray', note: 'You turned this invitation down.' },
  UNINVITED: { label: 'Invitation withdrawn', color: 'gray', note: 'The brand withdrew this invitation.' },
  UNSELECTED: { label: 'Not selected', color: 'gray', note: 'The brand chose other creators this time.' },
};

/** Once the campaign has ended nothing more can be sent or answered: where each standing leaves them. */
const ENDED_STANDING: Partial<Record<RsvpStatus, { label: string; color: string; note: string }>> = {
  ACCEPT: { label: 'You took part', color: 'teal', note: 'Your entries and their reviews stay below.' },
  INVITED: {
    label: 'Invitation not answered',
    color: 'gray',
    note: 'This campaign ended before the invitation was answered.',
  },
  REINVITED: {
    label: 'Invitation not answered',
    color: 'gray',
    note: 'This campaign ended before the invitation was answered.',
  },
};

/** While the campaign is paused nothing can be joined, answered or sent: where each standing leaves them. */
const PAUSED_STANDING: Partial<Record<RsvpStatus, { label: string; color: string; note: string }>> = {
  ACCEPT: {
    label: 'You’re taking part',
    color: 'teal',
    note: 'The campaign is paused: you can send new entries once it resumes.',
  },
  INVITED: {
    label: 'You’re invited',
    color: 'blue',
    note: 'The campaign is paused: you can answer the invitation once it resumes.',
  },
  REINVITED: {
    label: 'You’re invited again',
    color: 'blue',
    note: 'The campaign is paused: you can answer the invitation once it resumes.',
  },
};

/** The standing's words for the campaign's status: ended, paused, or open. */
function standingOf(status: RsvpStatus, ended: boolean, paused: boolean) {
  const special = ended ? ENDED_STANDING[status] : paused ? PAUSED_STANDING[status] : undefined;
  return special ?? STANDING[status];
}

const failureText = (error: unknown) =>
  isApiError(error) && error.status < 500 ? error.message : 'We could not save that. Please try again.';

/** An error from a join or an answer; a missing handle gets a way to add it. */
function WriteFailure({ error }: { error: unknown }) {
  const message = failureText(error);
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        {message.includes('handle') && (
          <TextLink to={paths.account} size="sm">
            Add it in your account
          </TextLink>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * The creator's place in the campaign: join a CHALLENGE, answer an invitation to a BESPOKE one, or read
 * where they stand. Nothing to do while the campaign is paused, or once it has ended.
 */
export default function TakingPart({
  campaign,
  creatorId,
}: {
  campaign: CreatorCampaignDetail;
  creatorId: string;
}) {
  const rsvp = useMyRsvp(campaign.id, creatorId);
  const join = useJoinCampaign();
  const answer = useAnswerInvitation();
  const [declining, setDeclining] = useState(false);

  if (rsvp.isPending)
    return <Skeleton role="status" height={72} radius="md" aria-label="Loading whether you take part" />;
  if (rsvp.isError) {
    return (
      <Alert color="red" variant="light" title="We could not tell whether you take part">
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void rsvp.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const current = rsvp.data;
  const ended = campaignStatusAllows(campaign.status, 'finished');
  // Joining and answering an invitation wait while the campaign is paused (ADR 038).
  const joinable = campaignStatusAllows(campaign.status, 'acceptsJoins');
  const paused = campaign.status === 'PAUSED';
  const invited = current?.status === 'INVITED' || current?.status === 'REINVITED';
  const standing = current ? standingOf(current.status, ended, paused) : null;
  // Only prizes by place are won on the board; a first-come slot is won on approval.
  const ranked = campaign.rewardType === 'TOP_PRIZES' || campaign.rewardType === 'SPRINT';

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Taking part">
      <Stack gap="xs">
        {standing ? (
          <>
            <Group gap="xs">
              <Badge color={standing.color} variant="light" size="lg" maw="100%">
                {standing.label}
              </Badge>
            </Group>
            <Text size="sm">{standing.note}</Text>
          </>
        ) : ended ? (
          <Text size="sm">This campaign has ended.</Text>
        ) : paused && campaign.type === 'CHALLENGE' ? (
          <Text size="sm">This campaign is paused: you can join once it resumes.</Text>
        ) : campaign.type === 'BESPOKE' ? (
          <Text size="sm">This campaign is by invitation only: brands invite the creators they choose.</Text>
        ) : (
          <Text size="sm">Open to you: join to take part, then post your entry while it is live.</Text>
        )}

        {!current && joinable && campaign.type === 'CHALLENGE' && (
          <Button
            fullWidth
            loading={join.isPending}
            onClick={() =>
              join.mutate(
                { campaignId: campaign.id, creatorId },
                { onSuccess: () => showSuccessToast(`You joined ${campaign.name}.`, 'Joined') },
              )
            }
          >
            Join campaign
          </Button>
        )}

        {invited && joinable && (
          <Group grow gap="sm">
            <Button
              loading={answer.isPending && answer.variables?.status === 'ACCEPT'}
              disabled={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { id: current.id, status: 'ACCEPT' },
                  {
                    onSuccess: () => showSuccessToast(`You’re taking part in ${campaign.name}.`, 'Accepted'),
                  },
                )
              }
            >
              Accept
            </Button>
            <Button variant="default" disabled={answer.isPending} onClick={() => setDeclining(true)}>
              Decline
            </Button>
          </Group>
        )}

        {current?.status === 'ACCEPT' && ranked && (
          <ButtonLink
            to={leaderboardPath(campaign.id)}
            variant="light"
            leftSection={<IconTrophy size={18} aria-hidden="true" />}
          >
            Leaderboard
          </ButtonLink>
        )}

        {join.isError && <WriteFailure error={join.error} />}
        {answer.isError && <WriteFailure error={answer.error} />}
      </Stack>
      {current && (
        <ConfirmationSheet
          opened={declining}
          title="Decline this invitation?"
          message={`You won’t take part in ${campaign.name}. The brand may invite you again.`}
          confirmLabel="Decline"
          confirmColor="red"
          onCancel={() => setDeclining(false)}
          onConfirm={async () => {
            await answer.mutateAsync({ id: current.id, status: 'DECLINE' });
            setDeclining(false);
          }}
        />
      )}
    </Paper>
  );
}
