import {
  entryFigureLock,
  LEADERBOARD_METRIC,
  METRICS_MESSAGES,
  sprintPeriods,
  type Leaderboard,
  type LeaderboardPlace,
  type LeaderboardQuery,
} from '@platform/shared';
import { errors } from '../../errors';
import type { CampaignFacts } from '../campaigns/campaigns.service';
import type { NamedBoardRow } from './board-cache';
import type { MetricsContext } from './metrics.context';
import { figuresOf } from './readings';

type Viewer = { kind: 'staff' } | { kind: 'creator'; creatorId: string };
type Period = { number: number; count: number; startsAt: Date; endsAt: Date };

/**
 * Other creators read a leaderboard too: they see a first name and an initial, as a public board shows
 * people, not the full name the creator gave for their invoices.
 */
export function publicName(name: string | null): string | null {
  const words = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  const [first] = words;
  if (!first) return null;
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/** A sprint's period to show when none is asked for: the one under way, the first before, the last after. */
function currentPeriod(periods: readonly { startsAt: Date; endsAt: Date }[], now: Date): number {
  const index = periods.findIndex((period) => now < period.endsAt);
  return index === -1 ? periods.length : index + 1;
}

/** The sprint period a board shows (the one asked for, else the current one), or null for one board. */
function periodOf(campaign: CampaignFacts, query: LeaderboardQuery, now: Date): Period | null {
  const periods =
    campaign.reward.type === 'SPRINT'
      ? sprintPeriods(campaign.startsAt, campaign.endsAt, campaign.reward.periodDays)
      : [];
  if (periods.length === 0) {
    if (query.period !== undefined) {
      throw errors.validation([{ field: 'period', message: METRICS_MESSAGES.notSprint }]);
    }
    return null;
  }
  const number = query.period ?? currentPeriod(periods, now);
  const chosen = periods[number - 1];
  if (!chosen) {
    throw errors.validation([{ field: 'period', message: METRICS_MESSAGES.periodUnknown(periods.length) }]);
  }
  return { number, count: periods.length, startsAt: chosen.startsAt, endsAt: chosen.endsAt };
}

const toPlace =
  (viewer: Viewer, lock: (submittedAt: Date) => Date, now: Date) =>
  (row: NamedBoardRow): LeaderboardPlace => {
    const validatedAt = lock(row.submittedAt);
    return {
      rank: row.rank,
      entryId: row.entryId,
      creator: {
        id: row.creator.id,
        name: viewer.kind === 'creator' ? publicName(row.creator.name) : row.creator.name,
        handle: row.creator.handle,
      },
      postLink: row.postLink,
      submittedAt: row.submittedAt.toISOString(),
      ...figuresOf(row),
      source: row.source,
      readAt: row.readAt?.toISOString() ?? null,
      figureState: now >= validatedAt ? 'VALIDATED' : 'PROVISIONAL',
      validatedAt: validatedAt.toISOString(),
    };
  };

/** A campaign's board: its period for a sprint, closed at the campaign's (or period's) end. */
export async function leaderboardOf(
  context: MetricsContext,
  campaign: CampaignFacts,
  query: LeaderboardQuery,
  viewer: Viewer,
): Promise<Leaderboard> {
  const now = context.clock.now();
  const period = periodOf(campaign, query, now);
  const closesAt = period?.endsAt ?? campaign.endsAt;
  const key = {
    campaignId: campaign.id,
    board: period?.number ?? 0,
    closesAt,
    lockDays: campaign.validation.lockDays,
  };
  const board = await context.boards.boardFor(
    key,
    campaign,
    viewer.kind === 'creator' ? viewer.creatorId : undefined,
  );
  const lock = (submittedAt: Date) => entryFigureLock(submittedAt, closesAt, campaign.validation).validatedAt;
  const place = toPlace(viewer, lock, now);
  return {
    campaignId: campaign.id,
    campaignStatus: campaign.status,
    metric: LEADERBOARD_METRIC,
    period: period
      ? {
          number: period.number,
          count: period.count,
          startsAt: period.startsAt.toISOString(),
          endsAt: period.endsAt.toISOString(),
        }
      : null,
    closesAt: closesAt.toISOString(),
    frozen: now >= closesAt,
    final: now >= closesAt && (board.validatedBy === null || now >= board.validatedBy),
    asOf: board.asOf?.toISOString() ?? null,
    totalEntries: board.total,
    places: board.top.map(place),
    mine: board.mine.map(place),
  };
}
