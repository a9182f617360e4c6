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
  type PlatformProfileReader,
  type SocialAccountsLogger,
} from './social-accounts';

// Instagram professional accounts (business and creator) through Facebook Login: an Instagram account is
// reached through the Facebook Page it is linked to. The creator is sent to www.facebook.com/{version}/
// dialog/oauth, which takes PKCE's code_challenge and code_challenge_method
// (https://developers.facebook.com/docs/facebook-login/guides/advanced/oidc-token), and the code is exchanged
// at graph.facebook.com/{version}/oauth/access_token with client_id, client_secret, redirect_uri, code and
// code_verifier (https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow).
//
// GET /me/accounts?fields=instagram_business_account{id,username} lists the creator's Pages, each with the
// Instagram professional account linked to it. A public bio is read through the operator's own professional
// account: GET /{ig-user-id}?fields=business_discovery.username(handle){id,username,biography}
// (https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/business_discovery).
// Graph errors are `{ error: { message, type, code, error_subcode } }`.

export const FACEBOOK_HOSTS = {
  dialog: 'https://www.facebook.com',
  graph: 'https://graph.facebook.com',
} as const;
export const FACEBOOK_GRAPH_VERSION = 'v22.0';
/** The Pages the creator manages, and the Instagram account linked to each. */
export const INSTAGRAM_LOGIN_SCOPES = 'instagram_basic,pages_show_list,pages_read_engagement';

/** Letters, digits, '_' and '.', at most 30. */
const INSTAGRAM_HANDLE = /^[A-Za-z0-9._]{1,30}$/;

/** "Invalid parameter": for oauth/access_token, a code that is malformed, spent, or not its verifier's. */
const INVALID_PARAMETER = 100;
/** business_discovery's answer for a username that is no professional account ("Invalid user id"). */
const NO_SUCH_USER = 110;
/** Graph's rate limits: app, user, Page, and the API's own. */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);

export type FacebookHost = keyof typeof FACEBOOK_HOSTS;

type CommonOptions = {
  baseUrls?: BaseUrls<FacebookHost>;
  /** The Graph API version in every path: 'v22.0'. */
  graphVersion?: string;
  timeoutMs?: number;
  logger?: SocialAccountsLogger;
};

export type InstagramOAuthOptions = CommonOptions & { appId: string; appSecret: string; clock?: Clock };
export type InstagramDiscoveryOptions = CommonOptions & {
  /** The operator's own Instagram professional account, through which other accounts are looked up. */
  igUserId: string;
  /** A token of the operator's that may read that account (instagram_basic, pages_read_engagement). */
  accessToken: string;
};

function graphError(body: Record<string, unknown> | undefined): { code?: number; providerError?: string } {
  const error = isRecord(body?.error) ? body.error : undefined;
  const code = typeof error?.code === 'number' ? error.code : undefined;
  const subcode = typeof error?.error_subcode === 'number' ? error.error_subcode : undefined;
  if (code === undefined) return {};
  return { code, providerError: `code ${code}${subcode === undefined ? '' : `/${subcode}`}` };
}

function facebookClient(options: CommonOptions, provider: string, secrets: string[]): PlatformClient {
  return {
    platform: 'Instagram',
    provider,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    logger: options.logger ?? quietLogger,
    secrets,
  };
}

/** The first of the creator's Pages that has an Instagram professional account linked to it. */
function linkedAccount(pages: readonly unknown[]): { accountId: string; handle: string } | undefined {
  for (const page of pages) {
    const account = isRecord(page) ? page.instagram_business_account : undefined;
    const accountId = textField(account, 'id');
    const username = textField(account, 'username');
    if (accountId && username) return { accountId, handle: bareHandle(username) };
  }
  return undefined;
}

/** Connecting an Instagram professional account through Facebook Login. */
export function createInstagramAccountOAuth(options: InstagramOAuthOptions): AccountOAuth {
  const version = options.graphVersion ?? FACEBOOK_GRAPH_VERSION;
  const dialogOrigin = originOf(options.baseUrls?.dialog, FACEBOOK_HOSTS.dialog);
  const graph = `${originOf(options.baseUrls?.graph, FACEBOOK_HOSTS.graph)}/${version}`;
  const clock = options.clock ?? systemClock;
  const client = facebookClient(options, 'Facebook', [options.appSecret]);

  return {
    platform: 'Instagram',
    authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(`/${version}/dialog/oauth`, dialogOrigin);
      url.search = new URLSearchParams({
        client_id: options.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: INSTAGRAM_LOGIN_SCOPES,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url;
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const { reply, body } = await oauthCall(
        client,
        `${graph}/oauth/access_token`,
        formPost({
          client_id: options.appId,
          client_secret: options.appSecret,
          redirect_uri: redirectUri,
          code,
          code_verifier: codeVerifier,
        }),
      );
      if (reply.status !== 200) {
        const { code: errorCode, providerError } = graphError(body);
        throw tokenEndpointFailure(client, reply, {
          rejectedCode: errorCode === INVALID_PARAMETER,
          providerError,
        });
      }
      return tokensFrom(client, body, clock);
    },

    async accountOf(tokens) {
      const fields = encodeURIComponent('instagram_business_account{id,username}');
      const { reply, body } = await oauthCall(client, `${graph}/me/accounts?fields=${fields}`, {
        headers: bearer(tokens.accessToken),
      });
      if (reply.status !== 200) {
        const { code, providerError } = graphError(body);
        const limited = reply.status === 429 || reply.status >= 500 || RATE_LIMIT_CODES.has(code ?? -1);
        throw oauthFailure(client, limited ? 'status' : 'refused', 'would not list the Pages', {
          status: reply.status,
          providerError,
        });
      }
      if (!Array.isArray(body?.data))
        throw oauthFailure(client, 'malformed', 'answered me/accounts with something else');
      const account = linkedAccount(body.data);
      if (!account) {
        throw oauthFailure(
          client,
          'no-account',
          'found no Instagram professional account linked to a Page of this login',
        );
      }
      return account;
    },
  };
}

/** Reading a professional account's public bio through the operator's own account (business discovery). */
export function createInstagramProfileReader(options: InstagramDiscoveryOptions): PlatformProfileReader {
  const version = options.graphVersion ?? FACEBOOK_GRAPH_VERSION;
  const graph = `${originOf(options.baseUrls?.graph, FACEBOOK_HOSTS.graph)}/${version}`;
  const client = facebookClient(options, 'Instagram', [options.accessToken]);

  return {
    platform: 'Instagram',
    async read(handle) {
      const bare = bareHandle(handle);
      if (!INSTAGRAM_HANDLE.test(bare)) return unavailable('not-found');
      const fields = encodeURIComponent(`business_discovery.username(${bare}){id,username,biography}`);
      const answer = await profileCall(
        client,
        `${graph}/${encodeURIComponent(options.igUserId)}?fields=${fields}`,
        { headers: bearer(options.accessToken) },
      );
      if ('kind' in answer) return answer;
      const { reply, body } = answer;
      if (reply.status !== 200) {
        const { code, providerError } = graphError(body);
        if (code === NO_SUCH_USER) return unavailable('not-found');
        const reason = RATE_LIMIT_CODES.has(code ?? -1) ? 'status' : reasonForStatus(reply.status);
        return profileFailure(client, reason, { status: reply.status, providerError });
      }
      const found = body?.business_discovery;
      const accountId = textField(found, 'id');
      const username = textField(found, 'username');
      if (!isRecord(found) || !accountId || !username)
        return profileFailure(client, 'malformed', { status: reply.status });
      const bio = typeof found.biography === 'string' ? found.biography : '';
      return { kind: 'profile', accountId, handle: bareHandle(username), bio };
    },
  };
}
