import { MAX_PAGE_SIZE, type PaymentBulkApproveResult, type PaymentStatus } from '@platform/shared';
import { AppError, errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import type { PaymentsContext } from '../payments.context';
import { approvePayment } from './approve-payment';
import { listCampaignPayments } from './list-campaign-payments';

/**
 * Which of `wanted` are payments of the campaign, read from its payments queue (which also refuses a
 * campaign outside the caller's scope). The pending payments are read first, since those are what a bulk
 * approval names, and every payment only when some are still missing; each pass stops once all are found.
 */
async function paymentsOfCampaign(
  context: PaymentsContext,
  caller: StaffCaller,
  campaignId: string,
  wanted: ReadonlySet<string>,
): Promise<Set<string>> {
  const found = new Set<string>();
  const read = async (status: PaymentStatus | undefined) => {
    for (let page = 1; found.size < wanted.size; page += 1) {
      const answer = await listCampaignPayments(context, caller, campaignId, {
        page,
        pageSize: MAX_PAGE_SIZE,
        ...(status ? { status } : {}),
      });
      for (const payment of answer.items) if (wanted.has(payment.id)) found.add(payment.id);
      if (answer.items.length < MAX_PAGE_SIZE || page * MAX_PAGE_SIZE >= answer.total) return;
    }
  };
  await read('PENDING');
  if (found.size < wanted.size) await read(undefined);
  return found;
}

/**
 * Approves many payments of a campaign, one after another, each in its own transaction through the one
 * approval every payment takes (invoice, payout, audit, the creator told). A payment that cannot be
 * approved is reported with the words approving it alone would answer, and the others are still
 * approved; a payment of another campaign is not found, as its campaign's approval route would not be.
 */
export async function approvePayments(
  context: PaymentsContext,
  caller: StaffCaller,
  campaignId: string,
  paymentIds: readonly string[],
): Promise<PaymentBulkApproveResult> {
  const wanted = new Set(paymentIds);
  const ofCampaign = await paymentsOfCampaign(context, caller, campaignId, wanted);
  const result: PaymentBulkApproveResult = { approved: [], failed: [] };
  for (const paymentId of wanted) {
    try {
      if (!ofCampaign.has(paymentId)) throw errors.notFound();
      await approvePayment(context, caller, paymentId);
      result.approved.push(paymentId);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      result.failed.push({ paymentId, message: error.message });
    }
  }
  return result;
}
