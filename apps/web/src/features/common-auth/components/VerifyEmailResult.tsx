import { AUTH_MESSAGES } from '@platform/shared';
import { ButtonLink } from '../../../components/ButtonLink';
import { LoadingState } from '../../../components/feedback/LoadingState';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { TextLink } from '../../../components/TextLink';
import { paths } from '../../../lib/paths';
import { useVerifyEmail, type VerifyOutcome } from '../api/verify-email';

export interface VerifyEmailResultProps {
  hint: string;
}

const signInAction = <ButtonLink to={paths.signIn}>Sign in</ButtonLink>;

function Outcome({ outcome }: { outcome: VerifyOutcome }) {
  switch (outcome) {
    case 'Verified':
      return (
        <ResultPanel tone="success" title="Email verified" actions={signInAction}>
          Your email address is verified. You can now sign in.
        </ResultPanel>
      );
    case 'Expired':
      return (
        <ResultPanel
          tone="warning"
          title="Link expired"
          actions={
            <>
              {signInAction}
              <TextLink to={paths.signUp} size="sm">
                Sign up again
              </TextLink>
            </>
          }
        >
          {AUTH_MESSAGES.hintExpired}
        </ResultPanel>
      );
    case 'AlreadyUsed':
      return (
        <ResultPanel tone="info" title="Link already used" actions={signInAction}>
          {AUTH_MESSAGES.hintUsed} If your email is verified, you can sign in.
        </ResultPanel>
      );
    case 'InvalidLink':
      return (
        <ResultPanel tone="error" title="Link not valid" actions={signInAction}>
          {AUTH_MESSAGES.hintInvalid}
        </ResultPanel>
      );
    case 'Pending':
      return (
        <ResultPanel tone="info" title="Verification pending" actions={signInAction}>
          Your email address is not verified yet. Please open the link again in a moment.
        </ResultPanel>
      );
    case 'Failed':
      return (
        <ResultPanel tone="error" title="Verification failed" actions={signInAction}>
          We could not verify your email address. Please open the link again.
        </ResultPanel>
      );
  }
}

export function VerifyEmailResult({ hint }: VerifyEmailResultProps) {
  const verification = useVerifyEmail(hint);
  if (hint === '') return <Outcome outcome="InvalidLink" />;
  if (verification.isPending) return <LoadingState label="Verifying your email…" />;
  return <Outcome outcome={verification.data ?? 'Failed'} />;
}
