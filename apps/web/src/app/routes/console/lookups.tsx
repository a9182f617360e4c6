import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { LoadingState } from '../../../components/feedback/LoadingState';
import { PageHeading } from '../../../components/PageHeading';
import { LookupsManager } from '../../../features/lookups/components/LookupsManager';
import { useProfile } from '../../../features/profile/api/get-profile';

function LookupsBody() {
  const profile = useProfile();
  if (profile.data) return <LookupsManager role={profile.data.role} />;
  if (profile.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        title="We could not load your account"
        icon={<IconAlertTriangle aria-hidden="true" />}
      >
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Alert>
    );
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
