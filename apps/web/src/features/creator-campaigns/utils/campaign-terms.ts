import {
  abbreviateNumber,
  formatDateTime,
  formatMoney,
  formatRemaining,
  ordinal,
  PLATFORM_LABELS,
  sprintPeriods,
  VALIDATION_AFTER_END_HOURS,
  type CampaignRequirements,
  type CampaignType,
  type CreatorCampaignCard,
  type CreatorCampaignDetail,
} from '@platform/shared';
import { payPerViewDetails } from './pay-per-view-terms';

// What a creator reads before joining, in their words: what is paid, for what, and until when (DESIGN §8).

/** How leaderboards rank entries until a campaign names another measure (DESIGN §8). */
const RANKING = 'ranked by views, ties going to the earlier entry';

export type Prize = { place: string; amount: string };

export type RewardTerms = {
  /** The reward in one line: what a creator can win or earn. */
  headline: string;
  /** The prize table by place, for the rewards that have one. */
  prizes: Prize[];
  /** How it is decided and when it is paid. */
  details: string[];
};

export function rewardTerms(
  campaign: Pick<
    CreatorCampaignDetail,
    'reward' | 'currency' | 'startsAt' | 'endsAt' | 'maxPayout' | 'validation'
  >,
): RewardTerms {
  const { reward, currency, startsAt, endsAt } = campaign;
  const money = (amount: number) => formatMoney(amount, currency);
  const ends = formatDateTime(endsAt, 'long');
  const total = `Up to ${money(campaign.maxPayout.amount)} is paid out in all.`;
  const prizeTable = (prizes: readonly number[]) =>
    prizes.map((amount, index) => ({ place: `${ordinal(index + 1)} place`, amount: money(amount) }));
  switch (reward.type) {
    case 'FIRST_COME_FIRST_SERVE': {
      const paid =
        reward.slots === 1
          ? 'Only the first approved entry is paid'
          : `The first ${abbreviateNumber(reward.slots)} approved entries are paid`;
      return {
        headline: `${money(reward.amountPerEntry)} for each approved entry`,
        prizes: [],
        details: [
          `${paid}; a rejected entry frees its place for someone else.`,
          `Entries count until ${ends}.`,
          total,
        ],
      };
    }
    case 'TOP_PRIZES': {
      const winners =
        reward.prizes.length === 1 ? 'the best entry' : `the top ${reward.prizes.length} entries`;
      return {
        headline: `Prizes for ${winners}`,
        prizes: prizeTable(reward.prizes),
        details: [
          `Approved entries are ${RANKING}. The leaderboard closes when the campaign ends, ${ends}.`,
          total,
        ],
      };
    }
    case 'SPRINT': {
      const periods = sprintPeriods(startsAt, endsAt, reward.periodDays).length;
      const length = `${reward.periodDays} ${reward.periodDays === 1 ? 'day' : 'days'}`;
      return {
        headline: `Prizes every ${reward.periodDays === 1 ? 'day' : length}`,
        prizes: prizeTable(reward.prizes),
        details: [
          `The campaign runs in ${periods} ${periods === 1 ? 'period' : 'periods'} of ${length}, each with its own leaderboard and these prizes.`,
          `Approved entries are ${RANKING}; each period's winners are settled when it closes, the last one ${ends}.`,
          total,
        ],
      };
    }
    case 'PAY_PER_VIEW':
      return {
        headline: `${money(reward.ratePerThousand)} for every 1,000 validated views`,
        prizes: [],
        // A pay-per-view campaign's most is its budget.
        details: payPerViewDetails(reward, {
          currency,
          budget: campaign.maxPayout.amount,
          validation: campaign.validation,
        }),
      };
  }
}

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/**
 * How an entry's views are validated before anything rests on them (ADR 037), in one short paragraph:
 * how long they count, when they stop being provisional, when an entry nobody reviewed is approved, and
 * how long after payment a post taken down loses its pay.
 */
export function validationTerms({ validation }: Pick<CreatorCampaignDetail, 'validation'>): string {
  const sentences = [
    `Views count for ${days(validation.lockDays)} after you enter, until the campaign ends.`,
    `Figures are provisional until then, and validated at most ${VALIDATION_AFTER_END_HOURS} hours after the end.`,
    `Entries not reviewed within ${days(validation.reviewDeadlineDays)} are approved automatically.`,
  ];
  if (validation.retentionDays > 0) {
    sentences.push(
      `If a paid post is taken down or made private within ${days(validation.retentionDays)} of payment, its pay is taken back.`,
    );
  }
  return sentences.join(' ');
}

/** Who can take part (DESIGN §7). */
export const TAKING_PART: Readonly<Record<CampaignType, string>> = {
  CHALLENGE: 'Open challenge',
  BESPOKE: 'By invitation',
};

export type CampaignTiming = {
  /** The campaign's state in a word. */
  label: string;
  color: string;
  /** When it starts, how long is left, or when it ended. */
  when: string;
};

/** Where a campaign stands in time, as of `now` (remaining time as SPEC §9 writes it). */
export function campaignTiming(
  campaign: Pick<CreatorCampaignCard, 'status' | 'startsAt' | 'endsAt'>,
  now: Date = new Date(),
): CampaignTiming {
  switch (campaign.status) {
    case 'LIVE':
      return { label: 'Live', color: 'teal', when: formatRemaining(campaign.endsAt, now) };
    // Paused, it still ends on its date (ADR 038).
    case 'PAUSED':
      return { label: 'Paused', color: 'orange', when: formatRemaining(campaign.endsAt, now) };
    case 'PUBLISHED':
      return {
        label: 'Upcoming',
        color: 'blue',
        when: `Starts ${formatDateTime(campaign.startsAt, 'long')}`,
      };
    case 'ENDED':
      return { label: 'Ended', color: 'gray', when: `Ended ${formatDateTime(campaign.endsAt, 'long')}` };
  }
}

/** An entry count for a card: '1 entry', '12 entries', '1.5k entries'. */
export const entriesCount = (count: number) =>
  count === 1 ? '1 entry' : `${abbreviateNumber(count)} entries`;

/** What an entry must be to count, one rule a line. */
export function entryRules(
  campaign: Pick<CreatorCampaignDetail, 'platform' | 'startsAt' | 'endsAt'> & {
    requirements: CampaignRequirements;
  },
): string[] {
  const { hashtags, mentions, minimumLengthSeconds } = campaign.requirements;
  const rules = [
    `A post on ${PLATFORM_LABELS[campaign.platform]}, made between ${formatDateTime(campaign.startsAt, 'long')} and ${formatDateTime(campaign.endsAt, 'long')}.`,
  ];
  if (hashtags.length > 0) rules.push(`Uses ${listOf(hashtags)} in its caption.`);
  if (mentions.length > 0) rules.push(`Mentions ${listOf(mentions)}.`);
  if (minimumLengthSeconds !== null) {
    rules.push(`At least ${minimumLengthSeconds} ${minimumLengthSeconds === 1 ? 'second' : 'seconds'} long.`);
  }
  return rules;
}

/** 'a', 'a and b', 'a, b and c'. */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
