import { Stack } from '@mantine/core';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { CreatorsScreen } from '../../../features/console-creators/components/CreatorsScreen';

export function Component() {
  return (
    <Stack gap="lg">
      <DocumentTitle title="Creators" />
      <PageHeading
        title="Creators"
        subtitle="Every creator you may see, with their onboarding step, handles, identity check and tax status."
      />
      <CreatorsScreen />
    </Stack>
  );
}
