import { AUTH_MESSAGES, normalizeEmail, type MessageResponse } from '@platform/shared';
import { errors } from '../../../errors';
import { emailTemplates } from '../../email/email.service';
import { newPasswordProblem } from '../auth.passwords';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';
import {
  CHECK_YOUR_EMAIL,
  createAccount,
  issueToken,
  limitOrThrow,
  link,
  passwordPolicyError,
  withinLimit,
} from '../auth-rules';

export async function signUp(
  context: AuthContext,
  input: { username: string; password: string; deviceToken: string; tncVersion: string },
  ip: string,
): Promise<MessageResponse> {
  const { db, hasher, emailService, signUpTermsId, limits, creatorSignUpListeners } = context;
  await limitOrThrow(context, `sign-up:ip:${ip}`, limits.signUpPerIp);
  const email = normalizeEmail(input.username);
  const problem = newPasswordProblem(input.password, email);
  if (problem) throw passwordPolicyError(problem, 'password');
  const termsDocumentId = await signUpTermsId(input.tncVersion);
  if (!termsDocumentId) {
    throw errors.validation([{ field: 'tncVersion', message: AUTH_MESSAGES.termsOutdated }]);
  }
  if (!(await withinLimit(context, `sign-up:account:${email}`, limits.signUpPerAccount)))
    return CHECK_YOUR_EMAIL;

  const passwordHash = await hasher.hash(input.password);
  await db.transaction(async (tx) => {
    const created = await createAccount(
      context,
      { email, role: 'Creator', passwordHash, verified: false },
      tx,
    );
    if (created) {
      for (const listener of creatorSignUpListeners) {
        await listener(tx, {
          accountId: created.id,
          termsDocumentId,
          deviceToken: input.deviceToken || null,
        });
      }
      const hint = await issueToken(context, tx, 'verify-email', created.id);
      await emailService.enqueue(tx, email, emailTemplates.verifyEmail(link(context, '/verify', hint)));
      return;
    }
    const existing = await repository.findAccountByEmail(tx, email);
    if (existing && !existing.emailVerifiedAt) {
      const hint = await issueToken(context, tx, 'verify-email', existing.id);
      await emailService.enqueue(tx, email, emailTemplates.verifyEmail(link(context, '/verify', hint)));
    } else {
      await emailService.enqueue(tx, email, emailTemplates.signUpAttempt(link(context, '/sign-in')));
    }
  });
  emailService.notifyEnqueued();
  return CHECK_YOUR_EMAIL;
}
