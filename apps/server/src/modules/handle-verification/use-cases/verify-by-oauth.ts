import {
  HANDLE_VERIFICATION_MESSAGES as MESSAGES,
  type CreatorPlatform,
  type HandleVerification,
} from '@platform/shared';
import { newOAuthState, newPkcePair } from '../../../adapters/social-accounts/pkce';
import {
  AccountOAuthError,
  bareHandle,
  isSocialAccountPlatform,
  type AccountOAuth,
  type OAuthTokens,
  type PlatformAccount,
} from '../../../adapters/social-accounts/social-accounts';
import type { RequestUser } from '../../../principal';
import { open, seal } from '../../../sealing';
import type { HandleVerificationContext } from '../handle-verification.context';
import {
  newAttempt,
  notReady,
  OAUTH_ROUND_TRIP_MINUTES,
  ownCreatorId,
  platformUnavailable,
  refused,
} from '../handle-verification-rules';
import { handleVerificationsOf } from './handle-verifications-of';
import { markVerified } from './mark-verified';

function connectionOf(context: HandleVerificationContext, platform: CreatorPlatform): AccountOAuth {
  const oauth = isSocialAccountPlatform(platform) ? context.socialAccounts.oauth[platform] : undefined;
  if (!oauth) throw notReady(MESSAGES.oauthNotOffered(platform));
  return oauth;
}

async function itemOn(context: HandleVerificationContext, creatorId: string, platform: CreatorPlatform) {
  const item = (await handleVerificationsOf(context, creatorId)).items.find((it) => it.platform === platform);
  if (!item) throw notReady(MESSAGES.noHandle);
  return item;
}

/**
 * POST /server-api/creator/handle-verifications/{platform}/oauth/start: where to send the creator to
 * connect the account. The state and the PKCE verifier (sealed) are kept for the way back.
 */
export async function startOAuth(
  context: HandleVerificationContext,
  user: RequestUser,
  platform: CreatorPlatform,
): Promise<{ authorizationUrl: string }> {
  const creatorId = await ownCreatorId(context, user);
  const oauth = connectionOf(context, platform);
  const item = await itemOn(context, creatorId, platform);
  if (item.verified) throw refused(MESSAGES.alreadyVerified);
  const now = context.clock.now();
  const expiresAt = new Date(now.getTime() + OAUTH_ROUND_TRIP_MINUTES * 60_000);
  const { codeVerifier, codeChallenge } = newPkcePair();
  const state = newOAuthState();
  const attempt = newAttempt(creatorId, platform, item.handle, 'OAUTH', now, { expiresAt });
  await context.db.transaction(async (tx) => {
    await context.repository.expireOpenAttempts(tx, creatorId, platform, now);
    await context.repository.insertAttempt(tx, attempt);
    await context.repository.insertRoundTrip(tx, {
      state,
      attemptId: attempt.id,
      creatorId,
      platform,
      codeVerifierSealed: seal(context.tokenKey, codeVerifier, creatorId),
      expiresAt,
      usedAt: null,
    });
  });
  const url = oauth.authorizationUrl({ state, codeChallenge, redirectUri: context.oauthRedirectUri });
  return { authorizationUrl: url.toString() };
}

/** The round trip of `state`, claimed once, if it is the creator's and still open. */
async function claimRoundTrip(context: HandleVerificationContext, creatorId: string, state: string) {
  return context.db.transaction(async (tx) => {
    const trip = await context.repository.lockRoundTrip(tx, state);
    const now = context.clock.now();
    if (!trip || trip.creatorId !== creatorId || trip.usedAt || trip.expiresAt <= now) return undefined;
    await context.repository.markRoundTripUsed(tx, state, now);
    const attempt = await context.repository.attempt(tx, trip.attemptId);
    if (!attempt || attempt.status !== 'PENDING') return undefined;
    return { trip, attempt, codeVerifier: open(context.tokenKey, trip.codeVerifierSealed, creatorId) };
  });
}

async function connectedAccount(
  context: HandleVerificationContext,
  oauth: AccountOAuth,
  exchange: { code: string; codeVerifier: string },
): Promise<{ tokens: OAuthTokens; account: PlatformAccount }> {
  try {
    const tokens = await oauth.exchangeCode({ ...exchange, redirectUri: context.oauthRedirectUri });
    return { tokens, account: await oauth.accountOf(tokens) };
  } catch (error) {
    if (!(error instanceof AccountOAuthError)) throw error;
    context.logger.warn({ platform: oauth.platform, failure: error.kind }, 'an account connection failed');
    if (['status', 'timeout', 'network'].includes(error.kind)) throw platformUnavailable(oauth.platform);
    throw notReady(MESSAGES.oauthFailed(oauth.platform));
  }
}

/**
 * POST /server-api/creator/handle-verifications/oauth/finish: the code the platform sent the creator back
 * with, for the state of their round trip. The connected account must be the handle on their profile; its
 * id is kept beside the handle and its tokens sealed.
 */
export async function finishOAuth(
  context: HandleVerificationContext,
  user: RequestUser,
  body: { state: string; code: string },
): Promise<HandleVerification> {
  const creatorId = await ownCreatorId(context, user);
  const claimed = await claimRoundTrip(context, creatorId, body.state);
  if (!claimed) throw notReady(MESSAGES.oauthRoundTripOver);
  const { attempt, codeVerifier } = claimed;
  const oauth = connectionOf(context, attempt.platform);
  const { tokens, account } = await connectedAccount(context, oauth, { code: body.code, codeVerifier });
  const now = context.clock.now();
  if (bareHandle(account.handle).toLowerCase() !== attempt.handle.toLowerCase()) {
    const reason = MESSAGES.oauthOtherAccount(attempt.platform, attempt.handle, bareHandle(account.handle));
    await context.repository.updateAttempt(context.db, attempt.id, {
      status: 'REFUSED',
      reason,
      decidedAt: now,
    });
    throw refused(reason);
  }
  await context.db.transaction(async (tx) => {
    await markVerified(
      context,
      { attempt, accountId: account.accountId, handleKey: attempt.handle.toLowerCase(), by: null },
      tx,
    );
    await context.repository.saveTokens(tx, {
      creatorId,
      platform: attempt.platform,
      accountId: account.accountId,
      accessTokenSealed: seal(context.tokenKey, tokens.accessToken, creatorId),
      refreshTokenSealed: tokens.refreshToken ? seal(context.tokenKey, tokens.refreshToken, creatorId) : null,
      expiresAt: tokens.expiresAt ?? null,
      scope: tokens.scope ?? null,
      updatedAt: now,
    });
  });
  return itemOn(context, creatorId, attempt.platform);
}
