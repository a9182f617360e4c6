import type { Executor } from '../../../db/client';
import { errors } from '../../../errors';
import { emailTemplates } from '../../email/email.service';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';
import { issueToken, limitOrThrow, link } from '../auth-rules';

/**
 * Staff send an account a new verification link on the owner's behalf (issue 13), counted with the
 * owner's own requests; `alongside` runs in the same transaction (the caller's audit record). False
 * when the address is verified already and nothing was sent.
 */
export async function sendVerificationFor(
  context: AuthContext,
  accountId: string,
  alongside: (executor: Executor) => Promise<void>,
): Promise<boolean> {
  const { db, emailService, limits } = context;
  const account = await repository.findAccountById(db, accountId);
  if (!account) throw errors.notFound();
  if (account.emailVerifiedAt) return false;
  await limitOrThrow(
    context,
    `resend-verification:account:${account.id}`,
    limits.resendVerificationPerAccount,
  );
  await db.transaction(async (tx) => {
    const hint = await issueToken(context, tx, 'verify-email', account.id);
    await emailService.enqueue(tx, account.email, emailTemplates.verifyEmail(link(context, '/verify', hint)));
    await alongside(tx);
  });
  emailService.notifyEnqueued();
  return true;
}
