import { Button, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconShare } from '@tabler/icons-react';
import { can, type AccountRole } from '@platform/shared';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { TextLink } from '../../../components/TextLink';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCampaignReport } from '../api/get-report';
import { ForecastPanel } from './ForecastPanel';
import { ReportView } from './ReportView';
import classes from './Report.module.css';

// The dialog brings the form code (react-hook-form, the schema): it loads when Share is pressed.
const ShareDialog = lazy(() => import('./ShareDialog').then((module) => ({ default: module.ShareDialog })));

export interface CampaignReportScreenProps {
  campaignId: string;
  /** The signed-in person's role: it decides whether the forecast and Share show. */
  role: AccountRole;
}

/** A campaign's report in the console, with its forecast and links for the roles that may have them. */
export function CampaignReportScreen({ campaignId, role }: CampaignReportScreenProps) {
  const report = useCampaignReport(campaignId);
  const [searchParams, setSearchParams] = useSearchParams();
  const [sharing, setSharing] = useState(false);
  const mayForecast = can(role, 'VIEW', 'FORECAST_REPORT');
  const mayShare = can(role, 'SHARE', 'REPORT');
  const tab = mayForecast && searchParams.get('tab') === 'forecast' ? 'forecast' : 'report';

  if (!report.data) {
    if (isApiError(report.error) && report.error.status === 404) {
      return (
        <Stack maw={480} mx="auto" mt="xl">
          <DocumentTitle title="Report not found" />
          <ResultPanel
            tone="warning"
            title="Report not found"
            actions={<ButtonLink to={paths.consoleReports}>Back to reports</ButtonLink>}
          >
            This campaign does not exist, or its report is not one you may read.
          </ResultPanel>
        </Stack>
      );
    }
    return (
      <Stack gap="lg">
        <DocumentTitle title="Report" />
        {report.isError ? (
          <LoadFailure
            title="We could not load this report"
            message={CHECK_CONNECTION}
            onRetry={() => void report.refetch()}
            retrying={report.isFetching}
          />
        ) : (
          <Skeleton role="status" height={480} radius="md" aria-label="Loading the report" />
        )}
      </Stack>
    );
  }

  const data = report.data;
  return (
    <Stack gap="lg">
      <DocumentTitle title={`Report: ${data.campaignName}`} />
      <TextLink to={paths.consoleReports} size="sm" w="fit-content" className={classes.noPrint}>
        <IconArrowLeft size={14} aria-hidden="true" style={{ marginInlineEnd: 4, verticalAlign: -2 }} />
        Reports
      </TextLink>
      <ReportView
        report={data}
        actions={
          mayShare && (
            <Button
              variant="default"
              leftSection={<IconShare size={16} aria-hidden="true" />}
              onClick={() => setSharing(true)}
            >
              Share
            </Button>
          )
        }
        {...(mayForecast
          ? {
              forecast: <ForecastPanel campaignId={campaignId} />,
              tab,
              onTabChange: (next: 'report' | 'forecast') =>
                setSearchParams(next === 'forecast' ? { tab: 'forecast' } : {}, { replace: true }),
            }
          : {})}
      />
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog
            campaignId={campaignId}
            campaignName={data.campaignName}
            onClose={() => setSharing(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
