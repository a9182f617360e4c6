import { nextPaymentStatus, type PaidMethod } from '@platform/shared';
import type { Executor } from '../../db/client';
import { errors } from '../../errors';
import { SCHEDULER_ACTOR, type AuditService } from '../audit/audit.service';
import { ledgerAccounts, post } from './ledger';
import type { PaymentsContext } from './payments.context';
import type { PaymentRow } from './payments.repository';

/** A day as `YYYY-MM-DD` in UTC. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The latest day a payment may be said to be paid on, and the earliest: a day is compared across the time
 * zones, so that it is today somewhere (UTC+14 at most) and no earlier than the approval's day anywhere
 * (UTC-12 at least).
 */
export function paidOnBounds(now: Date, approvedAt: Date): { earliest: string; latest: string } {
  return {
    earliest: dayOf(new Date(approvedAt.getTime() - 12 * 3600 * 1000)),
    latest: dayOf(new Date(now.getTime() + 14 * 3600 * 1000)),
  };
}

/** What staff say of a payment they paid by hand. */
export type PaidByHand = { reference: string; paidOn: string; method: PaidMethod };

export const PAYOUT_BATCH_SIZE = 20;
/** Longer than a batch of transfers can take, each with its own time-out. */
export const PAYOUT_CLAIM_SECONDS = 300;
/** About a day and a half of retries, then the payment is FAILED and staff see why. */
export const PAYOUT_MAX_ATTEMPTS = 10;
export const NO_WALLET_RETRY_SECONDS = 3600;
/** A held entry's payout is looked at again this often, so it goes soon after its hold is decided. */
export const HELD_RECHECK_SECONDS = 300;

/** Retries back off from a minute, doubling, up to six hours; the provider's Retry-After when longer. */
export function payoutRetryDelaySeconds(attempt: number, retryAfterSeconds?: number): number {
  return Math.max(Math.min(60 * 2 ** (attempt - 1), 6 * 3600), retryAfterSeconds ?? 0);
}

export const PAYOUT_NOTES = {
  noWallet: 'The creator has no payout wallet yet: it is tried again hourly.',
  held: 'The entry’s earnings are held while its views are checked: the payout waits until the check is decided.',
  exhausted: (error: string) =>
    `The payout provider could not be reached after ${PAYOUT_MAX_ATTEMPTS} attempts: ${error}`,
} as const;

/** The reference of a payout that kept everything back, recorded paid without sending anything. */
export const KEPT_BACK_REFERENCE = 'Kept back in full';

const DAY_MS = 24 * 3600 * 1000;

/**
 * A paid post stays on the figures' refresh through its campaign's retention, so that a post taken down
 * in that time is seen and what was paid on it taken back (ADR 037).
 */
async function watchPaidPost(context: PaymentsContext, tx: Executor, payment: PaymentRow, until: Date) {
  const reward = (await context.repository.rewardsById(tx, [payment.rewardId])).get(payment.rewardId);
  if (reward) await context.metrics.watchPaidPosts(tx, [{ entryId: reward.entryId, until }]);
}

/**
 * An approved payment's money leaves the platform: PAID, with the reference, and so booked; its post is
 * watched for `retentionDays` (the campaign's, read before the transaction).
 */
export async function settlePaid(
  context: PaymentsContext,
  tx: Executor,
  paid: {
    payment: PaymentRow;
    amountMinor: number;
    reference: string;
    actor: Parameters<AuditService['record']>[1]['actor'];
    retentionDays: number;
    byHand?: { paidOn: string; method: PaidMethod; paidTo: string | null };
  },
): Promise<void> {
  const { payment, amountMinor, reference, byHand } = paid;
  const to = nextPaymentStatus(payment.status, 'paid');
  if (!to) throw errors.conflict(`This payment is ${payment.status.toLowerCase()}: it cannot be paid now.`);
  const now = context.clock.now();
  await context.repository.updatePayment(tx, payment.id, { status: to, updatedAt: now });
  await context.repository.updatePayout(tx, payment.id, {
    reference,
    sentAt: now,
    nextAttemptAt: null,
    ...(byHand ? { paidOn: byHand.paidOn, paidMethod: byHand.method, paidTo: byHand.paidTo } : {}),
  });
  // Exactly what was sent leaves what the creator is owed; a payout that kept everything back sent nothing.
  if (amountMinor > 0) {
    await post(context, tx, {
      kind: 'payment.paid',
      currency: payment.currency,
      rewardId: payment.rewardId,
      paymentId: payment.id,
      lines: [
        { account: ledgerAccounts.creatorPayable(payment.creatorId), amountMinor },
        { account: ledgerAccounts.paidOut, amountMinor: -amountMinor },
      ],
    });
  }
  await watchPaidPost(context, tx, payment, new Date(now.getTime() + paid.retentionDays * DAY_MS));
  await context.audit.record(tx, {
    actor: paid.actor,
    action: 'payment.paid',
    target: { type: 'payment', id: payment.id, label: reference },
    before: { status: payment.status },
    after: { status: to, amountMinor, reference, ...(byHand ?? {}) },
  });
}

/** An approved payment that cannot be paid: FAILED, with why, for staff to see. */
export async function settleFailed(
  context: PaymentsContext,
  tx: Executor,
  payment: PaymentRow,
  reason: string,
): Promise<void> {
  const to = nextPaymentStatus(payment.status, 'fail');
  if (!to) return;
  const now = context.clock.now();
  await context.repository.updatePayment(tx, payment.id, { status: to, updatedAt: now });
  await context.repository.updatePayout(tx, payment.id, { note: reason, nextAttemptAt: null });
  await context.audit.record(tx, {
    actor: SCHEDULER_ACTOR,
    action: 'payment.fail',
    target: { type: 'payment', id: payment.id, label: payment.campaignId },
    before: { status: payment.status },
    after: { status: to, reason },
  });
}
