import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { BackButton } from '../../components/display/BackButton';
import { DocumentTitle } from '../../components/DocumentTitle';
import { PageHeading } from '../../components/PageHeading';
import { paths } from '../../lib/paths';

// The handles, their ways and the upload load after the page, not before it (ADR 009).
const VerifiedAccountsScreen = lazy(() =>
  import('../../features/creator-handle-verification/components/VerifiedAccountsScreen').then((module) => ({
    default: module.VerifiedAccountsScreen,
  })),
);

/** The creator proves their social handles are theirs: by connecting, a code in the bio, or a recording. */
export function Component() {
  return (
    <Stack gap="lg">
      <DocumentTitle title="Verified accounts" />
      <Stack gap="xs">
        <BackButton fallbackPath={paths.account} />
        <PageHeading
          title="Verified accounts"
          subtitle="Show each handle on your profile is yours: entries from a handle that is not verified cannot be approved."
        />
      </Stack>
      <Suspense
        fallback={<Skeleton role="status" height={200} radius="md" aria-label="Loading your handles" />}
      >
        <VerifiedAccountsScreen accountPath={paths.account} />
      </Suspense>
    </Stack>
  );
}
