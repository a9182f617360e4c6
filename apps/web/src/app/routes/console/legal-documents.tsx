import { Stack } from '@mantine/core';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { LegalDocumentsScreen } from '../../../features/console-legal-documents/components/LegalDocumentsScreen';

export function Component() {
  return (
    <Stack gap="lg">
      <DocumentTitle title="Legal documents" />
      <PageHeading
        title="Legal documents"
        subtitle="The terms, privacy notices and guidelines creators accept, by territory, with every version published."
      />
      <LegalDocumentsScreen />
    </Stack>
  );
}
