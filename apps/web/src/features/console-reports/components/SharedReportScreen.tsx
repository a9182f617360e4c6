import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { formatDateTime } from '@platform/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { isApiError } from '../../../lib/api-client';
import { useSharedReport } from '../api/get-report';
import { ReportView } from './ReportView';

export const LINK_GONE = 'This link has expired or been revoked. Ask whoever shared it for a new one.';

/** The report a shared link was made for: read-only, for anyone holding the link, with or without an account. */
export function SharedReportScreen({ token }: { token: string }) {
  const shared = useSharedReport(token);

  if (!shared.data) {
    if (isApiError(shared.error) && shared.error.status === 404) {
      return (
        <Stack maw={480} mx="auto" mt="xl">
          <DocumentTitle title="Link no longer works" />
          <ResultPanel tone="warning" title="This link no longer works">
            {LINK_GONE}
          </ResultPanel>
        </Stack>
      );
    }
    if (shared.isError) {
      return (
        <LoadFailure
          title="We could not load this report"
          message={CHECK_CONNECTION}
          onRetry={() => void shared.refetch()}
          retrying={shared.isFetching}
        />
      );
    }
    return <Skeleton role="status" height={480} radius="md" aria-label="Loading the report" />;
  }

  const { report, expiresAt } = shared.data;
  return (
    <>
      <DocumentTitle title={`Report: ${report.campaignName}`} />
      <ReportView
        report={report}
        notice={
          <Alert variant="light" color="gray" icon={<IconEye aria-hidden="true" />}>
            Shared read-only report · this link works until {formatDateTime(expiresAt, 'long')}
          </Alert>
        }
      />
    </>
  );
}
