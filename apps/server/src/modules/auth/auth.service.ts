import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { bindUseCases } from '../use-cases';
import type { AuthContext, AuthDependencies, CreatorSignUpListener } from './auth.context';
import { DEFAULT_AUTH_RATE_LIMITS } from './auth.policy';
import { authRepository as repository } from './auth.repository';
import { activeStaffWithRoles } from './use-cases/active-staff-with-roles';
import { authenticate } from './use-cases/authenticate';
import { createFirstAdmin } from './use-cases/create-first-admin';
import { createStaffAccount } from './use-cases/create-staff-account';
import { disableAccount } from './use-cases/disable-account';
import { enableAccount } from './use-cases/enable-account';
import { findAccountByEmail } from './use-cases/find-account-by-email';
import { findAccountById } from './use-cases/find-account-by-id';
import { findAccountsByIds } from './use-cases/find-accounts-by-ids';
import { findStaffAccount } from './use-cases/find-staff-account';
import { forgotPassword } from './use-cases/forgot-password';
import { isFirstAdminSetupOpen } from './use-cases/is-first-admin-setup-open';
import { issueFirstAdminSetupLink } from './use-cases/issue-first-admin-setup-link';
import { listStaffAccounts } from './use-cases/list-staff-accounts';
import { lockActiveAdmins } from './use-cases/lock-active-admins';
import { profile } from './use-cases/profile';
import { purgeEnded } from './use-cases/purge-ended';
import { refreshToken } from './use-cases/refresh-token';
import { resendVerification } from './use-cases/resend-verification';
import { resetPassword } from './use-cases/reset-password';
import { resumeSession } from './use-cases/resume-session';
import { revokeAllSessions } from './use-cases/revoke-all-sessions';
import { sendVerificationFor } from './use-cases/send-verification-for';
import { setDisplayName } from './use-cases/set-display-name';
import { setStaffRole } from './use-cases/set-staff-role';
import { signIn } from './use-cases/sign-in';
import { signOut } from './use-cases/sign-out';
import { signUp } from './use-cases/sign-up';
import { validateResetToken } from './use-cases/validate-reset-token';
import { verifyEmail } from './use-cases/verify-email';

export { DEFAULT_AUTH_RATE_LIMITS } from './auth.policy';
export type {
  AccountSummary,
  AuthenticatedUser,
  AuthRateLimits,
  CreatorSignUpListener,
  StaffAccount,
  TermsVersionCheck,
} from './auth.context';
export type { StartedSession } from './auth-rules';

export type AuthService = ReturnType<typeof createAuthService>;

/** Accounts, sign-up and sign-in, sessions, password resets and the first Admin's setup. */
export function createAuthService(dependencies: AuthDependencies) {
  const context: AuthContext = {
    ...dependencies,
    limits: dependencies.rateLimits ?? DEFAULT_AUTH_RATE_LIMITS,
    creatorSignUpListeners: [],
    dummyHash: {},
  };
  return {
    /** Plugs in what a module adds to every new creator, in the sign-up's own transaction. */
    onCreatorSignUp(listener: CreatorSignUpListener): void {
      context.creatorSignUpListeners.push(listener);
    },
    ...bindUseCases(context, {
      signUp,
      verifyEmail,
      resendVerification,
      signIn,
      authenticate,
      resumeSession,
      refresh: refreshToken,
      signOut,
      forgotPassword,
      validateResetToken,
      resetPassword,
      profile,
      purgeEnded,
      isFirstAdminSetupOpen,
      issueFirstAdminSetupLink,
      createFirstAdmin,
      activeStaffWithRoles,
      findAccountById,
      findAccountByEmail,
      findAccountsByIds,
      findStaffAccount,
      listStaffAccounts,
      createStaffAccount,
      setStaffRole,
      setDisplayName,
      revokeAllSessions,
      disableAccount,
      enableAccount,
      lockActiveAdmins,
      sendVerificationFor,
    }),
  };
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
