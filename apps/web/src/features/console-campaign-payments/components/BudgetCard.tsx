import { Paper, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatMoney } from '@platform/shared';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { useCampaignBudget } from '../api/campaign-payments';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="lg" fw={700} m={0}>
        {value}
      </Text>
    </div>
  );
}

const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.max(0, Math.round((part / whole) * 100))) : 0;

/** What the campaign may spend on rewards, what they have committed and what is left; the slots too. */
export function BudgetCard({ campaignId }: { campaignId: string }) {
  const budget = useCampaignBudget(campaignId);
  if (budget.isPending)
    return <Skeleton role="status" height={120} radius="md" aria-label="Loading the budget" />;
  if (budget.isError) {
    return (
      <LoadFailure
        title="We could not load the budget"
        message={CHECK_CONNECTION}
        retrying={budget.isFetching}
        onRetry={() => void budget.refetch()}
      />
    );
  }
  const { budgetMinor, committedMinor, approvedMinor, paidMinor, leftMinor, currency, slots } = budget.data;
  const committedShare = percentOf(committedMinor, budgetMinor);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Budget">
      <Stack gap="sm">
        <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: slots ? 6 : 5 }} m={0}>
          <Figure label="Budget" value={formatMoney(budgetMinor, currency)} />
          <Figure label="Committed" value={formatMoney(committedMinor, currency)} />
          <Figure label="Approved, not paid" value={formatMoney(approvedMinor, currency)} />
          <Figure label="Paid" value={formatMoney(paidMinor, currency)} />
          <Figure label="Left" value={formatMoney(leftMinor, currency)} />
          {slots && <Figure label="Slots left" value={`${slots.left} of ${slots.taken + slots.left}`} />}
        </SimpleGrid>
        <Progress.Root aria-label="Budget spent">
          <Progress.Section value={percentOf(paidMinor, budgetMinor)} color="green" aria-label="Paid" />
          <Progress.Section
            value={percentOf(approvedMinor, budgetMinor)}
            color="teal.3"
            aria-label="Approved, not paid"
          />
          <Progress.Section
            value={percentOf(Math.max(committedMinor - approvedMinor - paidMinor, 0), budgetMinor)}
            color="gray.4"
            aria-label="Waiting for approval"
          />
        </Progress.Root>
        <Text size="xs" c="dimmed">
          {committedShare}% of the budget is committed to rewards: {formatMoney(paidMinor, currency)} paid,{' '}
          {formatMoney(approvedMinor, currency)} approved and waiting to be paid, the rest waiting for
          approval
          {slots ? `; ${slots.taken} ${slots.taken === 1 ? 'slot is' : 'slots are'} taken.` : '.'}
        </Text>
      </Stack>
    </Paper>
  );
}
