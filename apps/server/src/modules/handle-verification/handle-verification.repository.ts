import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CreatorPlatform, HandleVerificationStatus } from '@platform/shared';
import type { Executor } from '../../db/client';
import {
  accounts,
  connectedAccountTokens,
  creatorHandles,
  creators,
  handleVerificationAttempts,
  oauthRoundTrips,
  verifiedHandles,
} from '../../db/schema';

export type AttemptRow = typeof handleVerificationAttempts.$inferSelect;
export type VerifiedHandleRow = typeof verifiedHandles.$inferSelect;
export type RoundTripRow = typeof oauthRoundTrips.$inferSelect;

/** The unique index that keeps one platform account with one creator. */
export const ACCOUNT_TAKEN_INDEX = 'verified_handles_account_idx';

function evidenceWithCreator(executor: Executor, condition: SQL) {
  return executor
    .select({
      attempt: handleVerificationAttempts,
      firstName: creators.firstName,
      lastName: creators.lastName,
      email: accounts.email,
    })
    .from(handleVerificationAttempts)
    .innerJoin(creators, eq(creators.accountId, handleVerificationAttempts.creatorId))
    .innerJoin(accounts, eq(accounts.id, handleVerificationAttempts.creatorId))
    .where(and(eq(handleVerificationAttempts.method, 'EVIDENCE'), condition))
    .$dynamic();
}

export const handleVerificationRepository = {
  /** The creator's handles, each with its verification (if it is still the same handle) and the verifier's name. */
  async handlesWithVerification(executor: Executor, creatorId: string) {
    return executor
      .select({
        platform: creatorHandles.platform,
        handle: creatorHandles.handle,
        handleKey: creatorHandles.handleKey,
        verified: verifiedHandles,
        verifierName: accounts.displayName,
        verifierEmail: accounts.email,
      })
      .from(creatorHandles)
      .leftJoin(
        verifiedHandles,
        and(
          eq(verifiedHandles.creatorId, creatorHandles.creatorId),
          eq(verifiedHandles.platform, creatorHandles.platform),
          eq(verifiedHandles.handleKey, creatorHandles.handleKey),
        ),
      )
      .leftJoin(accounts, eq(accounts.id, verifiedHandles.verifiedBy))
      .where(eq(creatorHandles.creatorId, creatorId))
      .orderBy(asc(creatorHandles.platform));
  },

  /**
   * The creator's handle on `platform`, locked (for update, or shared by readers that must not see it
   * change before they commit), and its verification if it is still the same handle.
   */
  async lockHandle(
    executor: Executor,
    creatorId: string,
    platform: CreatorPlatform,
    strength: 'update' | 'share' = 'update',
  ) {
    const [row] = await executor
      .select({
        handle: creatorHandles.handle,
        handleKey: creatorHandles.handleKey,
        verified: verifiedHandles,
      })
      .from(creatorHandles)
      .leftJoin(
        verifiedHandles,
        and(
          eq(verifiedHandles.creatorId, creatorHandles.creatorId),
          eq(verifiedHandles.platform, creatorHandles.platform),
          eq(verifiedHandles.handleKey, creatorHandles.handleKey),
        ),
      )
      .where(and(eq(creatorHandles.creatorId, creatorId), eq(creatorHandles.platform, platform)))
      .for(strength, { of: creatorHandles });
    return row;
  },

  async latestAttempts(executor: Executor, creatorId: string): Promise<AttemptRow[]> {
    return executor
      .selectDistinctOn([handleVerificationAttempts.platform])
      .from(handleVerificationAttempts)
      .where(eq(handleVerificationAttempts.creatorId, creatorId))
      .orderBy(handleVerificationAttempts.platform, desc(handleVerificationAttempts.createdAt));
  },

  async latestAttemptOn(
    executor: Executor,
    creatorId: string,
    platform: CreatorPlatform,
  ): Promise<AttemptRow | undefined> {
    const [row] = await executor
      .select()
      .from(handleVerificationAttempts)
      .where(
        and(
          eq(handleVerificationAttempts.creatorId, creatorId),
          eq(handleVerificationAttempts.platform, platform),
        ),
      )
      .orderBy(desc(handleVerificationAttempts.createdAt))
      .limit(1);
    return row;
  },

  async attempt(
    executor: Executor,
    id: string,
    options: { lock?: boolean } = {},
  ): Promise<AttemptRow | undefined> {
    const query = executor
      .select()
      .from(handleVerificationAttempts)
      .where(eq(handleVerificationAttempts.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  async insertAttempt(executor: Executor, row: AttemptRow): Promise<void> {
    await executor.insert(handleVerificationAttempts).values(row);
  },

  async updateAttempt(executor: Executor, id: string, patch: Partial<AttemptRow>): Promise<AttemptRow> {
    const [row] = await executor
      .update(handleVerificationAttempts)
      .set(patch)
      .where(eq(handleVerificationAttempts.id, id))
      .returning();
    if (!row) throw new Error(`no verification attempt ${id}`);
    return row;
  },

  /** Ends the creator's other attempts on the platform still waiting: one way at a time is open. */
  async expireOpenAttempts(executor: Executor, creatorId: string, platform: CreatorPlatform, now: Date) {
    await executor
      .update(handleVerificationAttempts)
      .set({ status: 'EXPIRED', decidedAt: now })
      .where(
        and(
          eq(handleVerificationAttempts.creatorId, creatorId),
          eq(handleVerificationAttempts.platform, platform),
          eq(handleVerificationAttempts.status, 'PENDING'),
        ),
      );
  },

  /** Records the handle as the creator's, replacing an earlier verification of the same handle. */
  async saveVerified(executor: Executor, row: VerifiedHandleRow): Promise<void> {
    await executor
      .insert(verifiedHandles)
      .values(row)
      .onConflictDoUpdate({
        target: [verifiedHandles.creatorId, verifiedHandles.platform],
        set: {
          handleKey: row.handleKey,
          accountId: row.accountId,
          method: row.method,
          attemptId: row.attemptId,
          verifiedBy: row.verifiedBy,
          verifiedAt: row.verifiedAt,
        },
      });
  },

  /** Another creator who holds the platform account `accountId` verified. */
  async holderOfAccount(
    executor: Executor,
    platform: CreatorPlatform,
    accountId: string,
    exceptCreatorId: string,
  ) {
    const [row] = await executor
      .select({ creatorId: verifiedHandles.creatorId })
      .from(verifiedHandles)
      .where(
        and(
          eq(verifiedHandles.platform, platform),
          eq(verifiedHandles.accountId, accountId),
          sql`${verifiedHandles.creatorId} <> ${exceptCreatorId}`,
        ),
      );
    return row?.creatorId;
  },

  /** Evidence in one status for Support's queue, oldest first, with whose it is. */
  async evidenceQueue(executor: Executor, status: HandleVerificationStatus) {
    return evidenceWithCreator(executor, eq(handleVerificationAttempts.status, status))
      .orderBy(asc(handleVerificationAttempts.createdAt))
      .limit(200);
  },

  /** One piece of evidence, with whose it is. */
  async evidence(executor: Executor, id: string) {
    const [row] = await evidenceWithCreator(executor, eq(handleVerificationAttempts.id, id));
    return row;
  },

  async staffName(executor: Executor, accountId: string | null): Promise<string | null> {
    if (!accountId) return null;
    const [row] = await executor
      .select({ name: accounts.displayName, email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return row ? row.name || row.email : null;
  },

  async insertRoundTrip(executor: Executor, row: RoundTripRow): Promise<void> {
    await executor.insert(oauthRoundTrips).values(row);
  },

  /** The round trip of `state`, locked, so that it is used once. */
  async lockRoundTrip(executor: Executor, state: string): Promise<RoundTripRow | undefined> {
    const [row] = await executor
      .select()
      .from(oauthRoundTrips)
      .where(eq(oauthRoundTrips.state, state))
      .for('update');
    return row;
  },

  async markRoundTripUsed(executor: Executor, state: string, now: Date): Promise<void> {
    await executor.update(oauthRoundTrips).set({ usedAt: now }).where(eq(oauthRoundTrips.state, state));
  },

  async saveTokens(executor: Executor, row: typeof connectedAccountTokens.$inferInsert): Promise<void> {
    await executor
      .insert(connectedAccountTokens)
      .values(row)
      .onConflictDoUpdate({
        target: [connectedAccountTokens.creatorId, connectedAccountTokens.platform],
        set: {
          accountId: row.accountId,
          accessTokenSealed: row.accessTokenSealed,
          refreshTokenSealed: row.refreshTokenSealed ?? null,
          expiresAt: row.expiresAt ?? null,
          scope: row.scope ?? null,
          updatedAt: row.updatedAt,
        },
      });
  },

  async tokensOf(executor: Executor, creatorId: string, platform: CreatorPlatform) {
    const [row] = await executor
      .select()
      .from(connectedAccountTokens)
      .where(
        and(eq(connectedAccountTokens.creatorId, creatorId), eq(connectedAccountTokens.platform, platform)),
      );
    return row;
  },
};
