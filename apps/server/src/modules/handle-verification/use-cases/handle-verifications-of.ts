import type { HandleVerification, HandleVerificationList } from '@platform/shared';
import type { Executor } from '../../../db/client';
import type { RequestUser } from '../../../principal';
import { open } from '../../../sealing';
import type { HandleVerificationContext } from '../handle-verification.context';
import type { AttemptRow } from '../handle-verification.repository';
import { ownCreatorId, waysFor } from '../handle-verification-rules';

function attemptView(attempt: AttemptRow | undefined, handle: string): HandleVerification['latestAttempt'] {
  // An attempt for a handle the creator has since changed says nothing of this one.
  if (!attempt || attempt.handle.toLowerCase() !== handle.toLowerCase()) return null;
  return {
    id: attempt.id,
    method: attempt.method,
    status: attempt.status,
    code: attempt.method === 'BIO_CODE' && attempt.status === 'PENDING' ? attempt.code : null,
    reason: attempt.reason,
    createdAt: attempt.createdAt.toISOString(),
    expiresAt: attempt.expiresAt?.toISOString() ?? null,
  };
}

/** Each of the creator's handles: verified (how, when, by whom) or not, its latest attempt, and the ways open. */
export async function handleVerificationsOf(
  context: HandleVerificationContext,
  creatorId: string,
  executor: Executor = context.db,
): Promise<HandleVerificationList> {
  const { repository } = context;
  const [handles, attempts] = await Promise.all([
    repository.handlesWithVerification(executor, creatorId),
    repository.latestAttempts(executor, creatorId),
  ]);
  const latest = new Map(attempts.map((attempt) => [attempt.platform, attempt]));
  return {
    items: handles.map((row) => ({
      platform: row.platform,
      handle: row.handle,
      verified: row.verified
        ? {
            method: row.verified.method,
            at: row.verified.verifiedAt.toISOString(),
            accountId: row.verified.accountId,
            by: row.verified.verifiedBy ? row.verifierName || row.verifierEmail : null,
          }
        : null,
      latestAttempt: attemptView(latest.get(row.platform), row.handle),
      ways: waysFor(context, row.platform),
    })),
  };
}

/** GET /server-api/creator/handle-verifications. */
export async function ownHandleVerifications(
  context: HandleVerificationContext,
  user: RequestUser,
): Promise<HandleVerificationList> {
  return handleVerificationsOf(context, await ownCreatorId(context, user));
}

/**
 * Whether the creator's handle on `platform` is verified (the handle held shared until `executor`'s
 * transaction ends), and the platform's id of the account where the
 * proof named one: what an entry's approval and its author check rely on.
 */
export async function verifiedAccountOn(
  context: HandleVerificationContext,
  executor: Executor,
  creatorId: string,
  platform: HandleVerification['platform'],
): Promise<{ handle: string | null; verified: boolean; accountId: string | null }> {
  const row = await context.repository.lockHandle(executor, creatorId, platform, 'share');
  return {
    handle: row?.handle ?? null,
    verified: Boolean(row?.verified),
    accountId: row?.verified?.accountId ?? null,
  };
}

/**
 * The connected account on `platform` and its access token, opened, for asking the platform about the
 * creator's own posts; undefined where the creator connected none.
 */
export async function connectedAccountOn(
  context: HandleVerificationContext,
  creatorId: string,
  platform: HandleVerification['platform'],
): Promise<{ accountId: string; accessToken: string } | undefined> {
  const row = await context.repository.tokensOf(context.db, creatorId, platform);
  if (!row) return undefined;
  return { accountId: row.accountId, accessToken: open(context.tokenKey, row.accessTokenSealed, creatorId) };
}
