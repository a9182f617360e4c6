import { formatMoney } from '../format/money';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How a campaign pays (DESIGN §8). Amounts are integer minor units of the campaign's currency. */
export type RewardConfig =
  | { type: 'FIRST_COME_FIRST_SERVE'; amountPerEntry: number; slots: number }
  | { type: 'TOP_PRIZES'; prizes: readonly number[] }
  | { type: 'SPRINT'; periodDays: number; prizes: readonly number[] }
  | {
      type: 'PAY_PER_VIEW';
      /** Paid for each 1,000 validated views, in minor units. */
      ratePerThousand: number;
      /** An entry earns nothing until its validated views reach this. */
      minimumViews: number;
      /** The most one entry earns. */
      capPerEntry: number;
      /** The most one creator earns from the campaign, over all their entries. */
      capPerCreator: number;
    };

export type PayPerViewReward = Extract<RewardConfig, { type: 'PAY_PER_VIEW' }>;

/** A sprint's periods: the campaign cut from its start into `periodDays`, the last one possibly shorter. */
export function sprintPeriods(
  startsAt: Date | string,
  endsAt: Date | string,
  periodDays: number,
): { index: number; startsAt: Date; endsAt: Date }[] {
  const start = new Date(startsAt).getTime();
  const end = new Date(endsAt).getTime();
  const length = periodDays * DAY_MS;
  if (!(end > start) || !(length > 0)) return [];
  const periods = [];
  for (let from = start, index = 0; from < end; from += length, index += 1) {
    periods.push({ index, startsAt: new Date(from), endsAt: new Date(Math.min(from + length, end)) });
  }
  return periods;
}

const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0);

/** The most a campaign can pay, and how that is made up, in words a marketer reads beside the budget. */
export type PayoutCeiling = { total: number; explanation: string };

/**
 * The most the reward can ever pay out: every slot filled, every prize won, every sprint period settled.
 * Null while the configuration (or, for a sprint, the dates) is not complete enough to tell, and for
 * PAY_PER_VIEW, whose ceiling is the budget itself (`payPerViewReach` says what it buys).
 */
export function maxPayout(
  reward: RewardConfig,
  currency: string,
  startsAt?: Date | string | null,
  endsAt?: Date | string | null,
): PayoutCeiling | null {
  const money = (amount: number) => formatMoney(amount, currency);
  switch (reward.type) {
    case 'FIRST_COME_FIRST_SERVE': {
      const { amountPerEntry, slots } = reward;
      if (!(amountPerEntry > 0) || !(slots > 0)) return null;
      const total = amountPerEntry * slots;
      const slotWord = slots === 1 ? 'slot' : 'slots';
      return { total, explanation: `${slots} ${slotWord} × ${money(amountPerEntry)} = ${money(total)}` };
    }
    case 'TOP_PRIZES': {
      if (reward.prizes.length === 0 || reward.prizes.some((prize) => !(prize > 0))) return null;
      const total = sum(reward.prizes);
      const places = reward.prizes.length === 1 ? 'the winner' : `the top ${reward.prizes.length}`;
      return {
        total,
        explanation: `${reward.prizes.map(money).join(' + ')} = ${money(total)} to ${places}`,
      };
    }
    case 'SPRINT': {
      if (!startsAt || !endsAt) return null;
      if (reward.prizes.length === 0 || reward.prizes.some((prize) => !(prize > 0))) return null;
      const periods = sprintPeriods(startsAt, endsAt, reward.periodDays).length;
      if (periods === 0) return null;
      const perPeriod = sum(reward.prizes);
      const total = perPeriod * periods;
      const periodWord = periods === 1 ? 'period' : 'periods';
      return {
        total,
        explanation: `${periods} ${periodWord} × ${money(perPeriod)} (${reward.prizes.map(money).join(' + ')}) = ${money(total)}`,
      };
    }
    case 'PAY_PER_VIEW':
      return null;
  }
}

/**
 * What an entry earns on `views` validated views (ADR 038): nothing under the minimum; from it, the rate for
 * every 1,000 views (rounded down to the minor unit), up to the entry's cap. The creator's cap and the
 * budget are applied when the earning is reserved.
 */
export function payPerViewEarning(reward: PayPerViewReward, views: number): number {
  if (!(views >= reward.minimumViews) || !(views > 0) || !(reward.ratePerThousand > 0)) return 0;
  const earned = (BigInt(Math.floor(views)) * BigInt(reward.ratePerThousand)) / 1000n;
  return Number(earned < BigInt(reward.capPerEntry) ? earned : BigInt(reward.capPerEntry));
}

/** What a pay-per-view budget buys, for the campaign form's simulator and the campaign's rules. */
export type PayPerViewReach = {
  /** Validated views the whole budget pays for at the rate. */
  viewsBudgetBuys: number;
  /** Views one entry needs to reach its cap (never fewer than the minimum). */
  viewsToEntryCap: number;
  /** Creators the budget pays in full at their cap. */
  creatorsAtCap: number;
  /** Entries the budget pays in full at their cap. */
  entriesAtCap: number;
};

/** Null until the rate, the caps and the budget are all above zero. */
export function payPerViewReach(reward: PayPerViewReward, budget: number): PayPerViewReach | null {
  const { ratePerThousand, capPerEntry, capPerCreator, minimumViews } = reward;
  if (![ratePerThousand, capPerEntry, capPerCreator, budget].every((value) => value > 0)) return null;
  return {
    viewsBudgetBuys: Number((BigInt(budget) * 1000n) / BigInt(ratePerThousand)),
    viewsToEntryCap: Math.max(
      Number((BigInt(capPerEntry) * 1000n + BigInt(ratePerThousand) - 1n) / BigInt(ratePerThousand)),
      minimumViews,
    ),
    creatorsAtCap: Math.floor(budget / capPerCreator),
    entriesAtCap: Math.floor(budget / capPerEntry),
  };
}
