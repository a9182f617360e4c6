import { assessViewRisk, type ViewRiskSignal } from '@platform/shared';
import type { StoredRiskSignal } from '../../../db/schema/index';
import type { CampaignFacts } from '../../campaigns/campaigns.service';
import type { MetricsContext } from '../metrics.context';
import { validationRepository as repository, type DueEntry } from '../validation.repository';

/** Entries scored in one run: each in a transaction of its own. */
export const ASSESSMENT_BATCH = 200;

export type AssessmentSummary = { assessed: number };

const stored = (signal: ViewRiskSignal): StoredRiskSignal => ({
  ...signal,
  window: signal.window
    ? {
        from: signal.window.from.toISOString(),
        to: signal.window.to.toISOString(),
        views: signal.window.views,
      }
    : null,
});

async function assessOne(context: MetricsContext, entry: DueEntry, campaign: CampaignFacts) {
  const { db, clock } = context;
  const readings = await repository.readingsOf(db, [entry.entryId]);
  const history = await repository.historyOf(db, entry.creatorId, entry.platform, entry.entryId);
  const { score, signals } = assessViewRisk({
    platform: entry.platform,
    readings,
    campaignEndsAt: campaign.endsAt,
    // No platform adapter reads an account's followers yet: the signal cannot fire, and says nothing.
    followers: null,
    creatorHistoryViews: history,
    postGone: entry.postGone,
  });
  const assessedAt = clock.now();
  const kept = signals.map(stored);
  await db.transaction(async (tx) => {
    await repository.saveAssessment(tx, {
      entryId: entry.entryId,
      score,
      signals: kept,
      readingsThrough: entry.readingsThrough,
      assessedAt,
    });
    for (const listener of context.assessedListeners) {
      await listener(tx, {
        entryId: entry.entryId,
        campaignId: entry.campaignId,
        creatorId: entry.creatorId,
        score,
        signals: kept,
        assessedAt,
      });
    }
  });
}

/**
 * Scores every entry whose figures changed since its last score (ADR 037): its whole series, the
 * creator's other entries on the platform, and whether the platform says the post is gone. Each score
 * replaces the last and is announced to the listeners in the same transaction, so a hold is never opened
 * on a score that was not kept. A run takes what was due when it began, at most a batch.
 */
export async function assessDue(context: MetricsContext): Promise<AssessmentSummary> {
  const due = await repository.dueForAssessment(context.db, ASSESSMENT_BATCH);
  const campaigns = new Map<string, CampaignFacts | null>();
  let assessed = 0;
  for (const entry of due) {
    if (!campaigns.has(entry.campaignId)) {
      campaigns.set(entry.campaignId, await context.campaignsService.campaignFactsById(entry.campaignId));
    }
    const campaign = campaigns.get(entry.campaignId);
    if (!campaign) continue;
    await assessOne(context, entry, campaign);
    assessed += 1;
  }
  return { assessed };
}
