import { stringify } from 'csv-stringify/sync';
import { eq, inArray } from 'drizzle-orm';
import {
  currencyDecimals,
  maskPayoutDetails,
  normalizePayoutDetails,
  type PayoutDetails,
  type PayoutDetailsBody,
  type PayoutDetailsResponse,
  type PayoutDetailsSummary,
} from '@platform/shared';
import type { PayoutsProvider } from '../../adapters/payouts/payouts-provider';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { payoutDetails } from '../../db/schema/index';
import type { RequestUser, StaffCaller } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';
import { formatInvoiceNumber } from './invoice-document';
import { open, seal, type SealingKey } from './payout-details.crypto';
import { paymentsRepository } from './payments.repository';

type PayoutDetailsRow = typeof payoutDetails.$inferSelect;

export type PayoutDetailsDependencies = {
  db: Database;
  clock: Clock;
  audit: AuditService;
  key: SealingKey;
  payouts: Pick<PayoutsProvider, 'name'>;
  campaignsService: Pick<CampaignsService, 'staffCampaignFacts'>;
  creatorService: Pick<CreatorService, 'withCreators'>;
};

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

const summaryOf = (row: PayoutDetailsRow): PayoutDetailsSummary => ({
  method: row.method,
  country: row.country,
  masked: row.masked,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Where creators are paid when the platform pays by hand (ADR 029): kept sealed, shown masked, and given
 * in full only in the finance export, which is audited.
 */
export function createPayoutDetailsService(dependencies: PayoutDetailsDependencies) {
  const { db, clock, audit, key, payouts, campaignsService, creatorService } = dependencies;

  const rowOf = async (executor: Executor, creatorId: string) => {
    const [row] = await executor.select().from(payoutDetails).where(eq(payoutDetails.creatorId, creatorId));
    return row;
  };

  const openDetails = (sealed: string, creatorId: string): PayoutDetails =>
    JSON.parse(open(key, sealed, creatorId)) as PayoutDetails;

  const answerFor = (row: PayoutDetailsRow | undefined): PayoutDetailsResponse => ({
    details: row ? summaryOf(row) : null,
    needed: payouts.name === 'offline',
  });

  return {
    /** GET /server-api/creator/payout-details: the caller's details, masked. */
    async mine(user: RequestUser): Promise<PayoutDetailsResponse> {
      return answerFor(await rowOf(db, user.accountId));
    },

    /**
     * PUT /server-api/creator/payout-details: gives or changes where the caller is paid. Payments already
     * exported keep the details they were exported with.
     */
    async save(user: RequestUser, body: PayoutDetailsBody): Promise<PayoutDetailsResponse> {
      const details = normalizePayoutDetails(body);
      const masked = maskPayoutDetails(details);
      const now = clock.now();
      const saved = await db.transaction(async (tx) => {
        const before = await rowOf(tx, user.accountId);
        const row: PayoutDetailsRow = {
          creatorId: user.accountId,
          method: details.method,
          country: details.method === 'BANK_ACCOUNT' ? details.country : null,
          masked,
          sealed: seal(key, JSON.stringify(details), user.accountId),
          createdAt: before?.createdAt ?? now,
          updatedAt: now,
        };
        await tx
          .insert(payoutDetails)
          .values(row)
          .onConflictDoUpdate({
            target: payoutDetails.creatorId,
            set: { method: row.method, country: row.country, masked, sealed: row.sealed, updatedAt: now },
          });
        await audit.record(tx, {
          actor: user,
          action: before ? 'payout-details.change' : 'payout-details.give',
          target: { type: 'creator', id: user.accountId, label: masked },
          before: before ? { method: before.method, details: before.masked } : null,
          after: { method: row.method, details: masked },
        });
        return row;
      });
      return answerFor(saved);
    },

    /** The masked details of creators, by id, for the console's payments queue. */
    async maskedOf(creatorIds: readonly string[]): Promise<Map<string, string>> {
      if (creatorIds.length === 0) return new Map();
      const rows = await db
        .select({ creatorId: payoutDetails.creatorId, masked: payoutDetails.masked })
        .from(payoutDetails)
        .where(inArray(payoutDetails.creatorId, [...new Set(creatorIds)]));
      return new Map(rows.map((row) => [row.creatorId, row.masked]));
    },

    /** Where a payment is paid to, masked: what its export sent, else the creator's details now. */
    async destinationOf(
      executor: Executor,
      payment: { id: string; creatorId: string },
    ): Promise<string | null> {
      const payout = (await paymentsRepository.payoutsOf(executor, [payment.id])).get(payment.id);
      if (payout?.exportedMasked) return payout.exportedMasked;
      return (await rowOf(executor, payment.creatorId))?.masked ?? null;
    },

    /**
     * GET …/campaigns/{id}/payments/export: the campaign's approved payments not yet paid, each with the
     * creator's payout details in full, as CSV for the finance team. A payment exported before keeps the
     * details it was first exported with; the others take the creator's now, and keep them. Audited.
     */
    async exportApproved(
      caller: StaffCaller,
      campaignId: string,
    ): Promise<{ fileName: string; csv: string; count: number }> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      const rows = await db.transaction(async (tx) => {
        const approved = await paymentsRepository.approvedOfCampaign(tx, campaign.id);
        const invoices = await paymentsRepository.invoicesOf(
          tx,
          approved.map((payment) => payment.id),
        );
        const now = clock.now();
        const lines = [];
        for (const payment of approved) {
          const payout = await paymentsRepository.lockPayout(tx, payment.id);
          if (!payout) continue;
          let sealed = payout.exportedDetails;
          let firstExportedAt = payout.exportedAt;
          if (!sealed) {
            const current = await rowOf(tx, payment.creatorId);
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
            details: sealed ? openDetails(sealed, payment.creatorId) : null,
            firstExportedAt,
          });
        }
        await audit.record(tx, {
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
      const people = await creatorService.withCreators(
        rows.map((row) => ({ creatorId: row.payment.creatorId })),
        campaign.platform,
      );
      const records = rows.map((row, index) => {
        const person = people[index]?.creator;
        const details = row.details;
        const bank = details?.method === 'BANK_ACCOUNT' ? details : undefined;
        return [
          row.payment.id,
          row.invoice ? formatInvoiceNumber(row.invoice) : '',
          person?.name ?? '',
          person?.handle ? `@${person.handle}` : '',
          campaign.name,
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
      });
      const csv = stringify([[...FINANCE_EXPORT_COLUMNS], ...records], {
        quoted: true,
        record_delimiter: '\r\n',
        bom: true,
      });
      const day = clock.now().toISOString().slice(0, 10);
      const slug =
        campaign.name
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 40) || 'campaign';
      return { fileName: `payments-${slug}-${day}.csv`, csv, count: rows.length };
    },
  };
}

export type PayoutDetailsService = ReturnType<typeof createPayoutDetailsService>;
