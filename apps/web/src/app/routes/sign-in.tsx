import { Alert, Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES } from '@platform/shared';
import { IconClock } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { PageHeading } from '../../components/PageHeading';
import { TextLink } from '../../components/TextLink';
import { SignInForm } from '../../features/auth/components/SignInForm';
import type { SignInRedirectState } from '../../lib/api-client';
import { paths } from '../../lib/paths';

export function Component() {
  const navigate = useNavigate();
  const state = useLocation().state as SignInRedirectState | null;
  return (
    <Stack gap="lg">
      <DocumentTitle title="Sign in" />
      <PageHeading title="Sign in" subtitle="Welcome back." />
      {state?.sessionExpired && (
        <Alert color="yellow" variant="light" icon={<IconClock aria-hidden="true" />}>
          {AUTH_MESSAGES.sessionExpired}
        </Alert>
      )}
      <SignInForm onSignedIn={() => void navigate(paths.home, { replace: true })} />
      <Text size="sm" ta="center">
        New here? <TextLink to={paths.signUp}>Sign up</TextLink>
      </Text>
    </Stack>
  );
}
