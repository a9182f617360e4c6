import { ERROR_CODES, normalizeEmail, type MessageResponse } from '@platform/shared';
import { AppError } from '../../../errors';
import { newPasswordProblem } from '../auth.passwords';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';
import {
  createAccount,
  hintErrors,
  limitOrThrow,
  passwordPolicyError,
  setupClosed,
  usableToken,
} from '../auth-rules';
import { isFirstAdminSetupOpen } from './is-first-admin-setup-open';

export async function createFirstAdmin(
  context: AuthContext,
  input: { token: string; email: string; password: string },
  ip: string,
): Promise<MessageResponse> {
  const { db, clock, hasher, limits } = context;
  await limitOrThrow(context, `first-admin:ip:${ip}`, limits.firstAdminPerIp);
  if (!(await isFirstAdminSetupOpen(context))) throw setupClosed();
  const email = normalizeEmail(input.email);
  const token = await usableToken(context, 'first-admin', input.token);
  const problem = newPasswordProblem(input.password, email);
  if (problem) throw passwordPolicyError(problem, 'password');
  const passwordHash = await hasher.hash(input.password);
  await db.transaction(async (tx) => {
    await repository.lockFirstAdminCreation(tx);
    if (await repository.hasAccountWithRole(tx, 'Admin')) throw setupClosed();
    if (!(await repository.consumeToken(tx, token.id, clock.now()))) throw hintErrors.used();
    const admin = await createAccount(context, { email, role: 'Admin', passwordHash, verified: true }, tx);
    if (!admin) {
      const message = 'An account with this email already exists. Use another email for the Admin.';
      throw new AppError(409, ERROR_CODES.conflict, message, [{ field: 'email', message }]);
    }
  });
  return { message: 'The Admin account is ready. You can now sign in.' };
}
