import { systemClock, type Clock } from '../../clock';
import { isRecord } from '../http/provider-http';
import {
  bearer,
  DEFAULT_TIMEOUT_MS,
  formPost,
  oauthCall,
  oauthFailure,
  originOf,
  profileCall,
  profileFailure,
  providerText,
  quietLogger,
  reasonForStatus,
  textField,
  tokenEndpointFailure,
  tokensFrom,
  unavailable,
  type PlatformClient,
} from './platform-calls';
import {
  bareHandle,
  type AccountOAuth,
  type BaseUrls,
  type PlatformAccount,
  type PlatformProfileReader,
  type ProfileReading,
  type SocialAccountsLogger,
} from './social-accounts';

// Google's OAuth 2.0 for web server applications, with PKCE
// (https://developers.google.com/identity/protocols/oauth2/web-server): the creator is sent to
// accounts.google.com/o/oauth2/v2/auth, and the code comes back to be exchanged at oauth2.googleapis.com/token
// (form fields client_id, client_secret, code, code_verifier, grant_type, redirect_uri). Its errors are
// RFC 6749's `{ error, error_description }`: `invalid_grant` for a code that is spent, expired, or does not
// match its verifier.
//
// The YouTube Data API's channels.list names the account: `mine=true` with the creator's token answers their
// channel, whose `id` (UC…) never changes and whose `snippet.customUrl` is the handle with its '@'. With
// `forHandle=@handle` and an API key alone it answers any public channel, whose `snippet.description` holds
// the code a creator places there.

export const GOOGLE_HOSTS = {
  authorization: 'https://accounts.google.com',
  token: 'https://oauth2.googleapis.com',
  api: 'https://www.googleapis.com',
} as const;
export const YOUTUBE_READONLY_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';

/** "Handles can be 3-30 characters long" of letters (any script), digits, '_', '-', '.' and '·'. */
const YOUTUBE_HANDLE = /^[\p{L}\p{M}\p{N}._·-]{3,30}$/u;

export type GoogleHost = keyof typeof GOOGLE_HOSTS;

type CommonOptions = {
  baseUrls?: BaseUrls<GoogleHost>;
  /** Per request. */
  timeoutMs?: number;
  logger?: SocialAccountsLogger;
};

export type YouTubeOAuthOptions = CommonOptions & { clientId: string; clientSecret: string; clock?: Clock };
export type YouTubeProfileOptions = CommonOptions & { apiKey: string };

/** Google's error document: `{ error: { code, message, errors: [{ reason }] } }`, its first reason. */
function googleReason(body: Record<string, unknown> | undefined): string | undefined {
  const error = isRecord(body?.error) ? body.error : undefined;
  const first = Array.isArray(error?.errors) ? (error.errors as unknown[])[0] : undefined;
  const reason = textField(first, 'reason');
  return reason && /^[A-Za-z_.-]{1,64}$/.test(reason) ? reason : undefined;
}

const LIMIT_REASONS = new Set([
  'quotaExceeded',
  'dailyLimitExceeded',
  'rateLimitExceeded',
  'userRateLimitExceeded',
]);

function channelOf(
  item: unknown,
): { id: string; handle: string | undefined; description: string } | undefined {
  const id = textField(item, 'id');
  const snippet = isRecord(item) ? item.snippet : undefined;
  if (!id || !isRecord(snippet)) return undefined;
  const customUrl = textField(snippet, 'customUrl');
  const description = typeof snippet.description === 'string' ? snippet.description : '';
  return { id, handle: customUrl ? bareHandle(customUrl) : undefined, description };
}

/** Connecting a YouTube channel through Google's OAuth. */
export function createYouTubeAccountOAuth(options: YouTubeOAuthOptions): AccountOAuth {
  const authorizationOrigin = originOf(options.baseUrls?.authorization, GOOGLE_HOSTS.authorization);
  const tokenOrigin = originOf(options.baseUrls?.token, GOOGLE_HOSTS.token);
  const apiOrigin = originOf(options.baseUrls?.api, GOOGLE_HOSTS.api);
  const clock = options.clock ?? systemClock;
  const client: PlatformClient = {
    platform: 'Youtube',
    provider: 'Google',
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    logger: options.logger ?? quietLogger,
    secrets: [options.clientSecret],
  };

  return {
    platform: 'Youtube',
    authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL('/o/oauth2/v2/auth', authorizationOrigin);
      url.search = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: YOUTUBE_READONLY_SCOPE,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url;
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const secrets = [...client.secrets, code, codeVerifier];
      const { reply, body } = await oauthCall(
        client,
        `${tokenOrigin}/token`,
        formPost({
          client_id: options.clientId,
          client_secret: options.clientSecret,
          code,
          code_verifier: codeVerifier,
          grant_type: 'authorization_code',
          redirect_uri: redirectUri,
        }),
      );
      if (reply.status !== 200) {
        const providerError = providerText(body?.error, secrets);
        throw tokenEndpointFailure(client, reply, {
          rejectedCode: body?.error === 'invalid_grant',
          providerError,
        });
      }
      return tokensFrom(client, body, clock);
    },

    async accountOf(tokens): Promise<PlatformAccount> {
      const { reply, body } = await oauthCall(
        client,
        `${apiOrigin}/youtube/v3/channels?part=snippet&mine=true`,
        { headers: bearer(tokens.accessToken) },
      );
      if (reply.status !== 200) {
        const providerError = googleReason(body);
        const limited = reply.status === 429 || reply.status >= 500 || LIMIT_REASONS.has(providerError ?? '');
        throw oauthFailure(client, limited ? 'status' : 'refused', 'would not name the channel', {
          status: reply.status,
          providerError,
        });
      }
      // A Google account without a channel is answered with no `items` at all.
      if (!body || (body.items !== undefined && !Array.isArray(body.items))) {
        throw oauthFailure(client, 'malformed', 'answered channels.list with something else');
      }
      const channel = channelOf(Array.isArray(body.items) ? body.items[0] : undefined);
      if (!channel?.handle) {
        throw oauthFailure(
          client,
          'no-account',
          'found no YouTube channel with a handle for this Google account',
        );
      }
      return { accountId: channel.id, handle: channel.handle };
    },
  };
}

/** Reading a public channel's description with an API key alone. */
export function createYouTubeProfileReader(options: YouTubeProfileOptions): PlatformProfileReader {
  const apiOrigin = originOf(options.baseUrls?.api, GOOGLE_HOSTS.api);
  const client: PlatformClient = {
    platform: 'Youtube',
    provider: 'YouTube',
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    logger: options.logger ?? quietLogger,
    secrets: [options.apiKey],
  };

  return {
    platform: 'Youtube',
    async read(handle: string): Promise<ProfileReading> {
      const bare = bareHandle(handle);
      if (!YOUTUBE_HANDLE.test(bare)) return unavailable('not-found');
      const query = new URLSearchParams({ part: 'snippet', forHandle: `@${bare}`, key: options.apiKey });
      const answer = await profileCall(client, `${apiOrigin}/youtube/v3/channels?${query.toString()}`, {});
      if ('kind' in answer) return answer;
      const { reply, body } = answer;
      if (reply.status !== 200) {
        const providerError = googleReason(body);
        const reason = LIMIT_REASONS.has(providerError ?? '') ? 'status' : reasonForStatus(reply.status);
        return profileFailure(client, reason, { status: reply.status, providerError });
      }
      if (!body || (body.items !== undefined && !Array.isArray(body.items))) {
        return profileFailure(client, 'malformed', { status: reply.status });
      }
      // A handle no channel has is answered with no `items` at all.
      const items = Array.isArray(body.items) ? body.items : [];
      if (items.length === 0) return unavailable('not-found');
      const channel = channelOf(items[0]);
      if (!channel) return profileFailure(client, 'malformed', { status: reply.status });
      return {
        kind: 'profile',
        accountId: channel.id,
        handle: channel.handle ?? bare,
        bio: channel.description,
      };
    },
  };
}
