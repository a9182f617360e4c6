import { Paper, Stack, Text, ThemeIcon, Group } from '@mantine/core';
import { IconAlertTriangle, IconCalculator, IconCircleCheck } from '@tabler/icons-react';
import {
  formatMoney,
  maxPayout,
  payPerViewReach,
  type PayPerViewReward,
  type RewardConfig,
} from '@platform/shared';
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

const count = (value: number, one: string, many: string) =>
  `${value.toLocaleString('en-GB')} ${value === 1 ? one : many}`;

/** Whole positive minor units: anything else is still being typed, and the schema says so under its field. */
const isMinor = (value: unknown): value is number => isAmount(value) && Number.isInteger(value);

export interface PayPerViewCheck {
  /** What the budget buys, one sentence each; empty until the rate, the caps and the budget are in. */
  figures: string[];
  /** 'fits' once the figures are known, 'exceeds' when a cap is above what holds it. */
  verdict: 'fits' | 'exceeds' | null;
  message: string;
}

/** What a pay-per-view budget buys at the rate and caps typed (`payPerViewReach`, rules/rewards). */
export function checkPayPerView({
  reward,
  currency,
  budget,
}: {
  reward: PayPerViewReward;
  currency: string | undefined;
  budget: number | undefined;
}): PayPerViewCheck {
  const { ratePerThousand, capPerEntry, capPerCreator, minimumViews } = reward;
  if (!currency || ![ratePerThousand, capPerEntry, capPerCreator].every(isMinor)) {
    return {
      figures: [],
      verdict: null,
      message: 'Enter the rate and the caps to see what the budget buys.',
    };
  }
  if (!isMinor(budget)) {
    return { figures: [], verdict: null, message: 'Enter a budget to see what it buys.' };
  }
  const minimum = Number.isInteger(minimumViews) && minimumViews >= 0 ? minimumViews : 0;
  const reach = payPerViewReach({ ...reward, minimumViews: minimum }, budget);
  if (!reach) return { figures: [], verdict: null, message: 'Enter a budget to see what it buys.' };
  const money = (amount: number) => formatMoney(amount, currency);
  const figures = [
    `The budget of ${money(budget)} buys ${count(reach.viewsBudgetBuys, 'validated view', 'validated views')} at ${money(ratePerThousand)} per 1,000.`,
    `An entry reaches its cap of ${money(capPerEntry)} at ${count(reach.viewsToEntryCap, 'view', 'views')}.`,
    `It pays ${count(reach.creatorsAtCap, 'creator', 'creators')} at their cap of ${money(capPerCreator)}, or ${count(reach.entriesAtCap, 'entry', 'entries')} at theirs.`,
  ];
  if (capPerEntry > capPerCreator || capPerCreator > budget) {
    return {
      figures,
      verdict: 'exceeds',
      message:
        capPerEntry > capPerCreator
          ? 'An entry’s cap is above a creator’s: lower it to the creator’s cap or less.'
          : 'A creator’s cap is above the budget: lower it or raise the budget.',
    };
  }
  return {
    figures,
    verdict: 'fits',
    message: 'Entries are paid in the order their views are validated, until the budget is spent.',
  };
}

/** What the panel says for the reward being typed, whatever its type. */
function simulate(values: Parameters<typeof checkPayout>[0]) {
  const { reward, currency, budget } = values;
  if (reward?.type === 'PAY_PER_VIEW') {
    const check = checkPayPerView({ reward, currency, budget });
    return { title: 'What the budget buys', lines: check.figures, ...check };
  }
  const check = checkPayout(values);
  return {
    title: 'Most this campaign can pay',
    lines: check.explanation ? [check.explanation] : [],
    ...check,
  };
}

const TONES = {
  fits: { color: 'teal', icon: IconCircleCheck },
  exceeds: { color: 'red', icon: IconAlertTriangle },
  none: { color: 'gray', icon: IconCalculator },
} as const;

/**
 * Beside the reward, worked out as the marketer types: the most it can pay out and whether the budget
 * covers it, or, paying per view, what the budget buys.
 */
export function BudgetSimulator({ control }: { control: CampaignFormControl }) {
  const [reward, currency, budget, startsAt, endsAt] = useWatch({
    control,
    name: ['reward', 'currency', 'budget', 'startsAt', 'endsAt'],
  });
  const check = simulate({ reward, currency, budget, startsAt, endsAt });
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
            {check.title}
          </Text>
        </Group>
        {check.lines.map((line) => (
          <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {line}
          </Text>
        ))}
        <Text size="sm" c={check.verdict ? `${tone.color}.8` : 'dimmed'} fw={check.verdict ? 500 : undefined}>
          {check.message}
        </Text>
      </Stack>
    </Paper>
  );
}
