import { type MessageResponse } from '@platform/shared';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';
import { hintErrors, limitOrThrow, usableToken } from '../auth-rules';

export async function verifyEmail(context: AuthContext, hint: string, ip: string): Promise<MessageResponse> {
  const { db, clock, limits } = context;
  await limitOrThrow(context, `verify:ip:${ip}`, limits.verifyPerIp);
  const token = await usableToken(context, 'verify-email', hint);
  await db.transaction(async (tx) => {
    if (!(await repository.consumeToken(tx, token.id, clock.now()))) throw hintErrors.used();
    if (token.accountId) await repository.markEmailVerified(tx, token.accountId, clock.now());
  });
  return { message: 'Verified' };
}
