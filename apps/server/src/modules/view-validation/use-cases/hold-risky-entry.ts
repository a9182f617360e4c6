import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../db/client';
import { SCHEDULER_ACTOR } from '../../audit/audit.service';
import type { EntryAssessment, ViewValidationContext } from '../view-validation.context';

/** Only entries that may still be paid are held: a rejected or archived one earns nothing to hold. */
const HOLDABLE_ENTRY_STATUSES: readonly string[] = ['SUBMITTED', 'APPROVED'];

/**
 * Heard from the metrics module in each assessment's transaction: an entry whose score reaches its
 * campaign's hold score is held, once ever (a decision stands), audited as the platform's own act, and
 * its creator is told why in the signals' own sentences.
 */
export async function holdRiskyEntry(
  context: ViewValidationContext,
  tx: Executor,
  assessment: EntryAssessment,
): Promise<void> {
  const entry = await context.repository.entryToAssess(tx, assessment.entryId);
  if (!entry || !HOLDABLE_ENTRY_STATUSES.includes(entry.status)) return;
  if (assessment.score < entry.validation.holdScore) return;
  if (await context.repository.everHeld(tx, assessment.entryId)) return;
  const id = randomUUID();
  const inserted = await context.repository.insert(tx, {
    id,
    entryId: assessment.entryId,
    campaignId: assessment.campaignId,
    creatorId: assessment.creatorId,
    status: 'HELD',
    score: assessment.score,
    signals: assessment.signals,
    heldAt: context.clock.now(),
    appealNote: null,
    appealFileKey: null,
    appealScanStatus: null,
    appealedAt: null,
    decidedAt: null,
    decidedBy: null,
    decisionNote: null,
    rejectionReason: null,
    excludedFrom: null,
    excludedTo: null,
    excludedViews: null,
  });
  if (!inserted) return;
  await context.audit.record(tx, {
    actor: SCHEDULER_ACTOR,
    action: 'hold.open',
    target: { type: 'hold', id, label: entry.campaignName },
    after: {
      status: 'HELD',
      entryId: assessment.entryId,
      score: assessment.score,
      signals: assessment.signals.map((signal) => signal.code),
    },
  });
  await context.notifications.notify(tx, {
    accountId: assessment.creatorId,
    event: 'EARNINGS_HELD',
    campaignId: assessment.campaignId,
    campaignName: entry.campaignName,
    subject: assessment.signals.map((signal) => signal.sentence).join(' '),
  });
}
