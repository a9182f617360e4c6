import { randomUUID } from 'node:crypto';
import { invoiceAmounts, invoiceTaxTreatment, PAYMENT_MESSAGES } from '@platform/shared';
import type { Executor } from '../../db/client';
import { errors } from '../../errors';
import {
  formatInvoiceNumber,
  InvoiceDocumentError,
  snapshotInvoiceDocument,
  type InvoiceDocument,
  type InvoiceParty,
} from './invoice-document';
import { ledgerAccounts, post } from './ledger';
import type { PaymentsContext } from './payments.context';
import type { InvoiceRow, PaymentRow, RewardRow } from './payments.repository';

/** Credit notes are numbered in a series of their own (ADR 022): `SBCN-2026-000001` beside `SB-2026-000123`. */
export const creditNotePrefix = (invoicePrefix: string) => `${invoicePrefix}CN`;

export const invoiceNumberOf = (invoice: InvoiceRow | undefined) =>
  invoice ? formatInvoiceNumber(invoice) : null;

const REWARD_LINES: Record<RewardRow['rule'], (reward: RewardRow) => string> = {
  SLOT: () => 'Entry reward: first come, first served',
  PRIZE: (reward) => `Prize for place ${reward.rank ?? '?'} on the leaderboard`,
  SPRINT_PRIZE: (reward) => `Prize for place ${reward.rank ?? '?'} in period ${reward.period ?? '?'}`,
  VIEWS: (reward) =>
    reward.basis?.kind === 'VIEWS'
      ? `Pay per view: ${reward.basis.views.toLocaleString('en-GB')} validated views`
      : 'Pay per view',
};

/** The tax numbers an invoice shows for the supplier (the creator) and the issuer, by its tax treatment. */
function taxNumbersOf(
  issuer: PaymentsContext['invoiceIssuer'],
  kind: ReturnType<typeof invoiceTaxTreatment>['kind'],
  supplierNumber: string,
): [Pick<InvoiceParty, 'taxNumber'>, Pick<InvoiceParty, 'taxNumber'>] {
  switch (kind) {
    case 'UK_VAT':
      return [
        { taxNumber: { type: 'VAT', number: supplierNumber } },
        issuer.vatNumber ? { taxNumber: { type: 'VAT', number: issuer.vatNumber } } : {},
      ];
    case 'AU_GST':
      return [
        { taxNumber: { type: 'ABN', number: supplierNumber } },
        issuer.abn ? { taxNumber: { type: 'ABN', number: issuer.abn } } : {},
      ];
    default:
      return [{}, {}];
  }
}

const snapshotOrRefuse = (draft: InvoiceDocument): InvoiceDocument => {
  try {
    return snapshotInvoiceDocument(draft);
  } catch (error) {
    if (error instanceof InvoiceDocumentError) {
      throw errors.conflict(`An invoice cannot be issued: ${error.problems.join('; ')}.`);
    }
    throw error;
  }
};

/** Stores an issued document as it is; answers its id. */
async function storeDocument(
  context: PaymentsContext,
  tx: Executor,
  paymentId: string,
  document: InvoiceDocument,
  issuedAt: Date,
): Promise<string> {
  const id = randomUUID();
  await context.repository.insertInvoice(tx, {
    id,
    paymentId,
    kind: document.kind,
    prefix: document.number.prefix,
    year: document.number.year,
    sequence: document.number.sequence,
    document,
    issuedAt,
  });
  return id;
}

/**
 * Issues the self-billed invoice of an approved payment in the approving transaction (ADR 022): the next
 * number of the series for the year, the creator's details and tax as they are now, frozen. VAT or GST on
 * top of the reward is owed to the creator too, and booked so. A payment whose invoice cannot be issued
 * (the creator's address missing, tax in a currency with no rate to the tax authority's) is not approved.
 */
export async function issueInvoice(
  context: PaymentsContext,
  tx: Executor,
  payment: PaymentRow,
  reward: RewardRow,
  campaignName: string,
): Promise<InvoiceDocument> {
  const { invoiceIssuer } = context;
  const supplier = await context.creatorService.invoiceSupplier(tx, payment.creatorId);
  if (!supplier) throw errors.conflict(PAYMENT_MESSAGES.creatorDetailsMissing);
  const treatment = invoiceTaxTreatment({
    country: supplier.country,
    taxRegistration: supplier.taxRegistration,
  });
  const now = context.clock.now();
  const issueDate = now.toISOString().slice(0, 10);
  const year = Number(issueDate.slice(0, 4));
  const [supplierTax, issuerTax] = taxNumbersOf(
    invoiceIssuer,
    treatment.kind,
    supplier.taxRegistration?.number ?? '',
  );
  const sequence = await context.repository.nextInvoiceSequence(tx, invoiceIssuer.prefix, year);
  const document = snapshotOrRefuse({
    kind: 'INVOICE',
    number: { prefix: invoiceIssuer.prefix, year, sequence },
    issueDate,
    supplyDate: reward.createdAt.toISOString().slice(0, 10),
    issuer: { name: invoiceIssuer.name, addressLines: invoiceIssuer.addressLines, ...issuerTax },
    supplier: { name: supplier.name, addressLines: supplier.addressLines, ...supplierTax },
    campaignName,
    lines: [{ description: REWARD_LINES[reward.rule](reward), netMinor: payment.amountMinor }],
    currency: payment.currency,
    amounts: invoiceAmounts(payment.amountMinor, treatment),
    treatment,
  });
  await storeDocument(context, tx, payment.id, document, now);
  if (document.amounts.taxMinor > 0) {
    await post(context, tx, {
      kind: 'invoice.tax',
      currency: payment.currency,
      rewardId: reward.id,
      paymentId: payment.id,
      lines: [
        { account: ledgerAccounts.taxOnRewards(treatment.kind), amountMinor: document.amounts.taxMinor },
        {
          account: ledgerAccounts.creatorPayable(payment.creatorId),
          amountMinor: -document.amounts.taxMinor,
        },
      ],
    });
  }
  return document;
}

/** What a credit note takes back of its invoice when it is not all of it: a part of the net amount. */
export type CreditedPart = { netMinor: number; description: string };

/**
 * The amounts, line and any tax in the accounting currency of a credit note for part of an invoice: the
 * tax worked out on the part as on an invoice (ADR 022), so the document stays consistent.
 */
function partOf(original: InvoiceDocument, part: CreditedPart) {
  const amounts = invoiceAmounts(part.netMinor, original.treatment);
  const converted = original.taxInAccountingCurrency;
  return {
    lines: [{ description: part.description, netMinor: part.netMinor }],
    amounts,
    ...(converted
      ? {
          taxInAccountingCurrency: {
            ...converted,
            taxMinor:
              original.amounts.taxMinor === 0
                ? 0
                : Math.round((converted.taxMinor * amounts.taxMinor) / original.amounts.taxMinor),
          },
        }
      : {}),
  };
}

/**
 * Cancels an issued invoice, or takes back `part` of it, by a credit note of the next number of its own
 * series (an issued invoice never changes, ADR 022), and takes the VAT or GST it credits back out of what
 * the creator is owed. The reward's part is for the caller to book: a withdrawal gives it back whole.
 */
export async function issueCreditNote(
  context: PaymentsContext,
  tx: Executor,
  payment: PaymentRow,
  invoice: InvoiceRow,
  reason: string,
  part?: CreditedPart,
): Promise<{ document: InvoiceDocument; id: string }> {
  const now = context.clock.now();
  const original = invoice.document as InvoiceDocument;
  const issueDate = now.toISOString().slice(0, 10);
  const year = Number(issueDate.slice(0, 4));
  const prefix = creditNotePrefix(invoice.prefix);
  const creditNote = snapshotInvoiceDocument({
    ...original,
    ...(part ? partOf(original, part) : {}),
    kind: 'CREDIT_NOTE',
    number: { prefix, year, sequence: await context.repository.nextInvoiceSequence(tx, prefix, year) },
    issueDate,
    corrects: { number: original.number, issueDate: original.issueDate },
    reason,
  });
  const id = await storeDocument(context, tx, payment.id, creditNote, now);
  if (creditNote.amounts.taxMinor > 0) {
    await post(context, tx, {
      kind: 'credit-note.tax',
      currency: payment.currency,
      rewardId: payment.rewardId,
      paymentId: payment.id,
      lines: [
        {
          account: ledgerAccounts.creatorPayable(payment.creatorId),
          amountMinor: creditNote.amounts.taxMinor,
        },
        {
          account: ledgerAccounts.taxOnRewards(creditNote.treatment.kind),
          amountMinor: -creditNote.amounts.taxMinor,
        },
      ],
    });
  }
  return { document: creditNote, id };
}
