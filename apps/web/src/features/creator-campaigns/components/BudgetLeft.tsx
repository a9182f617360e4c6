import { Progress, Stack, Text } from '@mantine/core';
import type { CreatorCampaignCard } from '@platform/shared';
import { budgetLeftOf } from '../utils/pay-per-view-terms';

/**
 * What is left of the campaign's budget to win, in words and as a bar: creators weigh it before spending
 * a day on a clip (ADR 038). The bar is named, its share read out by its value; the words say the sums.
 */
export function BudgetLeft({
  campaign,
  size = 'xs',
}: {
  campaign: Pick<CreatorCampaignCard, 'budgetLeft' | 'maxPayout'>;
  size?: 'xs' | 'sm';
}) {
  const left = budgetLeftOf(campaign);
  return (
    <Stack gap={4}>
      <Text size={size} c={left.spent ? undefined : 'dimmed'} fw={left.spent ? 600 : undefined}>
        {left.spent ? `Budget spent: ${left.text}` : `Budget: ${left.text}`}
      </Text>
      <Progress
        value={left.percent}
        size="sm"
        radius="xl"
        color={left.percent <= 20 ? 'orange' : 'teal'}
        aria-label="Budget left"
      />
    </Stack>
  );
}
