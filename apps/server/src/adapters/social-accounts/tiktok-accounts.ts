import { systemClock, type Clock } from '../../clock';
import { isRecord, type ProviderReply } from '../http/provider-http';
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
  type PlatformAnswer,
  type PlatformClient,
} from './platform-calls';
import {
  bareHandle,
  type AccountOAuth,
  type BaseUrls,
  type PlatformProfileReader,
  type ProfileReading,
  type SocialAccountsLogger,
} from './social-accounts';

// TikTok Login Kit for Web (v2, https://developers.tiktok.com/doc/login-kit-web): TikTok names the app's id
// `client_key` where OAuth says `client_id`, at the authorization page (www.tiktok.com/v2/auth/authorize/)
// and at the token endpoint (POST open.tiktokapis.com/v2/oauth/token/, form fields client_key,
// client_secret, code, grant_type, redirect_uri, code_verifier). Its errors are `{ error,
// error_description, log_id }` (https://developers.tiktok.com/doc/oauth-error-handling).
//
// GET /v2/user/info/?fields=open_id,username answers `{ data: { user: { open_id, username } }, error:
// { code, message, log_id } }`; `open_id` is the user's id within this app (user.info.basic) and
// `username` their handle, which TikTok gives only with the user.info.profile scope.
//
// A public bio is read by the Research API (https://developers.tiktok.com/doc/research-api-specs-query-user-info):
// POST /v2/research/user/info/?fields=… with `{ "username": … }` and a client access token from the token
// endpoint's `client_credentials` grant. Research access is granted to a separate client of its own, whose
// open_ids differ from Login Kit's: an open_id read there is not comparable with one from the connection.

export const TIKTOK_HOSTS = {
  authorization: 'https://www.tiktok.com',
  api: 'https://open.tiktokapis.com',
} as const;
export const TIKTOK_LOGIN_SCOPES = 'user.info.basic,user.info.profile';

/** Letters, digits, '_' and '.', 2 to 24 of them. */
const TIKTOK_HANDLE = /^[A-Za-z0-9._]{2,24}$/;
/** A client token is asked for again this long before TikTok says it expires. */
const CLIENT_TOKEN_MARGIN_MS = 60_000;

export type TikTokHost = keyof typeof TIKTOK_HOSTS;

type CommonOptions = {
  baseUrls?: BaseUrls<TikTokHost>;
  timeoutMs?: number;
  logger?: SocialAccountsLogger;
  clock?: Clock;
};

export type TikTokOAuthOptions = CommonOptions & { clientKey: string; clientSecret: string };
export type TikTokResearchOptions = CommonOptions & { clientKey: string; clientSecret: string };

/** TikTok's v2 error object: `{ error: { code, message } }`, with `code` 'ok' on success. */
function apiErrorCode(body: Record<string, unknown> | undefined): string | undefined {
  const code = textField(body?.error, 'code');
  return code && /^[a-z_]{1,64}$/.test(code) ? code : undefined;
}

function tiktokClient(options: CommonOptions & { clientSecret: string }): PlatformClient {
  return {
    platform: 'TikTok',
    provider: 'TikTok',
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    logger: options.logger ?? quietLogger,
    secrets: [options.clientSecret],
  };
}

/**
 * The token endpoint's refusal. A wrong code_verifier is reported as `invalid_request` ("Code verifier or
 * code challenge is invalid"), a spent or expired code as `invalid_grant`; either way the creator starts
 * again. TikTok may send an error with status 200, so the body decides.
 */
function tokenRefusal(
  client: PlatformClient,
  answer: PlatformAnswer,
  secrets: readonly string[],
): ReturnType<typeof tokenEndpointFailure> {
  const error = answer.body?.error;
  const description = answer.body?.error_description;
  const rejectedCode =
    error === 'invalid_grant' ||
    (error === 'invalid_request' && typeof description === 'string' && /\bcode\b/i.test(description));
  const reply: ProviderReply =
    answer.reply.status === 200
      ? {
          ...answer.reply,
          status: error === 'server_error' || error === 'temporarily_unavailable' ? 503 : 400,
        }
      : answer.reply;
  const providerError = providerText(error, secrets);
  return tokenEndpointFailure(client, reply, { rejectedCode, providerError });
}

/** Connecting a TikTok account through Login Kit. */
export function createTikTokAccountOAuth(options: TikTokOAuthOptions): AccountOAuth {
  const authorizationOrigin = originOf(options.baseUrls?.authorization, TIKTOK_HOSTS.authorization);
  const apiOrigin = originOf(options.baseUrls?.api, TIKTOK_HOSTS.api);
  const clock = options.clock ?? systemClock;
  const client = tiktokClient(options);

  return {
    platform: 'TikTok',
    authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL('/v2/auth/authorize/', authorizationOrigin);
      url.search = new URLSearchParams({
        client_key: options.clientKey,
        response_type: 'code',
        scope: TIKTOK_LOGIN_SCOPES,
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url;
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const answer = await oauthCall(
        client,
        `${apiOrigin}/v2/oauth/token/`,
        formPost({
          client_key: options.clientKey,
          client_secret: options.clientSecret,
          code,
          grant_type: 'authorization_code',
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
        }),
      );
      if (answer.reply.status !== 200 || typeof answer.body?.error === 'string') {
        throw tokenRefusal(client, answer, [...client.secrets, code, codeVerifier]);
      }
      return tokensFrom(client, answer.body, clock);
    },

    async accountOf(tokens) {
      const { reply, body } = await oauthCall(client, `${apiOrigin}/v2/user/info/?fields=open_id,username`, {
        headers: bearer(tokens.accessToken),
      });
      const providerError = apiErrorCode(body);
      if (reply.status !== 200 || (providerError && providerError !== 'ok')) {
        const limited =
          reply.status === 429 || reply.status >= 500 || providerError === 'rate_limit_exceeded';
        throw oauthFailure(client, limited ? 'status' : 'refused', 'would not name the account', {
          status: reply.status,
          providerError,
        });
      }
      const user = isRecord(body?.data) ? body.data.user : undefined;
      const accountId = textField(user, 'open_id');
      if (!accountId) throw oauthFailure(client, 'malformed', 'answered user info without an open_id');
      const username = textField(user, 'username');
      if (!username) {
        throw oauthFailure(
          client,
          'no-account',
          'gave no username: the user.info.profile scope was not granted',
        );
      }
      return { accountId, handle: bareHandle(username) };
    },
  };
}

/** Reading a public TikTok bio through the Research API, with the research client's own credentials. */
export function createTikTokProfileReader(options: TikTokResearchOptions): PlatformProfileReader {
  const apiOrigin = originOf(options.baseUrls?.api, TIKTOK_HOSTS.api);
  const clock = options.clock ?? systemClock;
  const client = tiktokClient(options);
  let clientToken: { value: string; renewAtMs: number } | undefined;

  async function currentClientToken(): Promise<string | ProfileReading> {
    if (clientToken && clock.now().getTime() < clientToken.renewAtMs) return clientToken.value;
    const answer = await profileCall(
      client,
      `${apiOrigin}/v2/oauth/token/`,
      formPost({
        client_key: options.clientKey,
        client_secret: options.clientSecret,
        grant_type: 'client_credentials',
      }),
    );
    if ('kind' in answer) return answer;
    const value = textField(answer.body, 'access_token');
    if (answer.reply.status !== 200 || !value) {
      const providerError = providerText(answer.body?.error, client.secrets);
      const reason =
        answer.reply.status === 200
          ? providerError
            ? 'refused'
            : 'malformed'
          : reasonForStatus(answer.reply.status);
      return profileFailure(client, reason === 'not-found' ? 'refused' : reason, {
        status: answer.reply.status,
        providerError,
      });
    }
    const expiresInMs = Number(answer.body?.expires_in) * 1000;
    const lifetimeMs = Number.isFinite(expiresInMs) ? Math.max(0, expiresInMs - CLIENT_TOKEN_MARGIN_MS) : 0;
    clientToken = { value, renewAtMs: clock.now().getTime() + lifetimeMs };
    return value;
  }

  return {
    platform: 'TikTok',
    async read(handle) {
      const bare = bareHandle(handle);
      if (!TIKTOK_HANDLE.test(bare)) return unavailable('not-found');
      const token = await currentClientToken();
      if (typeof token !== 'string') return token;
      const answer = await profileCall(
        client,
        `${apiOrigin}/v2/research/user/info/?fields=open_id,display_name,bio_description`,
        {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify({ username: bare }),
        },
      );
      if ('kind' in answer) return answer;
      const { reply, body } = answer;
      const providerError = apiErrorCode(body);
      // A client token TikTok no longer takes (revoked, or expired early) is asked for anew next time.
      if (reply.status === 401) clientToken = undefined;
      if (reply.status !== 200 || (providerError && providerError !== 'ok')) {
        const reason =
          providerError === 'rate_limit_exceeded'
            ? 'status'
            : reasonForStatus(reply.status === 200 ? 400 : reply.status);
        return profileFailure(client, reason, { status: reply.status, providerError });
      }
      const data = isRecord(body?.data) ? body.data : undefined;
      if (!data) return profileFailure(client, 'malformed', { status: reply.status });
      const accountId = textField(data, 'open_id');
      if (!accountId) return unavailable('not-found');
      const bio = typeof data.bio_description === 'string' ? data.bio_description : '';
      return { kind: 'profile', accountId, handle: bare, bio };
    },
  };
}
