import type { InvoiceDocumentKind } from '@platform/shared';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import {
  formatInvoiceNumber,
  renderInvoicePdf as renderPdf,
  type InvoiceDocument,
} from '../invoice-document';
import type { PaymentsContext } from '../payments.context';

/**
 * POST /server-api/creator/payment/invoice (SPEC §7): the PDF of the invoice of one of the creator's
 * payments, and the name to save it under; a payment not approved has none (404).
 */
export async function renderInvoicePdf(
  context: PaymentsContext,
  user: RequestUser,
  paymentId: string,
  kind: InvoiceDocumentKind = 'INVOICE',
): Promise<{ fileName: string; pdf: Buffer }> {
  const payment = await context.repository.findPayment(context.db, paymentId);
  if (!payment || payment.creatorId !== user.accountId) throw errors.notFound();
  const invoice = (await context.repository.invoicesOf(context.db, [payment.id], kind)).get(payment.id);
  if (!invoice) throw errors.notFound();
  return {
    fileName: `${formatInvoiceNumber(invoice)}.pdf`,
    pdf: await renderPdf(invoice.document as InvoiceDocument),
  };
}
