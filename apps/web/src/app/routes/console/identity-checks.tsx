import { Stack } from '@mantine/core';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { IdentityChecksScreen } from '../../../features/console-identity-checks/components/IdentityChecksScreen';

export function Component() {
  return (
    <Stack gap="lg">
      <DocumentTitle title="Identity checks" />
      <PageHeading
        title="Identity checks"
        subtitle="Creators’ identity documents and selfies waiting for a person’s look, and the decisions made."
      />
      <IdentityChecksScreen />
    </Stack>
  );
}
