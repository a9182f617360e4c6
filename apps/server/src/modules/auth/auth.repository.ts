import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { preparedPerDatabase, type Database, type Executor } from '../../db/client';
import {
  accounts,
  authTokens,
  passwordHistory,
  serverSettings,
  sessions,
  type AuthTokenPurpose,
} from '../../db/schema/index';

export type Account = typeof accounts.$inferSelect;
export type AuthToken = typeof authTokens.$inferSelect;
export type Session = typeof sessions.$inferSelect;

export const PASSWORD_HISTORY_SIZE = 5;

/** What every authenticated request needs of its session and account, in one round trip. */
export type LiveSession = {
  sessionId: string;
  lastUsedAt: Date;
  accountId: string;
  email: string;
  role: Account['role'];
  status: Account['status'];
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
      emailVerifiedAt: accounts.emailVerifiedAt,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
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

  async lockFirstAdminCreation(executor: Executor): Promise<void> {
    await executor.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
  },
};

const FIRST_ADMIN_LOCK = 7_130_001;
