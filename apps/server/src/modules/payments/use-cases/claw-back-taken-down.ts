import { CLAWBACK_RETENTION_DAYS_MAX } from '@platform/shared';
import { clawbacksRepository } from '../clawbacks.repository';
import type { PaymentsContext } from '../payments.context';
import { clawBack } from './claw-back';

const DAY_MS = 24 * 3600 * 1000;

const takenDownReason = (retentionDays: number) =>
  `The post was taken down or made private within ${retentionDays === 1 ? '1 day' : `${retentionDays} days`} of payment.`;

/** Of the payments paid in the last year's retentions, those still within their own campaign's. */
async function withinRetention(context: PaymentsContext, now: Date) {
  const candidates = await clawbacksRepository.paidWithoutClawback(
    context.db,
    new Date(now.getTime() - CLAWBACK_RETENTION_DAYS_MAX * DAY_MS),
  );
  const retention = new Map<string, number | null>();
  for (const campaignId of new Set(candidates.map((row) => row.campaignId))) {
    const campaign = await context.campaignsService.campaignFactsById(campaignId);
    retention.set(campaignId, campaign?.validation.retentionDays ?? null);
  }
  return candidates.flatMap((row) => {
    const days = retention.get(row.campaignId);
    if (days == null || !row.paidAt || row.paidAt.getTime() + days * DAY_MS < now.getTime()) return [];
    return [{ ...row, retentionDays: days }];
  });
}

/**
 * Takes back what was paid on posts taken down or made private within their campaign's retention of
 * payment (ADR 037): the PAID payments still within it whose post the platform no longer shows, each in
 * its own transaction, in full. A payment is clawed back once, however often this runs. Answers how many
 * were taken back.
 */
export async function clawBackTakenDown(context: PaymentsContext): Promise<number> {
  const { db, repository } = context;
  const now = context.clock.now();
  const candidates = await withinRetention(context, now);
  if (candidates.length === 0) return 0;
  const gone = await context.metrics.postsGoneAmong(candidates.map((row) => row.entryId));
  let taken = 0;
  for (const candidate of candidates.filter((row) => gone.has(row.entryId))) {
    const clawed = await db.transaction(async (tx) => {
      const payment = await repository.findPayment(tx, candidate.paymentId);
      const reward = payment ? await repository.lockReward(tx, payment.rewardId) : undefined;
      const locked = reward ? await repository.lockPayment(tx, candidate.paymentId) : undefined;
      if (!reward || !locked) return null;
      return clawBack(context, tx, {
        reward,
        payment: locked,
        cause: 'POST_GONE',
        reason: takenDownReason(candidate.retentionDays),
        rewardMinor: reward.amountMinor,
      });
    });
    if (clawed) taken += 1;
  }
  return taken;
}
