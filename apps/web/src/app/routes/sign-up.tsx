import { Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { PageHeading } from '../../components/PageHeading';
import { TextLink } from '../../components/TextLink';
import { SignUpForm } from '../../features/auth/components/SignUpForm';
import { paths } from '../../lib/paths';
import type { CheckEmailState } from './check-email';

export function Component() {
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <DocumentTitle title="Sign up" />
      <PageHeading
        title="Create your account"
        subtitle="Join brand campaigns and get paid for your content."
      />
      <SignUpForm
        onSignedUp={(email) =>
          void navigate(paths.checkEmail, { state: { email } satisfies CheckEmailState })
        }
      />
      <Text size="sm" ta="center">
        Already have an account? <TextLink to={paths.signIn}>Sign in</TextLink>
      </Text>
    </Stack>
  );
}
