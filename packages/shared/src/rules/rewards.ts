import { formatMoney } from '../format/money';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How a campaign pays (DESIGN §8). Amounts are integer minor units of the campaign's currency. */
export type RewardConfig =
  | { type: 'FIRST_COME_FIRST_SERVE'; amountPerEntry: number; slots: number }
  | { type: 'TOP_PRIZES'; prizes: readonly number[] }
  | { type: 'SPRINT'; periodDays: number; prizes: readonly number[] };

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
 * Null while the configuration (or, for a sprint, the dates) is not complete enough to tell.
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
  }
}
