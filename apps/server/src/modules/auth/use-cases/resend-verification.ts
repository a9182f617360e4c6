import { type MessageResponse } from '@platform/shared';
import { errors } from '../../../errors';
import { emailTemplates } from '../../email/email.service';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext, AuthenticatedUser } from '../auth.context';
import { EMAIL_SENT, issueToken, limitOrThrow, link } from '../auth-rules';

/** A signed-in creator who lost the first email asks for a new link; a verified one is told so. */
export async function resendVerification(
  context: AuthContext,
  user: AuthenticatedUser,
): Promise<MessageResponse> {
  const { db, emailService, limits } = context;
  const account = await repository.findAccountById(db, user.accountId);
  if (!account) throw errors.unauthenticated();
  if (account.emailVerifiedAt) return { message: 'Verified' };
  await limitOrThrow(
    context,
    `resend-verification:account:${account.id}`,
    limits.resendVerificationPerAccount,
  );
  await db.transaction(async (tx) => {
    const hint = await issueToken(context, tx, 'verify-email', account.id);
    await emailService.enqueue(tx, account.email, emailTemplates.verifyEmail(link(context, '/verify', hint)));
  });
  emailService.notifyEnqueued();
  return EMAIL_SENT;
}
