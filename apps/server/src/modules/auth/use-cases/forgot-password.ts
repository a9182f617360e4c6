import { normalizeEmail, type MessageResponse } from '@platform/shared';
import { emailTemplates } from '../../email/email.service';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';
import { EMAIL_SENT, issueToken, limitOrThrow, link, withinLimit } from '../auth-rules';

export async function forgotPassword(
  context: AuthContext,
  username: string,
  ip: string,
): Promise<MessageResponse> {
  const { db, emailService, limits } = context;
  await limitOrThrow(context, `forgot-password:ip:${ip}`, limits.forgotPasswordPerIp);
  const email = normalizeEmail(username);
  if (!(await withinLimit(context, `forgot-password:account:${email}`, limits.forgotPasswordPerAccount)))
    return EMAIL_SENT;
  const account = await repository.findAccountByEmail(db, email);
  if (!account) return EMAIL_SENT;
  await db.transaction(async (tx) => {
    const hint = await issueToken(context, tx, 'reset-password', account.id);
    await emailService.enqueue(
      tx,
      email,
      emailTemplates.resetPassword(link(context, '/reset-password', hint)),
    );
  });
  emailService.notifyEnqueued();
  return EMAIL_SENT;
}
