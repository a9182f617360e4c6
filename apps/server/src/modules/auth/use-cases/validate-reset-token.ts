import { type MessageResponse } from '@platform/shared';

import type { AuthContext } from '../auth.context';
import { limitOrThrow, usableToken } from '../auth-rules';

export async function validateResetToken(
  context: AuthContext,
  hint: string,
  ip: string,
): Promise<MessageResponse> {
  const { limits } = context;
  await limitOrThrow(context, `reset-password:ip:${ip}`, limits.resetPasswordPerIp);
  await usableToken(context, 'reset-password', hint);
  return { message: 'TokenVerified' };
}
