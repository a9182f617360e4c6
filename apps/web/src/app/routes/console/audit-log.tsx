import { Stack } from '@mantine/core';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { AuditLogScreen } from '../../../features/console-audit/components/AuditLogScreen';

export function Component() {
  return (
    <Stack gap="lg">
      <DocumentTitle title="Audit log" />
      <PageHeading title="Audit log" />
      <AuditLogScreen />
    </Stack>
  );
}
