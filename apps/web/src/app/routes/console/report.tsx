import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { StaffRole } from '../../StaffRole';

// The report's code (its tables, the chart's card, the forecast) loads while the profile is read.
const CampaignReportScreen = lazy(() =>
  import('../../../features/console-reports/components/CampaignReportScreen').then((module) => ({
    default: module.CampaignReportScreen,
  })),
);

const loading = <Skeleton role="status" height={480} radius="md" aria-label="Loading the report" />;

/** `/console/reports/:campaignId`. */
export function Component() {
  const { campaignId = '' } = useParams();
  return (
    <StaffRole loadingLabel="Loading the report">
      {(role) => (
        <Suspense fallback={loading}>
          <CampaignReportScreen key={campaignId} campaignId={campaignId} role={role} />
        </Suspense>
      )}
    </StaffRole>
  );
}
