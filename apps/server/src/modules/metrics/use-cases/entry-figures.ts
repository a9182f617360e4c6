import { entryFigureLock, type FigureState } from '@platform/shared';
import type { CampaignFacts } from '../../campaigns/campaigns.service';
import type { MetricsContext } from '../metrics.context';
import type { ReadingRow } from '../metrics.repository';
import { validationRepository as repository, type ExclusionRow } from '../validation.repository';

/** An entry's payable figure (ADR 037): views after exclusions, and whether it is validated yet. */
export type EntryFigure = {
  views: number | null;
  likes: number | null;
  comments: number | null;
  state: FigureState;
  /** Readings after this do not count. */
  countsUntil: Date;
  validatedAt: Date;
  excludedViews: number;
};

function figureOf(
  readings: readonly ReadingRow[],
  exclusions: readonly ExclusionRow[],
  lock: { countsUntil: Date; validatedAt: Date },
  now: Date,
): EntryFigure {
  const counted = readings.filter((reading) => reading.readAt <= lock.countsUntil);
  const latest = counted[counted.length - 1];
  const excludedViews = latest
    ? exclusions
        .filter((exclusion) => exclusion.fromAt < latest.readAt)
        .reduce((sum, exclusion) => sum + exclusion.views, 0)
    : 0;
  return {
    views: latest?.views == null ? null : Math.max(latest.views - excludedViews, 0),
    likes: latest?.likes ?? null,
    comments: latest?.comments ?? null,
    state: now >= lock.validatedAt ? 'VALIDATED' : 'PROVISIONAL',
    countsUntil: lock.countsUntil,
    validatedAt: lock.validatedAt,
    excludedViews,
  };
}

/**
 * Each entry's payable figure as the leaderboard ranks it: its latest reading read by its lock, less the
 * views staff excluded, PROVISIONAL until it is validated (the shared `entryFigureLock`).
 */
export async function entryFigures(
  context: MetricsContext,
  entryIds: readonly string[],
): Promise<Map<string, EntryFigure>> {
  const subjects = await repository.subjectsOf(context.db, entryIds);
  const ids = subjects.map((subject) => subject.entryId);
  const readings = await repository.readingsOf(context.db, ids);
  const exclusions = await repository.exclusionsOf(context.db, ids);
  const campaigns = new Map<string, CampaignFacts | null>();
  const figures = new Map<string, EntryFigure>();
  const now = context.clock.now();
  for (const subject of subjects) {
    if (!campaigns.has(subject.campaignId)) {
      campaigns.set(subject.campaignId, await context.campaignsService.campaignFactsById(subject.campaignId));
    }
    const campaign = campaigns.get(subject.campaignId);
    if (!campaign) continue;
    const lock = entryFigureLock(subject.submittedAt, campaign.endsAt, campaign.validation);
    figures.set(
      subject.entryId,
      figureOf(
        readings.filter((reading) => reading.entryId === subject.entryId),
        exclusions.filter((exclusion) => exclusion.entryId === subject.entryId),
        lock,
        now,
      ),
    );
  }
  return figures;
}
