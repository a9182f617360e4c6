import { Stack } from '@mantine/core';
import { AUTH_MESSAGES } from '@platform/shared';
import { useState } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { LoadingState } from '../../../components/feedback/LoadingState';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { PageHeading } from '../../../components/PageHeading';
import { paths } from '../../../lib/paths';
import { useValidateResetToken } from '../api/validate-reset-token';
import { ResetPasswordForm } from './ResetPasswordForm';

export interface ResetPasswordProps {
  hint: string;
}

type Stage = 'form' | 'ResetSuccess' | 'TokenExpired';

const requestNewLink = (
  <ButtonLink to={paths.forgotPassword} variant="light">
    Request a new link
  </ButtonLink>
);

/** Checks the emailed link first (validate-token), then lets the person choose a new password. */
export function ResetPassword({ hint }: ResetPasswordProps) {
  const validation = useValidateResetToken(hint);
  const [stage, setStage] = useState<Stage>('form');

  if (stage === 'ResetSuccess') {
    return (
      <ResultPanel
        tone="success"
        title="Password reset"
        actions={<ButtonLink to={paths.signIn}>Sign in</ButtonLink>}
      >
        Your password has been changed. Sign in with your new password.
      </ResultPanel>
    );
  }
  if (hint !== '' && validation.isPending) return <LoadingState label="Checking your link…" />;

  const status = stage === 'TokenExpired' ? 'TokenExpired' : hint === '' ? 'TokenFailed' : validation.data;
  if (status === 'TokenExpired') {
    return (
      <ResultPanel tone="warning" title="Link expired" actions={requestNewLink}>
        {AUTH_MESSAGES.hintExpired} Request a new link to reset your password.
      </ResultPanel>
    );
  }
  if (status !== 'TokenVerified') {
    return (
      <ResultPanel tone="error" title="Link not valid" actions={requestNewLink}>
        {AUTH_MESSAGES.hintInvalid}
      </ResultPanel>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeading title="Reset your password" subtitle="Choose a new password for your account." />
      <ResetPasswordForm
        hint={hint}
        onReset={() => setStage('ResetSuccess')}
        onExpired={() => setStage('TokenExpired')}
      />
    </Stack>
  );
}
