import { Stack } from '@mantine/core';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { SetupChecklist } from '../../../features/console-setup/components/SetupChecklist';

export function Component() {
  return (
    <Stack gap="lg" maw={760}>
      <DocumentTitle title="Setup" />
      <PageHeading
        title="Set up your platform"
        subtitle="What a new install needs before creators and staff can use it. Each item is ticked as soon as it is done."
      />
      <SetupChecklist />
    </Stack>
  );
}
