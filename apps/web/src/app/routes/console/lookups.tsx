import { Stack } from '@mantine/core';
import { LoadFailure } from '../../../components/feedback/failure';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { LoadingState } from '../../../components/feedback/LoadingState';
import { PageHeading } from '../../../components/PageHeading';
import { LookupsManager } from '../../../features/console-lookups/components/LookupsManager';
import { useProfile } from '../../../features/common-profile/api/get-profile';

function LookupsBody() {
  const profile = useProfile();
  if (profile.data) return <LookupsManager role={profile.data.role} />;
  if (profile.isError) {
    return <LoadFailure title="We could not load your account" onRetry={() => void profile.refetch()} />;
  }
  return <LoadingState />;
}

export function Component() {
  return (
    <Stack gap="lg">
      <DocumentTitle title="Lookups" />
      <PageHeading
        title="Lookups"
        subtitle="The lists creators choose from: genres, agencies, audience bibles, vertical contents, fun questions with their answers, and audience clusters."
      />
      <LookupsBody />
    </Stack>
  );
}
