import { Stack } from '@mantine/core';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { HandleEvidenceScreen } from '../../../features/console-handle-evidence/components/HandleEvidenceScreen';

export function Component() {
  return (
    <Stack gap="lg">
      <DocumentTitle title="Account evidence" />
      <PageHeading
        title="Account evidence"
        subtitle="Screen recordings creators sent to show a social handle is theirs, oldest first."
      />
      <HandleEvidenceScreen />
    </Stack>
  );
}
