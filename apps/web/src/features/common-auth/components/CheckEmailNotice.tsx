import { Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES } from '@platform/shared';
import { ButtonLink } from '../../../components/ButtonLink';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { paths } from '../../../lib/paths';

export interface CheckEmailNoticeProps {
  email?: string;
}

export function CheckEmailNotice({ email }: CheckEmailNoticeProps) {
  return (
    <ResultPanel
      tone="info"
      title="Check your email"
      actions={
        <ButtonLink to={paths.signIn} variant="light">
          Back to sign in
        </ButtonLink>
      }
    >
      <Stack gap="xs">
        <Text inherit>{AUTH_MESSAGES.checkYourEmail}</Text>
        <Text inherit>
          {email ? (
            <>
              We sent a link to <strong>{email}</strong>.
            </>
          ) : (
            'We sent you a link.'
          )}{' '}
          Open it to verify your email address, then sign in.
        </Text>
      </Stack>
    </ResultPanel>
  );
}
