import { Paper, Stack, Text, ThemeIcon, Group } from '@mantine/core';
import { IconAlertTriangle, IconCalculator, IconCircleCheck } from '@tabler/icons-react';
import { formatMoney, maxPayout, type RewardConfig } from '@platform/shared';
import { useWatch } from 'react-hook-form';
import type { CampaignFormControl } from './campaign-form-values';

export interface PayoutCheck {
  /** What the reward can pay at most, as a sum a marketer can follow; null until the reward is complete. */
  explanation: string | null;
  /** 'fits' or 'exceeds' once there is a budget to compare with. */
  verdict: 'fits' | 'exceeds' | null;
  message: string;
}

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** The rewards' ceiling against the budget: the same sum the server checks (`maxPayout`, rules/rewards). */
export function checkPayout({
  reward,
  currency,
  budget,
  startsAt,
  endsAt,
}: {
  reward: RewardConfig | undefined;
  currency: string | undefined;
  budget: number | undefined;
  startsAt: string | null | undefined;
  endsAt: string | null | undefined;
}): PayoutCheck {
  const ceiling = reward && currency ? maxPayout(reward, currency, startsAt, endsAt) : null;
  if (!ceiling || !currency) {
    return {
      explanation: null,
      verdict: null,
      message:
        reward?.type === 'SPRINT'
          ? 'Enter the prizes, the period and the dates to see the most this campaign can pay.'
          : 'Enter the reward to see the most this campaign can pay.',
    };
  }
  if (!isAmount(budget)) {
    return {
      explanation: ceiling.explanation,
      verdict: null,
      message: 'Enter a budget to see whether it fits.',
    };
  }
  const money = (amount: number) => formatMoney(amount, currency);
  if (ceiling.total <= budget) {
    const left = budget - ceiling.total;
    return {
      explanation: ceiling.explanation,
      verdict: 'fits',
      message:
        left === 0
          ? `Fits the budget of ${money(budget)} exactly.`
          : `Fits the budget of ${money(budget)}, with ${money(left)} to spare.`,
    };
  }
  return {
    explanation: ceiling.explanation,
    verdict: 'exceeds',
    message: `More than the budget of ${money(budget)} by ${money(ceiling.total - budget)}. Raise the budget or lower the rewards.`,
  };
}

const TONES = {
  fits: { color: 'teal', icon: IconCircleCheck },
  exceeds: { color: 'red', icon: IconAlertTriangle },
  none: { color: 'gray', icon: IconCalculator },
} as const;

/** Beside the reward: the most it can pay out, worked out as the marketer types, and whether the budget covers it. */
export function BudgetSimulator({ control }: { control: CampaignFormControl }) {
  const [reward, currency, budget, startsAt, endsAt] = useWatch({
    control,
    name: ['reward', 'currency', 'budget', 'startsAt', 'endsAt'],
  });
  const check = checkPayout({
    reward,
    currency,
    budget,
    startsAt,
    endsAt,
  });
  const tone = TONES[check.verdict ?? 'none'];
  const ToneIcon = tone.icon;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="region"
      aria-label="Budget check"
      style={{ borderColor: check.verdict ? `var(--mantine-color-${tone.color}-5)` : undefined }}
      bg={check.verdict ? `var(--mantine-color-${tone.color}-0)` : undefined}
    >
      <Stack gap="xs" aria-live="polite">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color={tone.color} size="md" radius="xl" aria-hidden="true">
            <ToneIcon size={16} />
          </ThemeIcon>
          <Text fw={600} size="sm">
            Most this campaign can pay
          </Text>
        </Group>
        {check.explanation && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {check.explanation}
          </Text>
        )}
        <Text size="sm" c={check.verdict ? `${tone.color}.8` : 'dimmed'} fw={check.verdict ? 500 : undefined}>
          {check.message}
        </Text>
      </Stack>
    </Paper>
  );
}
