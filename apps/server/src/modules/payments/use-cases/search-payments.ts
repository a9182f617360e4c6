import type { Payment, PaymentSearchBody } from '@platform/shared';
import type { RequestUser } from '../../../principal';
import { toPayments } from '../payment-views';
import type { PaymentsContext } from '../payments.context';

const DAY_MS = 24 * 3600 * 1000;

/** POST /server-api/creator/payment/search (SPEC §7): the creator's payments, newest first, in `data`. */
export async function searchPayments(
  context: PaymentsContext,
  user: RequestUser,
  body: PaymentSearchBody,
): Promise<{ data: Payment[] }> {
  const rows = await context.repository.ofCreator(context.db, user.accountId, {
    ...(body.status ? { status: body.status } : {}),
    ...(body.campaignId ? { campaignId: body.campaignId } : {}),
    ...(body.from ? { from: new Date(`${body.from}T00:00:00.000Z`) } : {}),
    ...(body.to ? { before: new Date(Date.parse(`${body.to}T00:00:00.000Z`) + DAY_MS) } : {}),
  });
  return { data: await toPayments(context, rows) };
}
