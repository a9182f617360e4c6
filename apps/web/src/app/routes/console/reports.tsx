import { Stack } from '@mantine/core';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { ReportsScreen } from '../../../features/console-reports/components/ReportsScreen';

export function Component() {
  return (
    <Stack gap="lg">
      <DocumentTitle title="Reports" />
      <PageHeading
        title="Reports"
        subtitle="The campaigns whose report you may read: open one for its reach, entries and spending."
      />
      <ReportsScreen />
    </Stack>
  );
}
