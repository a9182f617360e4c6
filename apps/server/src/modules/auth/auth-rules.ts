import { randomBytes, randomUUID } from 'node:crypto';
import {
  AUTH_CODE_MESSAGES,
  AUTH_CODES,
  AUTH_MESSAGES,
  DEACTIVATED_MESSAGES,
  ERROR_CODES,
  isStaffRole,
  type AccountRole,
  type AuthCode,
  type MessageResponse,
  type TokenResponse,
} from '@platform/shared';
import type { RateLimitRule } from '../../adapters/rate-limit/rate-limiter';
import type { AuthTokenPurpose } from '../../db/schema/index';
import { AppError, errors } from '../../errors';
import { newPasswordProblem } from './auth.passwords';
import { authRepository as repository, type Account, type AuthToken } from './auth.repository';
import { ACCESS_TOKEN_SECONDS, createHint, hashHint } from './auth.tokens';

import type { AccountSummary, AuthContext, AuthenticatedUser, StaffAccount } from './auth.context';
import {
  PASSWORD_MINIMUM_AGE_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_INTERVAL_MS,
  TOKEN_LIFETIME_MS,
} from './auth.policy';

export const summarise = (account: Account): AccountSummary => ({
  id: account.id,
  email: account.email,
  displayName: account.displayName,
  role: account.role,
  status: account.status,
  emailVerified: account.emailVerifiedAt !== null,
  createdAt: account.createdAt,
  lastSignedInAt: account.lastSignedInAt,
});

export const asStaff = (account: Account | undefined): StaffAccount | undefined => {
  if (!account || !isStaffRole(account.role)) return undefined;
  return { ...summarise(account), role: account.role };
};

export const CHECK_YOUR_EMAIL: MessageResponse = {
  message: AUTH_MESSAGES.checkYourEmail,
  code: AUTH_CODES.checkYourEmail,
};
export const EMAIL_SENT: MessageResponse = { message: AUTH_MESSAGES.emailSent };

export function passwordPolicyError(code: AuthCode, field: string): AppError {
  const message = AUTH_CODE_MESSAGES[code];
  return new AppError(422, code, message, [{ field, message }]);
}

/** The right password, or a live session's cookie, for an account that may no longer sign in. */
export function accountDeactivated(role: AccountRole): AppError {
  const message = role === 'Creator' ? DEACTIVATED_MESSAGES.creator : DEACTIVATED_MESSAGES.staff;
  return new AppError(403, ERROR_CODES.accountDeactivated, message);
}

/** A session just started: the access token, and the session's cookie with the session's end. */
export type StartedSession = { token: TokenResponse; cookie: string; endsAt: Date };

export const hintErrors = {
  invalid: () => new AppError(400, ERROR_CODES.hintInvalid, AUTH_MESSAGES.hintInvalid),
  used: () => new AppError(409, ERROR_CODES.hintUsed, AUTH_MESSAGES.hintUsed),
  expired: () => new AppError(410, ERROR_CODES.hintExpired, AUTH_MESSAGES.hintExpired),
};

/** Verifying against a throwaway hash makes an unknown email cost the same time as a wrong password. */
export const passwordHashFor = (context: AuthContext, account: Account | undefined) =>
  account
    ? Promise.resolve(account.passwordHash)
    : (context.dummyHash.value ??= context.hasher.hash(randomBytes(16).toString('hex')));

export async function consumeOne(context: AuthContext, key: string, rule: RateLimitRule) {
  const { rateLimiter } = context;
  const [decision] = await rateLimiter.consume([{ key, rule }]);
  if (!decision) throw new Error('the rate limiter decided nothing');
  return decision;
}

export async function limitOrThrow(context: AuthContext, key: string, rule: RateLimitRule): Promise<void> {
  const decision = await consumeOne(context, key, rule);
  if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds);
}

export async function withinLimit(context: AuthContext, key: string, rule: RateLimitRule): Promise<boolean> {
  return (await consumeOne(context, key, rule)).allowed;
}

export const link = (context: AuthContext, path: string, hint?: string) =>
  hint === undefined
    ? `${context.publicUrl}${path}`
    : `${context.publicUrl}${path}?hint=${encodeURIComponent(hint)}`;

export async function issueToken(
  context: AuthContext,
  executor: Parameters<typeof repository.insertToken>[0],
  purpose: AuthTokenPurpose,
  accountId: string | null,
): Promise<string> {
  const { clock } = context;
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
export async function usableToken(
  context: AuthContext,
  purpose: AuthTokenPurpose,
  hint: string,
): Promise<AuthToken> {
  const { db, clock } = context;
  const token = await repository.findToken(db, purpose, hashHint(hint));
  if (!token) throw hintErrors.invalid();
  if (token.usedAt) throw hintErrors.used();
  if (token.expiresAt.getTime() <= clock.now().getTime()) throw hintErrors.expired();
  return token;
}

export async function startSession(context: AuthContext, account: Account): Promise<StartedSession> {
  const { db, clock, signer, sessionCookie } = context;
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
export async function liveUser(
  context: AuthContext,
  sessionId: string,
  accountId: string,
  now: Date,
): Promise<AuthenticatedUser | null> {
  const { db } = context;
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

export async function assertPasswordChangeAllowed(
  context: AuthContext,
  account: Account,
  newPassword: string,
  field: string,
): Promise<void> {
  const { db, clock, hasher } = context;
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

export async function createAccount(
  context: AuthContext,
  details: {
    email: string;
    role: AccountRole;
    passwordHash: string;
    verified: boolean;
    displayName?: string;
  },
  executor: Parameters<typeof repository.insertAccount>[0],
): Promise<Account | undefined> {
  const { clock } = context;
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

export function setupClosed(): AppError {
  return new AppError(409, ERROR_CODES.setupClosed, 'An Admin already exists. Sign in instead.');
}
