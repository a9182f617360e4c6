import { Stack } from '@mantine/core';
import { can, type AccountRole, type CampaignDetail } from '@platform/shared';
import { BudgetCard } from './BudgetCard';
import { PaymentsQueue } from './PaymentsQueue';

/**
 * A campaign's money and its payments queue: the budget and what rewards have committed from it, then each
 * payment, approved (issuing its invoice) or rejected with a reason, as the person's role allows; pending
 * payments can also be selected and approved together.
 */
export function CampaignPayments({ campaign, role }: { campaign: CampaignDetail; role: AccountRole }) {
  return (
    <Stack gap="md">
      {can(role, 'READ', 'CAMPAIGN_BUDGET') && <BudgetCard campaignId={campaign.id} />}
      {can(role, 'READ', 'PAYMENT') && <PaymentsQueue campaign={campaign} role={role} />}
    </Stack>
  );
}
