import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUTH_CODE_MESSAGES,
  AUTH_CODES,
  AUTH_MESSAGES,
  DEACTIVATED_MESSAGES,
  ERROR_CODES,
  isStaffRole,
  normalizeEmail,
  STAFF_MESSAGES,
  type AccountRole,
  type AuthCode,
  type MarketingRole,
  type MessageResponse,
  type ProfileResponse,
  type TokenResponse,
} from '@platform/shared';
import type { RateLimiter, RateLimitRule } from '../../adapters/rate-limit/rate-limiter';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { AuthTokenPurpose } from '../../db/schema/index';
import type { RequestUser } from '../../principal';
import { AppError, errors } from '../../errors';
import { emailTemplates, type EmailService } from '../email/email.service';
import { newPasswordProblem, type PasswordHasher } from './auth.passwords';
import { authRepository as repository, type Account, type AuthToken } from './auth.repository';
import {
  ACCESS_TOKEN_SECONDS,
  createHint,
  hashHint,
  type DeviceTrust,
  type SessionCookie,
  type TokenSigner,
} from './auth.tokens';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

export const TOKEN_LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  'verify-email': DAY,
  'reset-password': HOUR,
  'first-admin': 7 * DAY,
};
export const SESSION_IDLE_MS = DAY;
export const SESSION_ABSOLUTE_MS = { creator: 30 * DAY, staff: 12 * HOUR };
export const PASSWORD_MINIMUM_AGE_MS = DAY;
const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export const DEFAULT_AUTH_RATE_LIMITS = {
  signInPerIp: { limit: 100, windowSeconds: 900 },
  signInPerAccount: { limit: 10, windowSeconds: 900 },
  signUpPerIp: { limit: 20, windowSeconds: 3600 },
  signUpPerAccount: { limit: 5, windowSeconds: 3600 },
  forgotPasswordPerIp: { limit: 20, windowSeconds: 900 },
  forgotPasswordPerAccount: { limit: 5, windowSeconds: 3600 },
  verifyPerIp: { limit: 60, windowSeconds: 900 },
  resendVerificationPerAccount: { limit: 5, windowSeconds: 3600 },
  resetPasswordPerIp: { limit: 60, windowSeconds: 900 },
  firstAdminPerIp: { limit: 20, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;
export type AuthRateLimits = typeof DEFAULT_AUTH_RATE_LIMITS;

export type AuthenticatedUser = RequestUser;

/**
 * What another module adds when a creator signs up, in the same transaction as the account: the creator
 * module's own record, the terms the creator accepted and the device they signed up on.
 */
export type CreatorSignUpListener = (
  executor: Executor,
  creator: { accountId: string; termsDocumentId: string; deviceToken: string | null },
) => Promise<void>;

/**
 * The published terms a sign-up's `tncVersion` names, by id or by the version string of the terms in
 * force, or null when it names none (the legal module knows).
 */
export type TermsVersionCheck = (tncVersion: string) => Promise<string | null>;

/** What other modules may know of an account: never its password hash. */
export type AccountSummary = {
  id: string;
  email: string;
  displayName: string | null;
  role: AccountRole;
  status: Account['status'];
  emailVerified: boolean;
  createdAt: Date;
  lastSignedInAt: Date | null;
};
export type StaffAccount = AccountSummary & { role: MarketingRole };

const summarise = (account: Account): AccountSummary => ({
  id: account.id,
  email: account.email,
  displayName: account.displayName,
  role: account.role,
  status: account.status,
  emailVerified: account.emailVerifiedAt !== null,
  createdAt: account.createdAt,
  lastSignedInAt: account.lastSignedInAt,
});

const asStaff = (account: Account | undefined): StaffAccount | undefined => {
  if (!account || !isStaffRole(account.role)) return undefined;
  return { ...summarise(account), role: account.role };
};

const CHECK_YOUR_EMAIL: MessageResponse = {
  message: AUTH_MESSAGES.checkYourEmail,
  code: AUTH_CODES.checkYourEmail,
};
const EMAIL_SENT: MessageResponse = { message: AUTH_MESSAGES.emailSent };

function passwordPolicyError(code: AuthCode, field: string): AppError {
  const message = AUTH_CODE_MESSAGES[code];
  return new AppError(422, code, message, [{ field, message }]);
}

/** The right password, or a live session's cookie, for an account that may no longer sign in. */
function accountDeactivated(role: AccountRole): AppError {
  const message = role === 'Creator' ? DEACTIVATED_MESSAGES.creator : DEACTIVATED_MESSAGES.staff;
  return new AppError(403, ERROR_CODES.accountDeactivated, message);
}

/** A session just started: the access token, and the session's cookie with the session's end. */
export type StartedSession = { token: TokenResponse; cookie: string; endsAt: Date };

const hintErrors = {
  invalid: () => new AppError(400, ERROR_CODES.hintInvalid, AUTH_MESSAGES.hintInvalid),
  used: () => new AppError(409, ERROR_CODES.hintUsed, AUTH_MESSAGES.hintUsed),
  expired: () => new AppError(410, ERROR_CODES.hintExpired, AUTH_MESSAGES.hintExpired),
};

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(dependencies: {
  db: Database;
  clock: Clock;
  hasher: PasswordHasher;
  signer: TokenSigner;
  sessionCookie: SessionCookie;
  deviceTrust: DeviceTrust;
  rateLimiter: RateLimiter;
  emailService: EmailService;
  publicUrl: string;
  logger: FastifyBaseLogger;
  rateLimits?: AuthRateLimits;
  signUpTermsId: TermsVersionCheck;
}) {
  const {
    db,
    clock,
    hasher,
    signer,
    sessionCookie,
    deviceTrust,
    rateLimiter,
    emailService,
    publicUrl,
    signUpTermsId,
  } = dependencies;
  const creatorSignUpListeners: CreatorSignUpListener[] = [];
  const limits = dependencies.rateLimits ?? DEFAULT_AUTH_RATE_LIMITS;
  let dummyHash: Promise<string> | undefined;

  /** Verifying against a throwaway hash makes an unknown email cost the same time as a wrong password. */
  const passwordHashFor = (account: Account | undefined) =>
    account
      ? Promise.resolve(account.passwordHash)
      : (dummyHash ??= hasher.hash(randomBytes(16).toString('hex')));

  async function consumeOne(key: string, rule: RateLimitRule) {
    const [decision] = await rateLimiter.consume([{ key, rule }]);
    if (!decision) throw new Error('the rate limiter decided nothing');
    return decision;
  }

  async function limitOrThrow(key: string, rule: RateLimitRule): Promise<void> {
    const decision = await consumeOne(key, rule);
    if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds);
  }

  async function withinLimit(key: string, rule: RateLimitRule): Promise<boolean> {
    return (await consumeOne(key, rule)).allowed;
  }

  const link = (path: string, hint?: string) =>
    hint === undefined ? `${publicUrl}${path}` : `${publicUrl}${path}?hint=${encodeURIComponent(hint)}`;

  async function issueToken(
    executor: Parameters<typeof repository.insertToken>[0],
    purpose: AuthTokenPurpose,
    accountId: string | null,
  ): Promise<string> {
    const now = clock.now();
    const { hint, hintHash } = createHint();
    await repository.insertToken(
      executor,
      {
        purpose,
        tokenHash: hintHash,
        accountId,
        expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
      },
      now,
    );
    return hint;
  }

  /** A token that exists, is unused and unexpired; otherwise the matching 400, 409 or 410. */
  async function usableToken(purpose: AuthTokenPurpose, hint: string): Promise<AuthToken> {
    const token = await repository.findToken(db, purpose, hashHint(hint));
    if (!token) throw hintErrors.invalid();
    if (token.usedAt) throw hintErrors.used();
    if (token.expiresAt.getTime() <= clock.now().getTime()) throw hintErrors.expired();
    return token;
  }

  async function startSession(account: Account): Promise<StartedSession> {
    const now = clock.now();
    const lifetime = account.role === 'Creator' ? SESSION_ABSOLUTE_MS.creator : SESSION_ABSOLUTE_MS.staff;
    const sessionId = randomUUID();
    const endsAt = new Date(now.getTime() + lifetime);
    await repository.markSignedIn(db, account.id, now);
    await repository.insertSession(db, {
      id: sessionId,
      accountId: account.id,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: endsAt,
      revokedAt: null,
    });
    return {
      token: {
        id_token: await signer.sign({ accountId: account.id, sessionId, role: account.role }, now),
        expires_in: ACCESS_TOKEN_SECONDS,
      },
      cookie: await sessionCookie.issue({ accountId: account.id, sessionId }, now, endsAt),
      endsAt,
    };
  }

  /** The signed-in user of a session that is live now, touching it when it was last used a while ago. */
  async function liveUser(
    sessionId: string,
    accountId: string,
    now: Date,
  ): Promise<AuthenticatedUser | null> {
    const live = await repository.findLiveSession(
      db,
      sessionId,
      now,
      new Date(now.getTime() - SESSION_IDLE_MS),
    );
    if (!live || live.accountId !== accountId || live.status === 'INACTIVE') return null;
    if (live.role === 'Creator' && live.onboardingStatus === 'INACTIVE') return null;
    if (now.getTime() - live.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
      await repository.touchSession(db, live.sessionId, now);
    }
    return {
      accountId: live.accountId,
      sessionId: live.sessionId,
      role: live.role,
      email: live.email,
      status: live.status,
      onboardingStatus: live.onboardingStatus,
      emailVerified: live.emailVerifiedAt !== null,
    };
  }

  async function assertPasswordChangeAllowed(
    account: Account,
    newPassword: string,
    field: string,
  ): Promise<void> {
    const problem = newPasswordProblem(newPassword, account.email);
    if (problem) throw passwordPolicyError(problem, field);
    const now = clock.now().getTime();
    if (
      account.passwordMinimumAgeApplies &&
      now - account.passwordChangedAt.getTime() < PASSWORD_MINIMUM_AGE_MS
    ) {
      throw passwordPolicyError(AUTH_CODES.minimumPasswordAge, field);
    }
    if (await hasher.verify(account.passwordHash, newPassword)) {
      throw passwordPolicyError(AUTH_CODES.passwordEqualsCurrent, field);
    }
    for (const previousHash of await repository.recentPasswordHashes(db, account.id)) {
      if (previousHash !== account.passwordHash && (await hasher.verify(previousHash, newPassword))) {
        throw passwordPolicyError(AUTH_CODES.passwordReused, field);
      }
    }
  }

  async function createAccount(
    details: {
      email: string;
      role: AccountRole;
      passwordHash: string;
      verified: boolean;
      displayName?: string;
    },
    executor: Parameters<typeof repository.insertAccount>[0],
  ): Promise<Account | undefined> {
    const now = clock.now();
    const account = await repository.insertAccount(executor, {
      id: randomUUID(),
      email: details.email,
      displayName: details.displayName ?? null,
      role: details.role,
      status: 'ACTIVE',
      passwordHash: details.passwordHash,
      passwordMinimumAgeApplies: false,
      passwordChangedAt: now,
      emailVerifiedAt: details.verified ? now : null,
      createdAt: now,
      lastSignedInAt: null,
    });
    if (account) await repository.setPassword(executor, account.id, details.passwordHash, now, false);
    return account;
  }

  return {
    /** Plugs in what a module adds to every new creator, in the sign-up's own transaction. */
    onCreatorSignUp(listener: CreatorSignUpListener): void {
      creatorSignUpListeners.push(listener);
    },

    async signUp(
      input: { username: string; password: string; deviceToken: string; tncVersion: string },
      ip: string,
    ): Promise<MessageResponse> {
      await limitOrThrow(`sign-up:ip:${ip}`, limits.signUpPerIp);
      const email = normalizeEmail(input.username);
      const problem = newPasswordProblem(input.password, email);
      if (problem) throw passwordPolicyError(problem, 'password');
      const termsDocumentId = await signUpTermsId(input.tncVersion);
      if (!termsDocumentId) {
        throw errors.validation([{ field: 'tncVersion', message: AUTH_MESSAGES.termsOutdated }]);
      }
      if (!(await withinLimit(`sign-up:account:${email}`, limits.signUpPerAccount))) return CHECK_YOUR_EMAIL;

      const passwordHash = await hasher.hash(input.password);
      await db.transaction(async (tx) => {
        const created = await createAccount({ email, role: 'Creator', passwordHash, verified: false }, tx);
        if (created) {
          for (const listener of creatorSignUpListeners) {
            await listener(tx, {
              accountId: created.id,
              termsDocumentId,
              deviceToken: input.deviceToken || null,
            });
          }
          const hint = await issueToken(tx, 'verify-email', created.id);
          await emailService.enqueue(tx, email, emailTemplates.verifyEmail(link('/verify', hint)));
          return;
        }
        const existing = await repository.findAccountByEmail(tx, email);
        if (existing && !existing.emailVerifiedAt) {
          const hint = await issueToken(tx, 'verify-email', existing.id);
          await emailService.enqueue(tx, email, emailTemplates.verifyEmail(link('/verify', hint)));
        } else {
          await emailService.enqueue(tx, email, emailTemplates.signUpAttempt(link('/sign-in')));
        }
      });
      emailService.notifyEnqueued();
      return CHECK_YOUR_EMAIL;
    },

    async verifyEmail(hint: string, ip: string): Promise<MessageResponse> {
      await limitOrThrow(`verify:ip:${ip}`, limits.verifyPerIp);
      const token = await usableToken('verify-email', hint);
      await db.transaction(async (tx) => {
        if (!(await repository.consumeToken(tx, token.id, clock.now()))) throw hintErrors.used();
        if (token.accountId) await repository.markEmailVerified(tx, token.accountId, clock.now());
      });
      return { message: 'Verified' };
    },

    /** A signed-in creator who lost the first email asks for a new link; a verified one is told so. */
    async resendVerification(user: AuthenticatedUser): Promise<MessageResponse> {
      const account = await repository.findAccountById(db, user.accountId);
      if (!account) throw errors.unauthenticated();
      if (account.emailVerifiedAt) return { message: 'Verified' };
      await limitOrThrow(`resend-verification:account:${account.id}`, limits.resendVerificationPerAccount);
      await db.transaction(async (tx) => {
        const hint = await issueToken(tx, 'verify-email', account.id);
        await emailService.enqueue(tx, account.email, emailTemplates.verifyEmail(link('/verify', hint)));
      });
      emailService.notifyEnqueued();
      return EMAIL_SENT;
    },

    /**
     * Attempts are counted per address and per account before any hashing. An attempt from a device on
     * which this account signed in before is counted apart (ADR 011), so a flood of wrong passwords from
     * elsewhere locks out the flood, not the owner. A successful sign-in returns the device's token anew.
     */
    async signIn(
      input: { username: string; password: string; deviceToken: string | undefined },
      ip: string,
    ): Promise<{ session: StartedSession; deviceToken: string }> {
      const now = clock.now();
      const email = normalizeEmail(input.username);
      const account = await repository.findAccountByEmail(db, email);
      const device = input.deviceToken ? await deviceTrust.recognise(input.deviceToken, now) : null;
      const knownDevice = device && account && device.accountId === account.id ? device : null;
      const [perAddress, perAccount] = await rateLimiter.consume([
        { key: `sign-in:ip:${ip}`, rule: limits.signInPerIp },
        {
          key: knownDevice ? `sign-in:device:${knownDevice.deviceId}` : `sign-in:account:${email}`,
          rule: limits.signInPerAccount,
        },
      ]);
      if (perAddress && !perAddress.allowed) throw errors.rateLimited(perAddress.retryAfterSeconds);
      if (!perAccount?.allowed) {
        throw errors.rateLimited(
          perAccount?.retryAfterSeconds ?? limits.signInPerAccount.windowSeconds,
          AUTH_CODES.accountLocked,
          AUTH_MESSAGES.signInFailed,
        );
      }
      const passwordMatches = await hasher.verify(await passwordHashFor(account), input.password);
      if (!account || !passwordMatches) {
        throw new AppError(401, AUTH_CODES.wrongCredentials, AUTH_MESSAGES.signInFailed);
      }
      // Only whoever knows the password learns that the account is deactivated.
      if (account.status === 'INACTIVE') throw accountDeactivated(account.role);
      return {
        session: await startSession(account),
        deviceToken: await deviceTrust.issue(
          { accountId: account.id, deviceId: knownDevice?.deviceId ?? randomUUID() },
          now,
        ),
      };
    },

    /** The signed-in user behind a bearer token, or null if the token or its session is no longer valid. */
    async authenticate(token: string): Promise<AuthenticatedUser | null> {
      const now = clock.now();
      const claims = await signer.verify(token, now);
      return claims ? liveUser(claims.sessionId, claims.accountId, now) : null;
    },

    /**
     * The refresh of a tab whose access token expired while it slept (ADR 004): the session's cookie
     * proves the session, and the token the tab still holds, expired or not, must name that same session,
     * so that a tab never continues another account's session signed in later in the same browser. Null
     * when the session is no longer live; a 403 when it ended because the account was deactivated.
     */
    async resumeSession(
      cookie: string | undefined,
      heldToken: string | null,
    ): Promise<AuthenticatedUser | null> {
      if (!cookie || !heldToken) return null;
      const now = clock.now();
      const [named, held] = await Promise.all([
        sessionCookie.read(cookie, now),
        signer.sessionNamedBy(heldToken, now),
      ]);
      if (!named || !held || named.sessionId !== held.sessionId || named.accountId !== held.accountId) {
        return null;
      }
      const user = await liveUser(named.sessionId, named.accountId, now);
      if (user) return user;
      const account = await repository.findAccountById(db, named.accountId);
      if (account?.status === 'INACTIVE') throw accountDeactivated(account.role);
      return null;
    },

    async refresh(user: AuthenticatedUser): Promise<TokenResponse> {
      const now = clock.now();
      await repository.touchSession(db, user.sessionId, now);
      return {
        id_token: await signer.sign(user, now),
        expires_in: ACCESS_TOKEN_SECONDS,
      };
    },

    async signOut(user: AuthenticatedUser): Promise<void> {
      await repository.revokeSession(db, user.sessionId, clock.now());
    },

    async forgotPassword(username: string, ip: string): Promise<MessageResponse> {
      await limitOrThrow(`forgot-password:ip:${ip}`, limits.forgotPasswordPerIp);
      const email = normalizeEmail(username);
      if (!(await withinLimit(`forgot-password:account:${email}`, limits.forgotPasswordPerAccount)))
        return EMAIL_SENT;
      const account = await repository.findAccountByEmail(db, email);
      if (!account) return EMAIL_SENT;
      await db.transaction(async (tx) => {
        const hint = await issueToken(tx, 'reset-password', account.id);
        await emailService.enqueue(tx, email, emailTemplates.resetPassword(link('/reset-password', hint)));
      });
      emailService.notifyEnqueued();
      return EMAIL_SENT;
    },

    async validateResetToken(hint: string, ip: string): Promise<MessageResponse> {
      await limitOrThrow(`reset-password:ip:${ip}`, limits.resetPasswordPerIp);
      await usableToken('reset-password', hint);
      return { message: 'TokenVerified' };
    },

    async resetPassword(hint: string, newPassword: string, ip: string): Promise<MessageResponse> {
      await limitOrThrow(`reset-password:ip:${ip}`, limits.resetPasswordPerIp);
      const token = await usableToken('reset-password', hint);
      const account = token.accountId ? await repository.findAccountById(db, token.accountId) : undefined;
      if (!account) throw hintErrors.invalid();
      await assertPasswordChangeAllowed(account, newPassword, 'newPassword');
      const passwordHash = await hasher.hash(newPassword);
      await db.transaction(async (tx) => {
        const now = clock.now();
        if (!(await repository.consumeToken(tx, token.id, now))) throw hintErrors.used();
        await repository.setPassword(tx, account.id, passwordHash, now, true);
        await repository.revokeAllSessions(tx, account.id, now);
        await repository.expireUnusedTokens(tx, 'reset-password', account.id, now);
        // Following the emailed link proves the person controls the mailbox.
        await repository.markEmailVerified(tx, account.id, now);
      });
      // Whoever reset the password holds the mailbox: the lock on sign-ins from unknown devices ends.
      await rateLimiter.reset(`sign-in:account:${account.email}`);
      return { message: 'ResetSuccess' };
    },

    /** The account as the session check read it a moment ago: no second query. */
    profile(user: AuthenticatedUser): ProfileResponse {
      return {
        id: user.accountId,
        email: user.email,
        emailVerified: user.emailVerified,
        // A creator's status is where they are in onboarding; a staff member's whether they may sign in.
        status: user.onboardingStatus ?? user.status,
        role: user.role,
      };
    },

    /** Housekeeping: sessions over for a week and link tokens expired for a month are of no more use. */
    async purgeEnded(): Promise<{ sessions: number; tokens: number }> {
      const now = clock.now().getTime();
      return {
        sessions: await repository.deleteSessionsEndedBefore(db, new Date(now - 7 * DAY)),
        tokens: await repository.deleteTokensExpiredBefore(db, new Date(now - 30 * DAY)),
      };
    },

    async isFirstAdminSetupOpen(): Promise<boolean> {
      return !(await repository.hasAccountWithRole(db, 'Admin'));
    },

    /** While no Admin exists, replaces any earlier setup link with a new one and returns it. */
    async issueFirstAdminSetupLink(): Promise<string | null> {
      if (!(await this.isFirstAdminSetupOpen())) return null;
      const token = await db.transaction(async (tx) => {
        await repository.expireUnusedTokens(tx, 'first-admin', null, clock.now());
        return issueToken(tx, 'first-admin', null);
      });
      return `${publicUrl}/setup?token=${encodeURIComponent(token)}`;
    },

    async createFirstAdmin(
      input: { token: string; email: string; password: string },
      ip: string,
    ): Promise<MessageResponse> {
      await limitOrThrow(`first-admin:ip:${ip}`, limits.firstAdminPerIp);
      if (!(await this.isFirstAdminSetupOpen())) throw setupClosed();
      const email = normalizeEmail(input.email);
      const token = await usableToken('first-admin', input.token);
      const problem = newPasswordProblem(input.password, email);
      if (problem) throw passwordPolicyError(problem, 'password');
      const passwordHash = await hasher.hash(input.password);
      await db.transaction(async (tx) => {
        await repository.lockFirstAdminCreation(tx);
        if (await repository.hasAccountWithRole(tx, 'Admin')) throw setupClosed();
        if (!(await repository.consumeToken(tx, token.id, clock.now()))) throw hintErrors.used();
        const admin = await createAccount({ email, role: 'Admin', passwordHash, verified: true }, tx);
        if (!admin) {
          const message = 'An account with this email already exists. Use another email for the Admin.';
          throw new AppError(409, ERROR_CODES.conflict, message, [{ field: 'email', message }]);
        }
      });
      return { message: 'The Admin account is ready. You can now sign in.' };
    },

    // ---- Staff accounts, for the staff module ----

    /** The active staff members holding one of `roles` (whom the notifications module may tell of work). */
    activeStaffWithRoles: (roles: readonly MarketingRole[], executor: Executor = db) =>
      repository.activeStaffWithRoles(executor, roles),

    async findAccountById(id: string, executor: Executor = db): Promise<AccountSummary | undefined> {
      const account = await repository.findAccountById(executor, id);
      return account && summarise(account);
    },

    async findAccountByEmail(email: string, executor: Executor = db): Promise<AccountSummary | undefined> {
      const account = await repository.findAccountByEmail(executor, normalizeEmail(email));
      return account && summarise(account);
    },

    async findAccountsByIds(ids: readonly string[], executor: Executor = db): Promise<AccountSummary[]> {
      return (await repository.findAccountsByIds(executor, ids)).map(summarise);
    },

    /** A staff account by id; a creator's id is no staff account. */
    async findStaffAccount(id: string, executor: Executor = db): Promise<StaffAccount | undefined> {
      return asStaff(await repository.findAccountById(executor, id));
    },

    async listStaffAccounts(query: {
      page: number;
      pageSize: number;
      search?: string | undefined;
      status?: 'ACTIVE' | 'INACTIVE' | undefined;
    }): Promise<{ items: StaffAccount[]; total: number }> {
      const { rows, total } = await repository.listStaffAccounts(db, {
        search: query.search,
        status: query.status,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(asStaff).filter((account) => account !== undefined), total };
    },

    /**
     * Creates an active staff account whose email is verified (the invitation link proved it), under the
     * sign-up password rules, in the caller's transaction. A taken email is a 409.
     */
    async createStaffAccount(
      executor: Executor,
      details: { email: string; displayName: string; role: MarketingRole; password: string },
    ): Promise<StaffAccount> {
      const email = normalizeEmail(details.email);
      const problem = newPasswordProblem(details.password, email);
      if (problem) throw passwordPolicyError(problem, 'password');
      const passwordHash = await hasher.hash(details.password);
      const account = await createAccount(
        {
          email,
          role: details.role,
          passwordHash,
          verified: true,
          displayName: details.displayName,
        },
        executor,
      );
      const created = asStaff(account);
      if (!created) {
        const message = STAFF_MESSAGES.emailTaken;
        throw new AppError(409, ERROR_CODES.conflict, message, [{ field: 'email', message }]);
      }
      return created;
    },

    setStaffRole: (executor: Executor, accountId: string, role: MarketingRole) =>
      repository.setRole(executor, accountId, role),

    setDisplayName: (executor: Executor, accountId: string, displayName: string) =>
      repository.setDisplayName(executor, accountId, displayName),

    /** Every session of the account ends now (Support's REVOKE USER, a creator's deactivation). */
    revokeAllSessions: (executor: Executor, accountId: string) =>
      repository.revokeAllSessions(executor, accountId, clock.now()),

    /** The account can no longer sign in, and every session it has ends now. */
    async disableAccount(executor: Executor, accountId: string): Promise<void> {
      await repository.setStatus(executor, accountId, 'INACTIVE');
      await repository.revokeAllSessions(executor, accountId, clock.now());
    },

    enableAccount: (executor: Executor, accountId: string) =>
      repository.setStatus(executor, accountId, 'ACTIVE'),

    /** Locks the active Admins' rows for the transaction and returns their ids (see the repository). */
    lockActiveAdmins: (executor: Executor) => repository.lockActiveAdmins(executor),

    /**
     * Staff send an account a new verification link on the owner's behalf (issue 13), counted with the
     * owner's own requests; `alongside` runs in the same transaction (the caller's audit record). False
     * when the address is verified already and nothing was sent.
     */
    async sendVerificationFor(
      accountId: string,
      alongside: (executor: Executor) => Promise<void>,
    ): Promise<boolean> {
      const account = await repository.findAccountById(db, accountId);
      if (!account) throw errors.notFound();
      if (account.emailVerifiedAt) return false;
      await limitOrThrow(`resend-verification:account:${account.id}`, limits.resendVerificationPerAccount);
      await db.transaction(async (tx) => {
        const hint = await issueToken(tx, 'verify-email', account.id);
        await emailService.enqueue(tx, account.email, emailTemplates.verifyEmail(link('/verify', hint)));
        await alongside(tx);
      });
      emailService.notifyEnqueued();
      return true;
    },
  };
}

function setupClosed(): AppError {
  return new AppError(409, ERROR_CODES.setupClosed, 'An Admin already exists. Sign in instead.');
}

/** The configured signing key, or one generated once and shared by every process through the database. */
export async function resolveSessionSecret(
  db: Database,
  clock: Clock,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  return repository.getOrCreateSetting(
    db,
    'session-signing-key',
    () => randomBytes(48).toString('base64url'),
    clock.now(),
  );
}

/**
 * The configured key that seals creators' payout details (ADR 029), or 32 random bytes generated once and
 * shared by every process through the database, as the session key is.
 */
export async function resolvePayoutDetailsKey(
  db: Database,
  clock: Clock,
  configured: Buffer | undefined,
): Promise<Buffer> {
  if (configured) return configured;
  const generated = await repository.getOrCreateSetting(
    db,
    'payout-details-key',
    () => randomBytes(32).toString('base64'),
    clock.now(),
  );
  return Buffer.from(generated, 'base64');
}
