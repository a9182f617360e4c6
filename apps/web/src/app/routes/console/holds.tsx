import { Stack } from '@mantine/core';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { HoldQueueScreen } from '../../../features/console-view-holds/components/HoldQueueScreen';

export function Component() {
  return (
    <Stack gap="lg">
      <DocumentTitle title="Held earnings" />
      <PageHeading
        title="Held earnings"
        subtitle="Entries whose views look bought wait here for a decision, the most money at stake first."
      />
      <HoldQueueScreen />
    </Stack>
  );
}
