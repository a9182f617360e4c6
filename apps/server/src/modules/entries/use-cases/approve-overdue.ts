import { AppError } from '../../../errors';
import type { CampaignFacts } from '../../campaigns/campaigns.service';
import type { EntriesContext } from '../entries.context';
import { reviewLockedEntry } from './review-entry';

/** Entries looked at per batch: one query of the review-due index, one question of the holds. */
const OVERDUE_BATCH = 100;

export type OverdueApproval = {
  /** Which of these entries are held for a check of their views: those wait for staff's decision. */
  isHeld: (entryIds: readonly string[]) => Promise<ReadonlySet<string>>;
};

/**
 * Approves one overdue entry as the review deadline, through a reviewer's own path (ADR 037): the handle
 * must be proven (ADR 036) and the higher modules may refuse (a video still being compared). Answers
 * whether it was approved; an entry reviewed or revised meanwhile, or one the approval refuses, is left.
 */
async function approveOnDeadline(
  context: EntriesContext,
  now: Date,
  entry: { id: string; campaign: CampaignFacts },
): Promise<boolean> {
  try {
    return await context.db.transaction(async (tx) => {
      const row = await context.repository.lockById(tx, entry.id);
      if (!row || row.status !== 'SUBMITTED' || !row.reviewDueAt || row.reviewDueAt > now) return false;
      await reviewLockedEntry(context, tx, {
        row,
        campaign: entry.campaign,
        move: 'approve',
        reviewer: null,
      });
      return true;
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return false;
    throw error;
  }
}

/**
 * Nothing waits forever (ADR 037): every entry still waiting for review past its deadline is approved by
 * the platform itself, batch by batch, unless it is held or the approval refuses it, which leave it for a
 * reviewer. Each approval is its own transaction. Answers how many were approved and how many left.
 */
export async function approveOverdue(
  context: EntriesContext,
  now: Date,
  { isHeld }: OverdueApproval,
): Promise<{ approved: number; skipped: number }> {
  const campaigns = new Map<string, CampaignFacts | null>();
  const campaignOf = async (id: string) => {
    if (!campaigns.has(id)) campaigns.set(id, await context.campaignsService.campaignFactsById(id));
    return campaigns.get(id) ?? null;
  };
  let approved = 0;
  let skipped = 0;
  let after: { reviewDueAt: Date; id: string } | null = null;
  for (;;) {
    const batch = await context.repository.overdue(context.db, now, { after, limit: OVERDUE_BATCH });
    if (batch.length === 0) break;
    after = batch[batch.length - 1] ?? null;
    const held = await isHeld(batch.map((entry) => entry.id));
    for (const entry of batch) {
      const campaign = held.has(entry.id) ? null : await campaignOf(entry.campaignId);
      const done = campaign !== null && (await approveOnDeadline(context, now, { id: entry.id, campaign }));
      if (done) approved += 1;
      else skipped += 1;
    }
    if (batch.length < OVERDUE_BATCH) break;
  }
  return { approved, skipped };
}
