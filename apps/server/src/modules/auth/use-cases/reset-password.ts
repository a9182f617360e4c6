import { type MessageResponse } from '@platform/shared';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';
import { assertPasswordChangeAllowed, hintErrors, limitOrThrow, usableToken } from '../auth-rules';

export async function resetPassword(
  context: AuthContext,
  hint: string,
  newPassword: string,
  ip: string,
): Promise<MessageResponse> {
  const { db, clock, hasher, rateLimiter, limits } = context;
  await limitOrThrow(context, `reset-password:ip:${ip}`, limits.resetPasswordPerIp);
  const token = await usableToken(context, 'reset-password', hint);
  const account = token.accountId ? await repository.findAccountById(db, token.accountId) : undefined;
  if (!account) throw hintErrors.invalid();
  await assertPasswordChangeAllowed(context, account, newPassword, 'newPassword');
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
}
