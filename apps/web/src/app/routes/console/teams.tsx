import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { useProfile } from '../../../features/common-profile/api/get-profile';
import { TeamsScreen } from '../../../features/console-teams/components/TeamsScreen';

export function Component() {
  const profile = useProfile();
  return (
    <Stack gap="lg">
      <DocumentTitle title="Teams" />
      <PageHeading title="Teams" subtitle="Campaigns belong to a team; a team’s members see its campaigns." />
      {profile.data ? (
        <TeamsScreen role={profile.data.role} />
      ) : profile.isError ? (
        <Alert
          color="red"
          variant="light"
          title="We could not load your profile"
          icon={<IconAlertTriangle aria-hidden="true" />}
        >
          <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Skeleton role="status" height={240} radius="sm" aria-label="Loading teams" />
      )}
    </Stack>
  );
}
