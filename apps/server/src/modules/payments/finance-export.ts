import { stringify } from 'csv-stringify/sync';
import { currencyDecimals, type PayoutDetails } from '@platform/shared';
import type { Executor } from '../../db/client';
import type { StaffCaller } from '../../principal';
import type { CampaignFacts } from '../campaigns/campaigns.service';
import { formatInvoiceNumber } from './invoice-document';
import { paymentsRepository, type InvoiceRow, type PaymentRow } from './payments.repository';
import type { PayoutDetailsDependencies, PayoutDetailsRow } from './payout-details.service';

/** The finance export's columns, in order. */
export const FINANCE_EXPORT_COLUMNS = [
  'Payment ID',
  'Invoice number',
  'Creator',
  'Handle',
  'Campaign',
  'Amount',
  'Currency',
  'Payout method',
  'Account holder',
  'Bank country',
  'Sort code',
  'BSB',
  'Routing number',
  'Account number',
  'IBAN',
  'SWIFT/BIC',
  'PayPal email',
  'Details exported first',
] as const;

/**
 * A spreadsheet takes a cell that begins with = + - @ (or a tab or carriage return before one) as a formula:
 * such a cell is written with a leading apostrophe, which shows the text as typed (OWASP's advice).
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Minor units as the amount a bank file takes: 7500 GBP is 75.00. */
export function majorUnits(amountMinor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const digits = String(Math.abs(amountMinor)).padStart(decimals + 1, '0');
  return decimals === 0
    ? `${sign}${digits}`
    : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

type ExportContext = PayoutDetailsDependencies & {
  detailsOf: (executor: Executor, creatorId: string) => Promise<PayoutDetailsRow | undefined>;
  openDetails: (sealed: string, creatorId: string) => PayoutDetails;
};

type ExportLine = {
  payment: PaymentRow;
  amountMinor: number;
  invoice: InvoiceRow | undefined;
  details: PayoutDetails | null;
  firstExportedAt: Date | null;
};

/**
 * The approved payments' lines, in the export's transaction: a payment exported before keeps the details
 * it was first exported with; the others take the creator's now, and keep them.
 */
async function exportLines(context: ExportContext, tx: Executor, campaignId: string): Promise<ExportLine[]> {
  const approved = await paymentsRepository.approvedOfCampaign(tx, campaignId);
  const invoices = await paymentsRepository.invoicesOf(
    tx,
    approved.map((payment) => payment.id),
  );
  const now = context.clock.now();
  const lines: ExportLine[] = [];
  for (const payment of approved) {
    const payout = await paymentsRepository.lockPayout(tx, payment.id);
    if (!payout) continue;
    let sealed = payout.exportedDetails;
    let firstExportedAt = payout.exportedAt;
    if (!sealed) {
      const current = await context.detailsOf(tx, payment.creatorId);
      if (current) {
        // Sealed for the same creator, so the creator's sealed value is kept as it is.
        sealed = current.sealed;
        firstExportedAt = now;
        await paymentsRepository.updatePayout(tx, payment.id, {
          exportedAt: now,
          exportedDetails: current.sealed,
          exportedMasked: current.masked,
        });
      }
    }
    lines.push({
      payment,
      amountMinor: payout.amountMinor,
      invoice: invoices.get(payment.id),
      details: sealed ? context.openDetails(sealed, payment.creatorId) : null,
      firstExportedAt,
    });
  }
  return lines;
}

/** One line of the export, in FINANCE_EXPORT_COLUMNS' order, each cell safe from spreadsheet formulas. */
function exportRecord(
  row: ExportLine,
  person: { name: string | null; handle: string | null } | undefined,
  campaignName: string,
): string[] {
  const details = row.details;
  const bank = details?.method === 'BANK_ACCOUNT' ? details : undefined;
  return [
    row.payment.id,
    row.invoice ? formatInvoiceNumber(row.invoice) : '',
    person?.name ?? '',
    person?.handle ? `@${person.handle}` : '',
    campaignName,
    majorUnits(row.amountMinor, row.payment.currency),
    row.payment.currency,
    details ? (details.method === 'PAYPAL' ? 'PayPal' : 'Bank account') : 'No payout details given',
    bank?.accountHolder ?? '',
    bank?.country ?? '',
    bank?.sortCode ?? '',
    bank?.bsb ?? '',
    bank?.routingNumber ?? '',
    bank?.accountNumber ?? '',
    bank?.iban ?? '',
    bank?.bic ?? '',
    details?.method === 'PAYPAL' ? details.paypalEmail : '',
    row.firstExportedAt?.toISOString() ?? '',
  ].map(neutralizeFormula);
}

/** The export's file name: the campaign's name as a slug, and the day. */
function exportFileName(campaign: CampaignFacts, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  const slug =
    campaign.name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'campaign';
  return `payments-${slug}-${day}.csv`;
}

/**
 * The campaign's approved payments not yet paid, each with the creator's payout details in full, as CSV
 * for the finance team. Audited.
 */
export async function exportApprovedPayments(
  context: ExportContext,
  caller: StaffCaller,
  campaignId: string,
): Promise<{ fileName: string; csv: string; count: number }> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  const rows = await context.db.transaction(async (tx) => {
    const lines = await exportLines(context, tx, campaign.id);
    await context.audit.record(tx, {
      actor: caller,
      action: 'payments.export',
      target: { type: 'campaign', id: campaign.id, label: campaign.name },
      before: null,
      after: {
        payments: lines.length,
        paymentIds: lines.map((line) => line.payment.id),
        withoutDetails: lines.filter((line) => !line.details).length,
      },
    });
    return lines;
  });
  const people = await context.creatorService.withCreators(
    rows.map((row) => ({ creatorId: row.payment.creatorId })),
    campaign.platform,
  );
  const records = rows.map((row, index) => exportRecord(row, people[index]?.creator, campaign.name));
  const csv = stringify([[...FINANCE_EXPORT_COLUMNS], ...records], {
    quoted: true,
    record_delimiter: '\r\n',
    bom: true,
  });
  return { fileName: exportFileName(campaign, context.clock.now()), csv, count: rows.length };
}
