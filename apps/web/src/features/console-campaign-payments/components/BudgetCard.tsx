import { Badge, Box, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { BUDGET_ALERT_THRESHOLDS, formatMoney, type CampaignBudget } from '@platform/shared';
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

const runwayWords = (days: number | null) => {
  if (days === null) return 'Nothing reserved lately';
  const whole = Math.floor(days);
  return `${whole.toLocaleString('en-GB')} ${whole === 1 ? 'day' : 'days'}`;
};

const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** Pay per view: what is left of the budget still buys, at the rate and the caps (`payPerViewReach`). */
function LeftBuys({ reach }: { reach: NonNullable<CampaignBudget['payPerView']>['left'] }) {
  return (
    <Text size="sm">
      {reach
        ? `What is left buys ${counted(reach.viewsBudgetBuys, 'validated view', 'validated views')}, or pays ${counted(reach.creatorsAtCap, 'more creator', 'more creators')} at their cap.`
        : 'Nothing is left to buy views with: top the budget up to pay more.'}
    </Text>
  );
}

/**
 * How fast the budget is being reserved (ADR 038): per day over the last week, the days left at that rate,
 * and the shares of the budget at which its managers were told, marked on the bar.
 */
function BudgetPacing({ budget }: { budget: CampaignBudget }) {
  const { budgetMinor, committedMinor, currency, pacing } = budget;
  const share = percentOf(committedMinor, budgetMinor);
  return (
    <Stack gap={6} component="section" aria-label="Pacing">
      <SimpleGrid component="dl" cols={{ base: 2 }} m={0}>
        <Figure label="Reserved per day" value={formatMoney(pacing.burnPerDayMinor, currency)} />
        <Figure label="Runway" value={runwayWords(pacing.runwayDays)} />
      </SimpleGrid>
      <Box pos="relative">
        <Progress
          value={share}
          color={share >= 95 ? 'red' : share >= 80 ? 'orange' : 'indigo'}
          aria-label="Budget reserved"
        />
        {BUDGET_ALERT_THRESHOLDS.map((threshold) => (
          <Box
            key={threshold}
            aria-hidden="true"
            pos="absolute"
            top={-3}
            h={14}
            w={2}
            bg="gray.7"
            style={{ left: `${threshold}%` }}
          />
        ))}
      </Box>
      {budget.payPerView && <LeftBuys reach={budget.payPerView.left} />}
      <Group gap={6} role="list" aria-label="Budget alerts">
        {BUDGET_ALERT_THRESHOLDS.map((threshold) => {
          const sent = pacing.alertsSent.includes(threshold);
          return (
            <Badge
              key={threshold}
              role="listitem"
              color={sent ? 'orange' : 'gray'}
              variant={sent ? 'light' : 'outline'}
              tt="none"
            >
              {threshold} %: {sent ? 'alert sent' : 'not reached'}
            </Badge>
          );
        })}
      </Group>
    </Stack>
  );
}

/**
 * What the campaign may spend on rewards, the money received for it, what they have committed (reserved) and
 * what is left; the slots too, and how fast it is being reserved.
 */
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
  const { budgetMinor, fundedMinor, committedMinor, approvedMinor, paidMinor, leftMinor, currency, slots } =
    budget.data;
  const committedShare = percentOf(committedMinor, budgetMinor);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Budget">
      <Stack gap="sm">
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4, lg: slots ? 7 : 6 }} m={0}>
          <Figure label="Budget" value={formatMoney(budgetMinor, currency)} />
          <Figure label="Funded" value={formatMoney(fundedMinor, currency)} />
          <Figure label="Reserved" value={formatMoney(committedMinor, currency)} />
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
          {committedShare}% of the budget is reserved by rewards: {formatMoney(paidMinor, currency)} paid,{' '}
          {formatMoney(approvedMinor, currency)} approved and waiting to be paid, the rest waiting for
          approval
          {slots ? `; ${slots.taken} ${slots.taken === 1 ? 'slot is' : 'slots are'} taken.` : '.'}
        </Text>
        <BudgetPacing budget={budget.data} />
      </Stack>
    </Paper>
  );
}
