import { bindUseCases } from '../use-cases';
import { paymentsContext, type PaymentsDependencies } from './payments.context';
import { approvePayments } from './use-cases/approve-payments';
import { approvePayment } from './use-cases/approve-payment';
import { rejectPayment } from './use-cases/reject-payment';
import { awardReward } from './use-cases/award-reward';
import { campaignCommittedByDay } from './use-cases/campaign-committed-by-day';
import { campaignLedger } from './use-cases/campaign-ledger';
import { clawBackTakenDown } from './use-cases/claw-back-taken-down';
import { committedOf } from './use-cases/committed-of';
import { deliverDuePayouts } from './use-cases/deliver-due-payouts';
import { listCampaignPayments } from './use-cases/list-campaign-payments';
import { onHoldDecided } from './use-cases/on-hold-decided';
import { paymentTotalsOf } from './use-cases/payment-totals-of';
import { paymentsOfCreator } from './use-cases/payments-of-creator';
import { recordPaymentPaid } from './use-cases/record-payment-paid';
import { releaseEntryRewards } from './use-cases/release-entry-rewards';
import { renderInvoicePdf } from './use-cases/render-invoice-pdf';
import { searchPayments } from './use-cases/search-payments';
import { slotsTaken } from './use-cases/slots-taken';
import { viewsRewardsOf } from './use-cases/views-rewards-of';
import { withdrawPayment } from './use-cases/withdraw-payment';

export type { PaymentsDependencies } from './payments.context';
export { ledgerAccounts } from './ledger';
export { creditNotePrefix } from './invoices';
export {
  paidOnBounds,
  PAYOUT_MAX_ATTEMPTS,
  PAYOUT_NOTES,
  payoutRetryDelaySeconds,
  type PaidByHand,
} from './payouts';
export type { RewardedEntry, WonReward } from './use-cases/award-reward';

const paymentsUseCases = {
  search: searchPayments,
  ofCampaign: listCampaignPayments,
  invoicePdf: renderInvoicePdf,
  approve: approvePayment,
  approveMany: approvePayments,
  reject: rejectPayment,
  recordPaid: recordPaymentPaid,
  withdraw: withdrawPayment,
  deliverDuePayouts,
  clawBackTakenDown,
  onHoldDecided,
  ofCreatorForStaff: paymentsOfCreator,
  campaignLedger,
  campaignCommittedByDay,
  awardReward,
  releaseEntryRewards,
  slotsTaken,
  viewsRewardsOf,
  committedOf,
  paymentTotalsOf,
};

/**
 * Payments and the ledger (ADR 023): a reward won becomes a PENDING payment and a ledger transaction moving
 * its amount from the campaign's budget to what the creator is owed. Staff approve (which issues the
 * self-billed invoice and schedules the payout) or reject payments; a rejection, or an archived entry whose
 * payment was not yet approved, gives the money and the slot back by a reversing transaction. Nothing is
 * ever updated in the ledger: balances are sums. Money paid on a post taken down, or on views a check found
 * not to be real, is taken back by a credit note and recovered from the creator's next payouts (ADR 037).
 */
export function createPaymentsService(dependencies: PaymentsDependencies) {
  return bindUseCases(paymentsContext(dependencies), paymentsUseCases);
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
