import { and, desc, eq, inArray } from 'drizzle-orm';
import type { KycStatus } from '@platform/shared';
import type { Executor } from '../../db/client';
import { kycApplications } from '../../db/schema/index';

export type KycApplicationRow = typeof kycApplications.$inferSelect;

/** The creator's own reading of their identity checks, which the kyc module writes. */
export const kycSummaryRepository = {
  /** The creator's latest check, or their latest in one of `statuses`. */
  async latestOf(
    executor: Executor,
    creatorId: string,
    statuses?: readonly KycStatus[],
  ): Promise<KycApplicationRow | undefined> {
    const ofCreator = eq(kycApplications.creatorId, creatorId);
    const [row] = await executor
      .select()
      .from(kycApplications)
      .where(statuses ? and(ofCreator, inArray(kycApplications.status, [...statuses])) : ofCreator)
      .orderBy(desc(kycApplications.createdAt), desc(kycApplications.id))
      .limit(1);
    return row;
  },
};
