import {
  HANDLE_VERIFICATION_MESSAGES as MESSAGES,
  type CreatorPlatform,
  type HandleVerification,
} from '@platform/shared';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import type { HandleVerificationContext } from '../handle-verification.context';
import {
  BIO_CHECKS,
  BIO_CODE_DAYS,
  bioHolds,
  newAttempt,
  newBioCode,
  notReady,
  ownCreatorId,
  platformUnavailable,
  refused,
  waysFor,
} from '../handle-verification-rules';
import { handleVerificationsOf } from './handle-verifications-of';
import { markVerified } from './mark-verified';

async function handleOf(context: HandleVerificationContext, creatorId: string, platform: CreatorPlatform) {
  const items = (await handleVerificationsOf(context, creatorId)).items;
  const item = items.find((candidate) => candidate.platform === platform);
  if (!item) throw notReady(MESSAGES.noHandle);
  return item;
}

/**
 * POST /server-api/creator/handle-verifications/{platform}/bio-code: a new code for the creator to place in
 * the bio of their handle. Any code asked for before stops being accepted.
 */
export async function startBioCode(
  context: HandleVerificationContext,
  user: RequestUser,
  platform: CreatorPlatform,
): Promise<HandleVerification> {
  const creatorId = await ownCreatorId(context, user);
  const item = await handleOf(context, creatorId, platform);
  if (item.verified) throw refused(MESSAGES.alreadyVerified);
  if (!waysFor(context, platform).bioCode) throw notReady(MESSAGES.biosUnreadable(platform));
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await context.repository.expireOpenAttempts(tx, creatorId, platform, now);
    await context.repository.insertAttempt(
      tx,
      newAttempt(creatorId, platform, item.handle, 'BIO_CODE', now, {
        code: newBioCode(),
        expiresAt: new Date(now.getTime() + BIO_CODE_DAYS * 86_400_000),
      }),
    );
  });
  return handleOf(context, creatorId, platform);
}

/**
 * The account id a bio reader gave, where it is the id the platform's other APIs name the account by.
 * TikTok's Research API names accounts by an open_id of its own client, which never equals the one Login
 * Kit or a post's author gives, so it is not kept (ADR 036).
 */
const comparableAccountId = (platform: CreatorPlatform, accountId: string) =>
  platform === 'TikTok' ? null : accountId;

/**
 * POST /server-api/creator/handle-verifications/{platform}/bio-code/check: reads the handle's bio from the
 * platform and, when it holds the code, the handle is verified with the account id the platform gave.
 * Rate limited per creator and platform before the platform is asked.
 */
export async function checkBioCode(
  context: HandleVerificationContext,
  user: RequestUser,
  platform: CreatorPlatform,
): Promise<HandleVerification> {
  const creatorId = await ownCreatorId(context, user);
  const item = await handleOf(context, creatorId, platform);
  if (item.verified) throw refused(MESSAGES.alreadyVerified);
  const attempt = await context.repository.latestAttemptOn(context.db, creatorId, platform);
  if (!attempt || attempt.method !== 'BIO_CODE' || attempt.status !== 'PENDING' || !attempt.code) {
    throw notReady(MESSAGES.noCode);
  }
  if (attempt.handle.toLowerCase() !== item.handle.toLowerCase()) throw notReady(MESSAGES.noCode);
  if (attempt.expiresAt && attempt.expiresAt <= context.clock.now()) throw notReady(MESSAGES.codeExpired);
  const [decision] = await context.rateLimiter.consume([
    { key: `handle-bio-check:${creatorId}:${platform}`, rule: BIO_CHECKS },
  ]);
  if (decision && !decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds);

  const reading = await context.socialAccounts.profiles.readProfile(platform, item.handle);
  if (reading.kind === 'unavailable') {
    if (reading.reason === 'not-found') throw notReady(MESSAGES.accountNotFound(platform, item.handle));
    if (reading.reason === 'not-configured' || reading.reason === 'unsupported') {
      throw notReady(MESSAGES.biosUnreadable(platform));
    }
    context.logger.warn({ platform, reason: reading.reason }, 'a bio could not be read for a handle check');
    throw platformUnavailable(platform);
  }
  if (!bioHolds(reading.bio, attempt.code)) {
    throw notReady(MESSAGES.codeNotFound(platform, item.handle, attempt.code));
  }
  await markVerified(context, {
    attempt,
    accountId: comparableAccountId(platform, reading.accountId),
    handleKey: item.handle.toLowerCase(),
    by: null,
  });
  return handleOf(context, creatorId, platform);
}
