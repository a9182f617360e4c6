import { Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { PageHeading } from '../../components/PageHeading';
import { TextLink } from '../../components/TextLink';
import { SignUpForm } from '../../features/common-auth/components/SignUpForm';
import { useCurrentLegalDocuments } from '../../features/creator-legal/api/current-documents';
import { paths } from '../../lib/paths';
import type { CheckEmailState } from './check-email';

export function Component() {
  const navigate = useNavigate();
  // The terms shown are the United Kingdom's (SPEC §9): a new creator has given no country yet.
  const legal = useCurrentLegalDocuments();
  const terms = legal.data?.documents.find((document) => document.type === 'TERMS') ?? null;
  const [, setSearchParams] = useSearchParams();
  return (
    <Stack gap="lg">
      <DocumentTitle title="Sign up" />
      <PageHeading
        title="Create your account"
        subtitle="Join brand campaigns and get paid for your content."
      />
      <SignUpForm
        termsId={terms?.id ?? null}
        // The footer's panel shows them (it opens for `?legal=TERMS`), so the page loads no panel of its own.
        onOpenTerms={() => setSearchParams({ legal: 'TERMS' }, { replace: true })}
        onSignedUp={(email) =>
          void navigate(paths.checkEmail, { state: { email } satisfies CheckEmailState })
        }
      />
      {legal.isError && (
        <Text size="sm" c="red" role="alert">
          We could not load the Terms and Conditions. Please reload the page.
        </Text>
      )}

      <Text size="sm" ta="center">
        Already have an account? <TextLink to={paths.signIn}>Sign in</TextLink>
      </Text>
    </Stack>
  );
}
