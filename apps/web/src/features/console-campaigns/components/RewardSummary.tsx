import { List, Stack, Text } from '@mantine/core';
import {
  formatMoney,
  maxPayout,
  ordinal,
  payPerViewReach,
  sprintPeriods,
  type CampaignDetail,
  type PayPerViewReward,
} from '@platform/shared';
import { REWARD_DESCRIPTIONS, REWARD_LABELS } from './campaign-labels';

function PrizeList({ prizes, currency }: { prizes: readonly number[]; currency: string }) {
  return (
    <List size="sm" spacing={2} aria-label="Prizes by place">
      {prizes.map((prize, index) => (
        <List.Item key={index}>
          {ordinal(index + 1)} place: {formatMoney(prize, currency)}
        </List.Item>
      ))}
    </List>
  );
}

/** A pay-per-view reward's terms, and what its budget buys. */
function PayPerViewSummary({
  reward,
  currency,
  budget,
}: {
  reward: PayPerViewReward;
  currency: string;
  budget: number;
}) {
  const money = (amount: number) => formatMoney(amount, currency);
  const reach = payPerViewReach(reward, budget);
  const views = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'view' : 'views'}`;
  return (
    <>
      <List size="sm" spacing={2} aria-label="Pay per view terms">
        <List.Item>{money(reward.ratePerThousand)} per 1,000 validated views</List.Item>
        <List.Item>
          {reward.minimumViews > 0
            ? `Nothing until an entry reaches ${views(reward.minimumViews)}`
            : 'No minimum of views'}
        </List.Item>
        <List.Item>Up to {money(reward.capPerEntry)} per entry</List.Item>
        <List.Item>Up to {money(reward.capPerCreator)} per creator</List.Item>
      </List>
      {reach && (
        <Text size="sm">
          The budget of {money(budget)} buys {reach.viewsBudgetBuys.toLocaleString('en-GB')} validated views;
          an entry reaches its cap at {views(reach.viewsToEntryCap)}, and it pays {reach.creatorsAtCap}{' '}
          {reach.creatorsAtCap === 1 ? 'creator' : 'creators'} at their cap.
        </Text>
      )}
    </>
  );
}

/** How a campaign pays, read-only: the reward, its configuration and the most it can pay. */
export function RewardSummary({ campaign }: { campaign: CampaignDetail }) {
  const { reward, currency, budget, startsAt, endsAt } = campaign;
  const money = (amount: number) => formatMoney(amount, currency);
  const ceiling = maxPayout(reward, currency, startsAt, endsAt);
  return (
    <Stack gap="sm">
      <div>
        <Text fw={600}>{REWARD_LABELS[reward.type]}</Text>
        <Text size="sm" c="dimmed">
          {REWARD_DESCRIPTIONS[reward.type]}
        </Text>
      </div>
      {reward.type === 'FIRST_COME_FIRST_SERVE' && (
        <Text size="sm">
          {money(reward.amountPerEntry)} per approved entry, for {reward.slots}{' '}
          {reward.slots === 1 ? 'slot' : 'slots'}.
        </Text>
      )}
      {reward.type === 'TOP_PRIZES' && <PrizeList prizes={reward.prizes} currency={currency} />}
      {reward.type === 'SPRINT' && (
        <>
          <Text size="sm">
            Periods of {reward.periodDays} {reward.periodDays === 1 ? 'day' : 'days'}:{' '}
            {sprintPeriods(startsAt, endsAt, reward.periodDays).length} in all. Each period pays:
          </Text>
          <PrizeList prizes={reward.prizes} currency={currency} />
        </>
      )}
      {reward.type === 'PAY_PER_VIEW' && (
        <PayPerViewSummary reward={reward} currency={currency} budget={budget} />
      )}
      {ceiling && (
        <Text size="sm">
          <Text span fw={500}>
            Most it can pay:{' '}
          </Text>
          {ceiling.explanation}, within the budget of {money(budget)}.
        </Text>
      )}
    </Stack>
  );
}
