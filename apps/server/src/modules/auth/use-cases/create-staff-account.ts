import { ERROR_CODES, normalizeEmail, STAFF_MESSAGES, type MarketingRole } from '@platform/shared';
import type { Executor } from '../../../db/client';
import { AppError } from '../../../errors';
import { newPasswordProblem } from '../auth.passwords';

import type { AuthContext, StaffAccount } from '../auth.context';
import { asStaff, createAccount, passwordPolicyError } from '../auth-rules';

/**
 * Creates an active staff account whose email is verified (the invitation link proved it), under the
 * sign-up password rules, in the caller's transaction. A taken email is a 409.
 */
export async function createStaffAccount(
  context: AuthContext,
  executor: Executor,
  details: { email: string; displayName: string; role: MarketingRole; password: string },
): Promise<StaffAccount> {
  const { hasher } = context;
  const email = normalizeEmail(details.email);
  const problem = newPasswordProblem(details.password, email);
  if (problem) throw passwordPolicyError(problem, 'password');
  const passwordHash = await hasher.hash(details.password);
  const account = await createAccount(
    context,
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
}
