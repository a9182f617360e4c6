import type { KycStatus } from '@platform/shared';
import type { Executor } from '../../db/client';
import { kycSummaryRepository as repository, type KycApplicationRow } from './kyc-summary.repository';

/** Statuses in which the creator has nothing in review: a new application starts the next attempt. */
export const KYC_CLOSED_STATUSES: readonly KycStatus[] = ['Success', 'Failure', 'ReVerify', 'Abandoned'];

/** The latest identity check, as the creator's account shows it. */
export type KycSummary = {
  status: KycStatus;
  provider: 'built-in' | 'onfido' | null;
  reason: string | null;
  updatedAt: Date | null;
};

/** The reason the creator reads: the check's own or, on a fresh attempt, why the last one did not pass. */
export async function kycReasonFor(
  executor: Executor,
  application: Pick<KycApplicationRow, 'creatorId' | 'reason' | 'status'>,
): Promise<string | null> {
  if (application.reason !== null || application.status !== 'Created') return application.reason;
  const previous = await repository.latestOf(executor, application.creatorId, KYC_CLOSED_STATUSES);
  return previous && previous.status !== 'Success' ? previous.reason : null;
}

/**
 * The creator's latest identity check. Its table is the creator's (db/schema/creators.ts): the kyc
 * module above writes the checks, and the creator's own account reads where they stand here.
 */
export async function kycSummaryOf(executor: Executor, creatorId: string): Promise<KycSummary> {
  const latest = await repository.latestOf(executor, creatorId);
  if (!latest) return { status: 'None', provider: null, reason: null, updatedAt: null };
  return {
    status: latest.status,
    provider: latest.provider,
    reason: await kycReasonFor(executor, latest),
    updatedAt: latest.updatedAt,
  };
}
