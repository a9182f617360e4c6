import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconClockHour4, IconCreditCard } from '@tabler/icons-react';
import {
  can,
  formatMoney,
  fundingStateOf,
  grantScope,
  type AccountRole,
  type CampaignBudget,
  type CampaignDetail,
  type CampaignFunding,
} from '@platform/shared';
import { lazy, Suspense, useState } from 'react';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { useCampaignFundings } from '../api/get-campaign-fundings';
import { useRecordTransfer } from '../api/record-transfer';
import { useTopUpCampaign } from '../api/top-up-campaign';
import { FundingList } from './FundingList';
import { FUNDING_STATE_COLORS, FUNDING_STATE_LABELS } from './funding-words';

// The dialogs' forms (with their zod code) load only when one is opened.
const RecordTransferDialog = lazy(() =>
  import('./RecordTransferDialog').then((module) => ({ default: module.RecordTransferDialog })),
);
const TopUpDialog = lazy(() => import('./TopUpDialog').then((module) => ({ default: module.TopUpDialog })));

export const WAITING_FOR_FUNDING = 'Waiting for funding: it goes live once its budget is funded.';

export interface FundingPanelProps {
  campaign: Pick<CampaignDetail, 'id' | 'name' | 'currency' | 'budget' | 'status' | 'archived'>;
  role: AccountRole;
  /** The campaign's budget from the ledger, once read: its funding state and what is received. */
  budget: CampaignBudget | undefined;
  /** Money was recorded: the page reads the budget again. */
  onFunded: () => void;
}

const receivedOf = (items: readonly CampaignFunding[]) =>
  items.filter((item) => item.status === 'SUCCEEDED').reduce((sum, item) => sum + item.amountMinor, 0);

/**
 * Where the campaign's budget stands against the money received for it (ADR 038): its state, the money
 * recorded, and the ways to add to it that the person's grants and the platform's set-up allow.
 */
export function FundingPanel({ campaign, role, budget, onFunded }: FundingPanelProps) {
  const fundings = useCampaignFundings(campaign.id);
  const recordTransfer = useRecordTransfer(campaign.id, onFunded);
  const topUp = useTopUpCampaign(campaign.id, onFunded);
  const [open, setOpen] = useState<'transfer' | 'top-up' | null>(null);

  if (fundings.isPending) {
    return <Skeleton role="status" height={120} radius="md" aria-label="Loading the fundings" />;
  }
  if (fundings.isError) {
    return (
      <LoadFailure
        title="We could not load the fundings"
        message={CHECK_CONNECTION}
        retrying={fundings.isFetching}
        onRetry={() => void fundings.refetch()}
      />
    );
  }

  const { items, providerTopUps } = fundings.data;
  const money = (amount: number) => formatMoney(amount, campaign.currency);
  const budgetMinor = budget?.budgetMinor ?? campaign.budget;
  const received = budget?.fundedMinor ?? receivedOf(items);
  const state = budget?.fundingState ?? fundingStateOf(budgetMinor, received);
  const fundable = !campaign.archived && campaign.status !== 'ENDED';
  const mayRecord = fundable && grantScope(role, 'EDIT', 'CAMPAIGN_BUDGET') === 'all';
  const mayTopUp = fundable && providerTopUps && can(role, 'EDIT', 'CAMPAIGN_BUDGET');

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <div role="group" aria-label="Funding state">
            <Badge color={FUNDING_STATE_COLORS[state]} variant="light" size="lg" miw="max-content">
              {FUNDING_STATE_LABELS[state]}
            </Badge>
          </div>
          <Text size="sm">
            {money(received)} received of the budget of {money(budgetMinor)}
            {budget && budget.pendingFundingMinor > 0
              ? `; ${money(budget.pendingFundingMinor)} still clearing.`
              : '.'}
          </Text>
        </Stack>
        <Group gap="sm">
          {mayRecord && (
            <Button
              variant="light"
              leftSection={<IconBuildingBank size={16} aria-hidden="true" />}
              loading={recordTransfer.isPending}
              onClick={() => setOpen('transfer')}
            >
              Record a transfer
            </Button>
          )}
          {mayTopUp && (
            <Button
              leftSection={<IconCreditCard size={16} aria-hidden="true" />}
              loading={topUp.isPending}
              onClick={() => setOpen('top-up')}
            >
              Top up
            </Button>
          )}
        </Group>
      </Group>
      {campaign.status === 'PUBLISHED' && state !== 'FUNDED' && (
        <Alert color="yellow" variant="light" icon={<IconClockHour4 aria-hidden="true" />}>
          {WAITING_FOR_FUNDING}
        </Alert>
      )}
      <FundingList items={items} />
      <Suspense fallback={null}>
        {open === 'transfer' && (
          <RecordTransferDialog
            campaignName={campaign.name}
            currency={campaign.currency}
            onRecord={async (body) => {
              await recordTransfer.mutateAsync(body);
              showSuccessToast(
                `${money(body.amountMinor)} recorded for “${campaign.name}”.`,
                'Transfer recorded',
              );
              setOpen(null);
            }}
            onClose={() => setOpen(null)}
          />
        )}
        {open === 'top-up' && (
          <TopUpDialog
            campaignName={campaign.name}
            currency={campaign.currency}
            onTopUp={async (body) => {
              const funding = await topUp.mutateAsync(body);
              showSuccessToast(
                funding.status === 'SUCCEEDED'
                  ? `${money(body.amountMinor)} added to the budget of “${campaign.name}”.`
                  : `${money(body.amountMinor)} is clearing; the budget counts it once it has.`,
                'Top-up taken',
              );
              setOpen(null);
            }}
            onClose={() => setOpen(null)}
          />
        )}
      </Suspense>
    </Stack>
  );
}
