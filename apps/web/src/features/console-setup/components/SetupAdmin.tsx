import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { LoadingState } from '../../../components/feedback/LoadingState';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { PageHeading } from '../../../components/PageHeading';
import { paths } from '../../../lib/paths';
import { useSetupStatus } from '../api/get-setup-status';
import { SetupAdminForm } from './SetupAdminForm';

export interface SetupAdminProps {
  /** The one-time setup token from the link the server printed, if the link carried one. */
  token: string;
}

const signInAction = <ButtonLink to={paths.signIn}>Sign in</ButtonLink>;

/** First run: creates the first Admin while the server says setup is open. */
export function SetupAdmin({ token }: SetupAdminProps) {
  const status = useSetupStatus();
  const [createdMessage, setCreatedMessage] = useState<string | null>(null);

  if (createdMessage !== null) {
    return (
      <ResultPanel tone="success" title="Admin created" actions={signInAction}>
        {createdMessage}
      </ResultPanel>
    );
  }
  if (status.isPending) return <LoadingState label="Checking setup…" />;
  if (status.isError) {
    return (
      <ResultPanel
        tone="error"
        title="Setup is not available"
        actions={<Button onClick={() => void status.refetch()}>Try again</Button>}
      >
        We could not reach the server. Please try again.
      </ResultPanel>
    );
  }
  if (!status.data.open) {
    return (
      <ResultPanel tone="info" title="An Admin already exists" actions={signInAction}>
        Setup is complete. Sign in with your account.
      </ResultPanel>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeading title="Set up the platform" subtitle="Create the first Admin account." />
      <SetupAdminForm token={token} onCreated={setCreatedMessage} />
    </Stack>
  );
}
