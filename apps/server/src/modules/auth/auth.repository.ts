import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { MarketingRole, OnboardingStatus } from '@platform/shared';
import { preparedPerDatabase, type Database, type Executor } from '../../db/client';
import {
  accounts,
  authTokens,
  creators,
  passwordHistory,
  serverSettings,
  sessions,
  type AuthTokenPurpose,
} from '../../db/schema/index';
import { containing } from '../../db/search-pattern';

export type Account = typeof accounts.$inferSelect;
export type AuthToken = typeof authTokens.$inferSelect;
export type Session = typeof sessions.$inferSelect;

export const PASSWORD_HISTORY_SIZE = 5;

export type StaffAccountQuery = {
  search?: string | undefined;
  status?: 'ACTIVE' | 'INACTIVE' | undefined;
  limit: number;
  offset: number;
};

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */

/** What every authenticated request needs of its session and account, in one round trip. */
export type LiveSession = {
  sessionId: string;
  lastUsedAt: Date;
  accountId: string;
  email: string;
  role: Account['role'];
  status: Account['status'];
  onboardingStatus: OnboardingStatus | null;
  emailVerifiedAt: Date | null;
};

const liveSessionQuery = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      accountId: accounts.id,
      email: accounts.email,
      role: accounts.role,
      status: accounts.status,
      onboardingStatus: creators.onboardingStatus,
      emailVerifiedAt: accounts.emailVerifiedAt,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    // Read, never written, here: where a creator is in onboarding is the creator module's, and every
    // request needs it, so it comes in the same round trip as the session (ADR 014).
    .leftJoin(creators, eq(creators.accountId, accounts.id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastUsedAt, sql.placeholder('idleSince')),
      ),
    )
    .prepare('auth_live_session'),
);

const touchSessionQuery = preparedPerDatabase((db) =>
  db
    .update(sessions)
    .set({ lastUsedAt: sql`${sql.placeholder('now')}` })
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('auth_touch_session'),
);

export const authRepository = {
  async findAccountByEmail(executor: Executor, email: string): Promise<Account | undefined> {
    const [account] = await executor.select().from(accounts).where(eq(accounts.email, email));
    return account;
  },

  async findAccountById(executor: Executor, id: string): Promise<Account | undefined> {
    const [account] = await executor.select().from(accounts).where(eq(accounts.id, id));
    return account;
  },

  /** Inserts unless the email is taken; returns undefined when it was (a concurrent sign-up included). */
  async insertAccount(executor: Executor, account: Account): Promise<Account | undefined> {
    const [inserted] = await executor.insert(accounts).values(account).onConflictDoNothing().returning();
    return inserted;
  },

  async markSignedIn(executor: Executor, accountId: string, now: Date): Promise<void> {
    await executor.update(accounts).set({ lastSignedInAt: now }).where(eq(accounts.id, accountId));
  },

  /** The active staff accounts holding one of `roles`. */
  activeStaffWithRoles(
    executor: Executor,
    roles: readonly MarketingRole[],
  ): Promise<{ id: string; role: Account['role'] }[]> {
    if (roles.length === 0) return Promise.resolve([]);
    return executor
      .select({ id: accounts.id, role: accounts.role })
      .from(accounts)
      .where(and(inArray(accounts.role, [...roles]), eq(accounts.status, 'ACTIVE')));
  },

  async hasAccountWithRole(executor: Executor, role: Account['role']): Promise<boolean> {
    const [row] = await executor
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.role, role))
      .limit(1);
    return row !== undefined;
  },

  async markEmailVerified(executor: Executor, accountId: string, now: Date): Promise<void> {
    await executor
      .update(accounts)
      .set({ emailVerifiedAt: now })
      .where(and(eq(accounts.id, accountId), isNull(accounts.emailVerifiedAt)));
  },

  async setPassword(
    executor: Executor,
    accountId: string,
    passwordHash: string,
    now: Date,
    minimumAgeApplies: boolean,
  ): Promise<void> {
    await executor
      .update(accounts)
      .set({ passwordHash, passwordChangedAt: now, passwordMinimumAgeApplies: minimumAgeApplies })
      .where(eq(accounts.id, accountId));
    await executor
      .insert(passwordHistory)
      .values({ id: randomUUID(), accountId, passwordHash, createdAt: now });
    const kept = executor
      .select({ id: passwordHistory.id })
      .from(passwordHistory)
      .where(eq(passwordHistory.accountId, accountId))
      .orderBy(desc(passwordHistory.createdAt))
      .limit(PASSWORD_HISTORY_SIZE);
    await executor
      .delete(passwordHistory)
      .where(and(eq(passwordHistory.accountId, accountId), notInArray(passwordHistory.id, kept)));
  },

  /** The last passwords, newest first, the current one included. */
  async recentPasswordHashes(executor: Executor, accountId: string): Promise<string[]> {
    const rows = await executor
      .select({ passwordHash: passwordHistory.passwordHash })
      .from(passwordHistory)
      .where(eq(passwordHistory.accountId, accountId))
      .orderBy(desc(passwordHistory.createdAt))
      .limit(PASSWORD_HISTORY_SIZE);
    return rows.map((row) => row.passwordHash);
  },

  async insertToken(
    executor: Executor,
    token: { purpose: AuthTokenPurpose; tokenHash: string; accountId: string | null; expiresAt: Date },
    now: Date,
  ): Promise<void> {
    await executor.insert(authTokens).values({ id: randomUUID(), ...token, createdAt: now });
  },

  async findToken(
    executor: Executor,
    purpose: AuthTokenPurpose,
    tokenHash: string,
  ): Promise<AuthToken | undefined> {
    const [token] = await executor
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.purpose, purpose), eq(authTokens.tokenHash, tokenHash)));
    return token;
  },

  /** Marks the token used only if nobody else did first; false means it was already used. */
  async consumeToken(executor: Executor, tokenId: string, now: Date): Promise<boolean> {
    const used = await executor
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.id, tokenId), isNull(authTokens.usedAt)))
      .returning({ id: authTokens.id });
    return used.length === 1;
  },

  async expireUnusedTokens(
    executor: Executor,
    purpose: AuthTokenPurpose,
    accountId: string | null,
    now: Date,
  ): Promise<void> {
    await executor
      .update(authTokens)
      .set({ expiresAt: now })
      .where(
        and(
          eq(authTokens.purpose, purpose),
          accountId === null ? isNull(authTokens.accountId) : eq(authTokens.accountId, accountId),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, now),
        ),
      );
  },

  async insertSession(executor: Executor, session: Session): Promise<void> {
    await executor.insert(sessions).values(session);
  },

  /** A live session with its account, or undefined if revoked, expired or idle too long. */
  async findLiveSession(
    db: Database,
    sessionId: string,
    now: Date,
    idleSince: Date,
  ): Promise<LiveSession | undefined> {
    const [row] = await liveSessionQuery(db).execute({
      sessionId,
      now: now.toISOString(),
      idleSince: idleSince.toISOString(),
    });
    return row;
  },

  async touchSession(db: Database, sessionId: string, now: Date): Promise<void> {
    await touchSessionQuery(db).execute({ sessionId, now: now.toISOString() });
  },

  async revokeSession(executor: Executor, sessionId: string, now: Date): Promise<void> {
    await executor
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  },

  async revokeAllSessions(executor: Executor, accountId: string, now: Date): Promise<void> {
    await executor
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
  },

  async deleteSessionsEndedBefore(executor: Executor, cutoff: Date): Promise<number> {
    const deleted = await executor
      .delete(sessions)
      .where(
        or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff), lt(sessions.lastUsedAt, cutoff)),
      )
      .returning({ id: sessions.id });
    return deleted.length;
  },

  async deleteTokensExpiredBefore(executor: Executor, cutoff: Date): Promise<number> {
    const deleted = await executor
      .delete(authTokens)
      .where(lt(authTokens.expiresAt, cutoff))
      .returning({ id: authTokens.id });
    return deleted.length;
  },

  /** Returns the stored value, creating it from `create` if no process has yet. */
  async getOrCreateSetting(
    executor: Executor,
    key: string,
    create: () => string,
    now: Date,
  ): Promise<string> {
    await executor
      .insert(serverSettings)
      .values({ key, value: create(), createdAt: now })
      .onConflictDoNothing();
    const [row] = await executor.select().from(serverSettings).where(eq(serverSettings.key, key));
    if (!row) throw new Error(`setting ${key} could not be stored`);
    return row.value;
  },

  async findAccountsByIds(executor: Executor, ids: readonly string[]): Promise<Account[]> {
    if (ids.length === 0) return [];
    return executor
      .select()
      .from(accounts)
      .where(inArray(accounts.id, [...ids]));
  },

  /** Staff accounts (every role but Creator), by name then email, with the total before paging. */
  async listStaffAccounts(
    executor: Executor,
    query: StaffAccountQuery,
  ): Promise<{ rows: Account[]; total: number }> {
    const search = query.search?.trim();
    const where = and(
      ne(accounts.role, 'Creator'),
      query.status ? eq(accounts.status, query.status) : undefined,
      search
        ? or(ilike(accounts.displayName, containing(search)), ilike(accounts.email, containing(search)))
        : undefined,
    );
    const rows = await executor
      .select()
      .from(accounts)
      .where(where)
      .orderBy(asc(sql`lower(coalesce(${accounts.displayName}, ${accounts.email}))`), asc(accounts.id))
      .limit(query.limit)
      .offset(query.offset);
    const [total] = await executor.select({ value: count() }).from(accounts).where(where);
    return { rows, total: total?.value ?? 0 };
  },

  async setRole(executor: Executor, accountId: string, role: MarketingRole): Promise<void> {
    await executor.update(accounts).set({ role }).where(eq(accounts.id, accountId));
  },

  async setDisplayName(executor: Executor, accountId: string, displayName: string): Promise<void> {
    await executor.update(accounts).set({ displayName }).where(eq(accounts.id, accountId));
  },

  async setStatus(executor: Executor, accountId: string, status: 'ACTIVE' | 'INACTIVE'): Promise<void> {
    await executor.update(accounts).set({ status }).where(eq(accounts.id, accountId));
  },

  /**
   * Locks the rows of the active Admins until the transaction ends and returns their ids. A change that
   * could leave no active Admin takes this lock first, so two such changes run one after the other and
   * the second sees the first's result.
   */
  async lockActiveAdmins(executor: Executor): Promise<string[]> {
    const rows = await executor
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.role, 'Admin'), eq(accounts.status, 'ACTIVE')))
      .orderBy(asc(accounts.id))
      .for('update');
    return rows.map((row) => row.id);
  },

  async lockFirstAdminCreation(executor: Executor): Promise<void> {
    await executor.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
  },
};

const FIRST_ADMIN_LOCK = 7_130_001;
