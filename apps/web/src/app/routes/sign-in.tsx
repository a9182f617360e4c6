import { Alert, Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES } from '@platform/shared';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { PageHeading } from '../../components/PageHeading';
import { TextLink } from '../../components/TextLink';
import { SignInForm } from '../../features/common-auth/components/SignInForm';
import type { SignInRedirectState } from '../../lib/api-client';
import { paths, RETURN_TO_PARAM } from '../../lib/paths';
import { safeReturnPath } from '../../lib/return-to';

export function Component() {
  const navigate = useNavigate();
  const state = useLocation().state as SignInRedirectState | null;
  const [searchParams] = useSearchParams();
  const [deactivated, setDeactivated] = useState(state?.deactivated ?? null);
  const returnTo = safeReturnPath(searchParams.get(RETURN_TO_PARAM)) ?? paths.home;
  return (
    <Stack gap="lg">
      <DocumentTitle title="Sign in" />
      <PageHeading title="Sign in" subtitle="Welcome back." />
      {deactivated ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
          {deactivated}
        </Alert>
      ) : (
        state?.sessionExpired && (
          <Alert color="yellow" variant="light" icon={<IconClock aria-hidden="true" />}>
            {AUTH_MESSAGES.sessionExpired}
          </Alert>
        )
      )}
      <SignInForm
        onSignedIn={() => void navigate(returnTo, { replace: true })}
        onDeactivated={setDeactivated}
      />
      <Text size="sm" ta="center">
        New here? <TextLink to={paths.signUp}>Sign up</TextLink>
      </Text>
    </Stack>
  );
}
