import type { DEFAULT_AUTH_RATE_LIMITS } from './auth.policy';
import type { FastifyBaseLogger } from 'fastify';
import { type AccountRole, type MarketingRole } from '@platform/shared';
import type { RateLimiter } from '../../adapters/rate-limit/rate-limiter';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { RequestUser } from '../../principal';
import { type EmailService } from '../email/email.service';
import { type PasswordHasher } from './auth.passwords';
import { type Account } from './auth.repository';
import { type DeviceTrust, type SessionCookie, type TokenSigner } from './auth.tokens';

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

/** What the auth module is built with. */
export type AuthDependencies = {
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
};

/**
 * What every auth use case runs with: the module's dependencies, the rate limits in force, the listeners
 * a sign-up tells, and the throwaway hash an unknown email is checked against (made once, when first needed).
 */
export type AuthContext = AuthDependencies & {
  limits: AuthRateLimits;
  creatorSignUpListeners: CreatorSignUpListener[];
  dummyHash: { value?: Promise<string> };
};

export type AuthRateLimits = typeof DEFAULT_AUTH_RATE_LIMITS;
