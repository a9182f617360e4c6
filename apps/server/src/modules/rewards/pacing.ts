import type { Executor } from '../../db/client';
import type { RewardTerms } from '../campaigns/campaigns.service';
import type { RewardsContext } from './rewards.context';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The burn rate is read over the last week, or since the start when the campaign is younger. */
export const PACING_DAYS = 7;

const utcDay = (at: Date) => Math.floor(at.getTime() / DAY_MS) * DAY_MS;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type Pacing = { burnPerDayMinor: number; runwayDays: number | null };

/**
 * How fast a campaign's rewards reserve its budget (ADR 038): what was reserved over the last 7 UTC days
 * (today included), or since the day it started when that is shorter, at least one day, per day; and the
 * days `leftMinor` lasts at that rate (null while nothing is being reserved).
 */
export async function pacingOf(
  context: RewardsContext,
  campaign: Pick<RewardTerms, 'id' | 'startsAt'>,
  committedMinor: number,
  leftMinor: number,
  executor?: Executor,
): Promise<Pacing> {
  const today = utcDay(context.clock.now());
  const daysSinceStart = Math.floor((today - utcDay(campaign.startsAt)) / DAY_MS) + 1;
  const days = Math.min(Math.max(daysSinceStart, 1), PACING_DAYS);
  const before = isoDate(today - days * DAY_MS);
  const [baseline] = await context.paymentsService.campaignCommittedByDay(
    campaign.id,
    before,
    before,
    executor,
  );
  // Rewards given back (an archived entry, a rejected payment) lower what is reserved, never the burn below 0.
  const reserved = Math.max(committedMinor - (baseline?.committedMinor ?? 0), 0);
  const burnPerDayMinor = Math.floor(reserved / days);
  return {
    burnPerDayMinor,
    runwayDays: burnPerDayMinor > 0 ? Math.round((Math.max(leftMinor, 0) / burnPerDayMinor) * 10) / 10 : null,
  };
}

/** The runway in a manager's words: 'about 3 days left at this rate'. */
export function runwayWords(runwayDays: number | null): string | null {
  if (runwayDays === null) return null;
  if (runwayDays < 1) return 'less than a day left at this rate';
  const days = Math.round(runwayDays);
  return `about ${days} ${days === 1 ? 'day' : 'days'} left at this rate`;
}
