import { Button, Stack, Text } from '@mantine/core';
import { INVITATION_MESSAGES, STAFF_ROLE_LABELS } from '@platform/shared';
import { useState } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { LoadingState } from '../../../components/feedback/LoadingState';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { PageHeading } from '../../../components/PageHeading';
import { paths } from '../../../lib/paths';
import { useInvitationCheck } from '../api/get-invitation';
import { AcceptInvitationForm } from './AcceptInvitationForm';

export interface AcceptInvitationProps {
  /** The token from the invitation link, '' when the link carried none. */
  token: string;
}

type Ended = { status: 'expired' | 'used'; message: string };

const signInAction = <ButtonLink to={paths.signIn}>Sign in</ButtonLink>;

/**
 * A colleague's invitation: checks the link first, shows who it is for and as what, then lets the person
 * choose a password. Once the account exists they sign in as usual.
 */
export function AcceptInvitation({ token }: AcceptInvitationProps) {
  const check = useInvitationCheck(token);
  const [accepted, setAccepted] = useState<string | null>(null);
  const [ended, setEnded] = useState<Ended | null>(null);

  if (accepted !== null) {
    return (
      <ResultPanel tone="success" title="Your account is ready" actions={signInAction}>
        {accepted}
      </ResultPanel>
    );
  }
  if (token !== '' && check.isPending) return <LoadingState label="Checking your invitation…" />;

  const result =
    ended ??
    (token === ''
      ? { status: 'invalid' as const, message: INVITATION_MESSAGES.linkInvalid }
      : check.data && check.data.status !== 'usable'
        ? check.data
        : null);

  if (check.isError || result?.status === 'unreachable') {
    return (
      <ResultPanel
        tone="error"
        title="We could not check your invitation"
        actions={<Button onClick={() => void check.refetch()}>Try again</Button>}
      >
        {result?.message || 'The server did not answer. Please try again in a moment.'}
      </ResultPanel>
    );
  }
  if (result?.status === 'expired') {
    return (
      <ResultPanel tone="warning" title="Invitation expired">
        {result.message}
      </ResultPanel>
    );
  }
  if (result?.status === 'used' && result.message === INVITATION_MESSAGES.linkCancelled) {
    return (
      <ResultPanel tone="warning" title="Invitation cancelled">
        {result.message}
      </ResultPanel>
    );
  }
  if (result?.status === 'used') {
    return (
      <ResultPanel tone="info" title="Invitation no longer open" actions={signInAction}>
        {result.message}
      </ResultPanel>
    );
  }
  if (result || check.data?.status !== 'usable') {
    return (
      <ResultPanel tone="error" title="Invitation link not valid">
        {result?.message ?? INVITATION_MESSAGES.linkInvalid}
      </ResultPanel>
    );
  }

  const { invitation } = check.data;
  return (
    <Stack gap="lg">
      <PageHeading
        title="Join the team"
        subtitle={`Welcome, ${invitation.displayName}. Choose a password to create your staff account.`}
      />
      <Stack gap={4}>
        <Text size="sm">
          <Text span c="dimmed" inherit>
            Email:{' '}
          </Text>
          <Text span fw={500} inherit style={{ overflowWrap: 'anywhere' }}>
            {invitation.email}
          </Text>
        </Text>
        <Text size="sm">
          <Text span c="dimmed" inherit>
            Role:{' '}
          </Text>
          <Text span fw={500} inherit>
            {STAFF_ROLE_LABELS[invitation.role]}
          </Text>
        </Text>
      </Stack>
      <AcceptInvitationForm
        token={token}
        onAccepted={setAccepted}
        onLinkEnded={(status, message) => setEnded({ status, message })}
      />
    </Stack>
  );
}
