import { Skeleton } from '@mantine/core';
import { campaignStatusAllows, can, type AccountRole, type CampaignDetail } from '@platform/shared';
import { lazy, Suspense } from 'react';
import { CampaignCreators } from '../features/console-invitations/components/CampaignCreators';
import {
  CampaignDetail as CampaignDetailScreen,
  CampaignPanel,
} from '../features/console-campaigns/components/CampaignDetail';
import { CampaignEntries } from '../features/console-entry-review/components/CampaignEntries';
import { useCampaignBudget } from '../features/console-campaign-payments/api/campaign-payments';
import { CampaignPayments } from '../features/console-campaign-payments/components/CampaignPayments';
import { FundingPanel } from '../features/console-campaign-funding/components/FundingPanel';

// The board and the import load after the page, and only for a campaign that can have entries.
const CampaignLeaderboard = lazy(
  () => import('../features/console-leaderboard/components/CampaignLeaderboard'),
);
const MetricsImport = lazy(() => import('../features/console-figures/components/MetricsImport'));

const sectionLoading = (label: string) => (
  <Skeleton role="status" height={120} radius="md" aria-label={label} />
);

interface CampaignSectionsProps {
  campaign: CampaignDetail;
  role: AccountRole;
}

/** The funding panel, with the budget the payments' card reads too (one request, shared by both). */
function CampaignFunding({ campaign, role }: CampaignSectionsProps) {
  const budget = useCampaignBudget(campaign.id);
  return (
    <FundingPanel
      campaign={campaign}
      role={role}
      budget={budget.data}
      onFunded={() => void budget.refetch()}
    />
  );
}

/** What the console's other parts show of one campaign, each to the roles that may read it. */
function CampaignSections({ campaign, role }: CampaignSectionsProps) {
  const showsFigures = campaignStatusAllows(campaign.status, 'showsFigures');
  return (
    <>
      {can(role, 'READ', 'CAMPAIGN_SUBMISSION') && (
        <CampaignPanel title="Entries">
          <CampaignEntries campaign={campaign} role={role} />
        </CampaignPanel>
      )}

      {showsFigures && can(role, 'READ', 'CAMPAIGN') && (
        <CampaignPanel title="Leaderboard">
          <Suspense fallback={sectionLoading('Loading the leaderboard')}>
            <CampaignLeaderboard campaign={campaign} role={role} />
          </Suspense>
        </CampaignPanel>
      )}

      {showsFigures && can(role, 'EDIT', 'CAMPAIGN') && (
        <CampaignPanel title="Import figures">
          <Suspense fallback={sectionLoading('Loading the import')}>
            <MetricsImport campaign={campaign} />
          </Suspense>
        </CampaignPanel>
      )}

      {can(role, 'READ', 'CAMPAIGN_BUDGET') && (
        <CampaignPanel title="Funding">
          <CampaignFunding campaign={campaign} role={role} />
        </CampaignPanel>
      )}

      {(can(role, 'READ', 'PAYMENT') || can(role, 'READ', 'CAMPAIGN_BUDGET')) && (
        <CampaignPanel title="Payments">
          <CampaignPayments campaign={campaign} role={role} />
        </CampaignPanel>
      )}

      {can(role, 'READ', 'CAMPAIGN_CREATOR') && (
        <CampaignPanel title="Creators">
          <CampaignCreators campaign={campaign} role={role} />
        </CampaignPanel>
      )}
    </>
  );
}

/** One campaign's console page: its authoring screen, with its entries, figures, payments and creators. */
export function ConsoleCampaignPage({ id, role }: { id: string; role: AccountRole }) {
  return (
    <CampaignDetailScreen
      id={id}
      role={role}
      sections={(campaign) => <CampaignSections campaign={campaign} role={role} />}
    />
  );
}
