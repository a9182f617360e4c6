import { DEFAULT_CAMPAIGN_VALIDATION } from '@platform/shared';
import { PayoutsRejected, PayoutsUnavailable } from '../../../adapters/payouts/payouts-provider';
import { SCHEDULER_ACTOR } from '../../audit/audit.service';
import { entriesOfPayments } from '../held-entries';
import type { PaymentsContext } from '../payments.context';
import type { PaymentRow, PayoutRow } from '../payments.repository';
import {
  NO_WALLET_RETRY_SECONDS,
  PAYOUT_BATCH_SIZE,
  HELD_RECHECK_SECONDS,
  PAYOUT_CLAIM_SECONDS,
  PAYOUT_MAX_ATTEMPTS,
  PAYOUT_NOTES,
  payoutRetryDelaySeconds,
  settleFailed,
  settlePaid,
} from '../payouts';

/** The payment under its row lock, FAILED with why. */
const failLocked = (context: PaymentsContext, paymentId: string, reason: string) =>
  context.db.transaction(async (tx) => {
    const current = await context.repository.lockPayment(tx, paymentId);
    if (current) await settleFailed(context, tx, current, reason);
  });

/** What the provider's refusal or silence leaves: FAILED when it refused or never answered, else a retry. */
async function afterTransferError(context: PaymentsContext, payout: PayoutRow, error: unknown) {
  if (error instanceof PayoutsRejected) return failLocked(context, payout.paymentId, error.message);
  if (!(error instanceof PayoutsUnavailable)) throw error;
  const attempts = payout.attempts + 1;
  if (attempts >= PAYOUT_MAX_ATTEMPTS) {
    return failLocked(context, payout.paymentId, PAYOUT_NOTES.exhausted(error.message));
  }
  await context.repository.updatePayout(context.db, payout.paymentId, {
    attempts,
    note: error.message,
    nextAttemptAt: new Date(
      context.clock.now().getTime() + payoutRetryDelaySeconds(attempts, error.retryAfterSeconds) * 1000,
    ),
  });
}

/** Sends one approved payment's payout to the creator's wallet, and records what the provider answered. */
async function deliver(context: PaymentsContext, payout: PayoutRow, payment: PaymentRow, walletId: string) {
  const { db, repository } = context;
  const campaign = await context.campaignsService.campaignFactsById(payment.campaignId);
  try {
    const transfer = await context.payouts.transfer(
      {
        walletId,
        amountMinor: payout.amountMinor,
        currency: payment.currency,
        paymentId: payment.id,
        description: `${campaign?.name ?? 'Campaign'} reward`,
      },
      `payout:${payment.id}`,
    );
    await db.transaction(async (tx) => {
      const current = await repository.lockPayment(tx, payment.id);
      if (!current) return;
      if (transfer.kind === 'offline') {
        await repository.updatePayout(tx, payment.id, { note: transfer.note, nextAttemptAt: null });
        return;
      }
      await settlePaid(context, tx, {
        payment: current,
        amountMinor: payout.amountMinor,
        reference: transfer.reference,
        actor: SCHEDULER_ACTOR,
        retentionDays: campaign?.validation.retentionDays ?? DEFAULT_CAMPAIGN_VALIDATION.retentionDays,
      });
    });
  } catch (error) {
    await afterTransferError(context, payout, error);
  }
}

/** Of these payments, those whose entry's earnings are held while its views are checked. */
async function heldAmong(context: PaymentsContext, rows: readonly PaymentRow[]): Promise<Set<string>> {
  const entries = await entriesOfPayments(context, rows);
  if (entries.size === 0) return new Set();
  const held = await context.viewValidation.heldAmong([...new Set(entries.values())]);
  return new Set([...entries].filter(([, entryId]) => held.has(entryId)).map(([paymentId]) => paymentId));
}

/**
 * Sends each due payout through the provider, with the payment as idempotency key: PAID when it took
 * it, FAILED when it refused it (or stayed unreachable through every retry), a retry with backoff when
 * it could not answer. The offline default sends nothing: the payout waits for staff to record it. A
 * payout whose entry's earnings are held waits, looked at again every few minutes, until the hold is decided.
 * Returns how many were handled.
 */
export async function deliverDuePayouts(context: PaymentsContext): Promise<number> {
  const { db, repository, clock } = context;
  const due = await db.transaction((tx) =>
    repository.claimDuePayouts(tx, clock.now(), PAYOUT_BATCH_SIZE, PAYOUT_CLAIM_SECONDS),
  );
  const paymentsDue = new Map<string, PaymentRow>();
  for (const payout of due) {
    const payment = await repository.findPayment(db, payout.paymentId);
    if (payment) paymentsDue.set(payment.id, payment);
  }
  const held = await heldAmong(context, [...paymentsDue.values()]);
  for (const payout of due) {
    const payment = paymentsDue.get(payout.paymentId);
    if (!payment || payment.status !== 'APPROVED') {
      await repository.updatePayout(db, payout.paymentId, { nextAttemptAt: null });
      continue;
    }
    if (held.has(payment.id)) {
      await repository.updatePayout(db, payout.paymentId, {
        note: PAYOUT_NOTES.held,
        nextAttemptAt: new Date(clock.now().getTime() + HELD_RECHECK_SECONDS * 1000),
      });
      continue;
    }
    const wallet = await context.creatorService.payoutWallet(payment.creatorId);
    if (!wallet) {
      await repository.updatePayout(db, payout.paymentId, {
        note: PAYOUT_NOTES.noWallet,
        nextAttemptAt: new Date(clock.now().getTime() + NO_WALLET_RETRY_SECONDS * 1000),
      });
      continue;
    }
    await deliver(context, payout, payment, wallet.walletId);
  }
  return due.length;
}
