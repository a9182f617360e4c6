import { Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { useFinishOAuth } from '../api/oauth';
import { handleName, serverMessage } from './words';

/** What the platform put in the address it sent the creator back to. */
export interface ConnectionReturn {
  code: string | null;
  state: string | null;
  /** The platform's own refusal (`access_denied` when the creator said no). */
  error: string | null;
}

const REFUSED_BY_CREATOR = 'access_denied';

/**
 * Where the platform sends the creator back after connecting an account: the code and state go to the
 * server with the creator's session (ADR 036), which connects the account or says why not.
 */
export function ConnectedScreen({ back, returned }: { back: string; returned: ConnectionReturn }) {
  const finish = useFinishOAuth();
  const sent = useRef(false);
  const { code, state, error } = returned;
  const usable = !error && code !== null && code !== '' && state !== null && state !== '';

  useEffect(() => {
    // The state can be claimed once: a second render must not send it again.
    if (!usable || sent.current) return;
    sent.current = true;
    finish.mutate({ code, state });
  }, [usable, code, state, finish]);

  const backLink = (
    <ButtonLink to={back} variant="light">
      Back to your verified accounts
    </ButtonLink>
  );

  if (!usable) {
    return (
      <>
        <DocumentTitle title="Account not connected" />
        <ResultPanel tone="error" title="Account not connected" actions={backLink}>
          {error === REFUSED_BY_CREATOR
            ? 'The connection was cancelled on the platform. You can start again whenever you like.'
            : 'The platform did not send back what we need to connect the account. Please start again.'}
        </ResultPanel>
      </>
    );
  }
  if (finish.isSuccess) {
    return (
      <>
        <DocumentTitle title="Account connected" />
        <ResultPanel tone="success" title="Account connected" actions={backLink}>
          {handleName(finish.data)} is verified as yours.
        </ResultPanel>
      </>
    );
  }
  if (finish.isError) {
    return (
      <>
        <DocumentTitle title="Account not connected" />
        <ResultPanel tone="error" title="Account not connected" actions={backLink}>
          {serverMessage(finish.error)}
        </ResultPanel>
      </>
    );
  }
  return (
    <Stack align="center" gap="sm" mt="xl" role="status">
      <DocumentTitle title="Connecting your account" />
      <Title order={1} size="h3">
        Connecting your account
      </Title>
      <Loader aria-hidden="true" />
      <Text size="sm">This takes a moment…</Text>
    </Stack>
  );
}
