import { eq, inArray } from 'drizzle-orm';
import {
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
import { exportApprovedPayments } from './finance-export';
import { open, seal, type SealingKey } from '../../sealing';
import { paymentsRepository } from './payments.repository';

export { FINANCE_EXPORT_COLUMNS, majorUnits, neutralizeFormula } from './finance-export';

export type PayoutDetailsRow = typeof payoutDetails.$inferSelect;

export type PayoutDetailsDependencies = {
  db: Database;
  clock: Clock;
  audit: AuditService;
  key: SealingKey;
  payouts: Pick<PayoutsProvider, 'name'>;
  campaignsService: Pick<CampaignsService, 'staffCampaignFacts'>;
  creatorService: Pick<CreatorService, 'withCreators'>;
};

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
  const { db, clock, audit, key, payouts } = dependencies;

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
     * creator's payout details in full, as CSV for the finance team (`finance-export.ts`).
     */
    exportApproved: (caller: StaffCaller, campaignId: string) =>
      exportApprovedPayments({ ...dependencies, detailsOf: rowOf, openDetails }, caller, campaignId),
  };
}

export type PayoutDetailsService = ReturnType<typeof createPayoutDetailsService>;
