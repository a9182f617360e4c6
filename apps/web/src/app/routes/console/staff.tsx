import { Skeleton, Stack } from '@mantine/core';
import { LoadFailure } from '../../../components/feedback/failure';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { useProfile } from '../../../features/common-profile/api/get-profile';
import { StaffScreen } from '../../../features/console-staff/components/StaffScreen';

export function Component() {
  const profile = useProfile();
  return (
    <Stack gap="lg">
      <DocumentTitle title="Staff" />
      <PageHeading
        title="Staff"
        subtitle="Who works in the console, with which role, and the invitations waiting for an answer."
      />
      {profile.data ? (
        <StaffScreen role={profile.data.role} accountId={profile.data.id} />
      ) : profile.isError ? (
        <LoadFailure title="We could not load your profile" onRetry={() => void profile.refetch()} />
      ) : (
        <Skeleton role="status" height={240} radius="sm" aria-label="Loading staff" />
      )}
    </Stack>
  );
}
