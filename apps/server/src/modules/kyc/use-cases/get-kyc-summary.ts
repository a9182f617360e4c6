import type { KycStatus } from '@platform/shared';
import type { KycContext } from '../kyc.context';
import { kycRepository as repository } from '../kyc.repository';
import { reasonFor } from '../kyc-checks';

export type KycSummary = {
  status: KycStatus;
  provider: 'built-in' | 'onfido' | null;
  reason: string | null;
  updatedAt: Date | null;
};

/** The creator's latest identity check, for their account. */
export async function getKycSummary(context: KycContext, creatorId: string): Promise<KycSummary> {
  const latest = await repository.latestOf(context.db, creatorId);
  if (!latest) return { status: 'None', provider: null, reason: null, updatedAt: null };
  return {
    status: latest.status,
    provider: latest.provider,
    reason: await reasonFor(context, latest),
    updatedAt: latest.updatedAt,
  };
}
