import { createHash, randomBytes } from 'node:crypto';
import { startFakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http-server';

// Google (OAuth and the YouTube Data API), TikTok (Login Kit and the Research API) and Facebook (Login and
// the Instagram Graph API) on one loopback server, for the social account clients' tests and the end-to-end
// suite. The authorization pages redirect straight back with a code for the account a test signed in; the
// token endpoints hold each code to its PKCE challenge, its redirect URI and a single use, as the platforms
// do; the account and bio endpoints answer from the profiles a test set, to the tokens and keys issued.

export type FakeSocialPlatform = 'Youtube' | 'TikTok' | 'Instagram';
export type FakeSocialProfile = { accountId: string; handle: string; bio: string };
/** The endpoints a test may make fail: `client-token` is TikTok's client_credentials grant. */
export type FakeSocialEndpoint = 'authorize' | 'token' | 'client-token' | 'account' | 'profile' | 'post';
/** A post the fake's YouTube knows: when it was published and by which channel. */
export type FakeSocialPost = {
  postId: string;
  publishedAt: string;
  authorAccountId: string;
  authorName: string;
};
export type FakeSocialFailure =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { slowMs: number }
  | { malformed: true };

/** The operator's credentials the fake accepts, to give the clients. */
export const FAKE_SOCIAL_CREDENTIALS = {
  google: { clientId: 'fake-client.apps.googleusercontent.com', clientSecret: 'GOCSPX-fake-google-secret' },
  youtubeApiKey: 'AIzaSy-fake-youtube-data-api-key-000',
  tiktok: { clientKey: 'awfakeloginkitkey', clientSecret: 'fake-tiktok-login-secret' },
  tiktokResearch: { clientKey: 'awfakeresearchkey', clientSecret: 'fake-tiktok-research-secret' },
  facebook: { appId: '100000000000001', appSecret: 'fake-facebook-app-secret' },
  instagramDiscovery: { igUserId: '17841400000000001', accessToken: 'EAAGfakeOperatorToken000' },
} as const;

type IssuedCode = {
  platform: FakeSocialPlatform;
  accountId: string;
  challenge: string;
  redirectUri: string;
  used: boolean;
};

const TOKEN_PREFIX: Record<FakeSocialPlatform, string> = {
  Youtube: 'ya29.',
  TikTok: 'act.',
  Instagram: 'EAAG',
};
const secretValue = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;
const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');
const json = (status: number, body: unknown): FakeReply => ({ status, body });

function googleError(status: number, reason: string): FakeReply {
  return json(status, { error: { code: status, message: reason, errors: [{ reason, domain: 'global' }] } });
}
function graphError(code: number, message: string, subcode?: number): FakeReply {
  return json(400, {
    error: { message, type: 'OAuthException', code, error_subcode: subcode, fbtrace_id: 'AfakeTrace' },
  });
}
function tiktokError(status: number, code: string): FakeReply {
  return json(status, {
    data: {},
    error: { code, message: code.replace(/_/g, ' '), log_id: '20261128000000FAKE' },
  });
}

/** What the token endpoint says of a refusal, in each platform's own shape. */
function tokenRefusal(platform: FakeSocialPlatform, kind: 'client' | 'code' | 'verifier'): FakeReply {
  if (platform === 'Instagram') {
    if (kind === 'client') return graphError(1, 'Error validating client secret.');
    return graphError(
      100,
      kind === 'code' ? 'This authorization code has been used.' : 'Invalid code verifier.',
    );
  }
  if (platform === 'TikTok' && kind === 'verifier') {
    return json(400, {
      error: 'invalid_request',
      error_description: 'Code verifier or code challenge is invalid.',
      log_id: 'FAKE',
    });
  }
  if (kind === 'client')
    return json(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
  return json(400, { error: 'invalid_grant', error_description: 'Bad Request' });
}

/** Starts the fake on 127.0.0.1 at a free port; every platform's base URL is its `url`. */
export async function startFakeSocialPlatforms() {
  const profiles = new Map<FakeSocialPlatform, FakeSocialProfile[]>();
  const signedIn = new Map<FakeSocialPlatform, string>();
  const codes = new Map<string, IssuedCode>();
  const userTokens = new Map<string, { platform: FakeSocialPlatform; accountId: string }>();
  const researchTokens = new Set<string>();
  const failures = new Map<string, FakeSocialFailure>();
  const posts = new Map<string, FakeSocialPost>();
  /** Every code, token and secret the fake handed out, for tests to look for in logs and messages. */
  const issued: string[] = [];

  const profilesOf = (platform: FakeSocialPlatform) => profiles.get(platform) ?? [];
  const byHandle = (platform: FakeSocialPlatform, handle: string) =>
    profilesOf(platform).find((profile) => profile.handle.toLowerCase() === handle.toLowerCase());
  const byId = (platform: FakeSocialPlatform, accountId: string | undefined) =>
    profilesOf(platform).find((profile) => profile.accountId === accountId);
  const bearerOf = (request: RecordedRequest) =>
    /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const userOf = (platform: FakeSocialPlatform, request: RecordedRequest) => {
    const holder = userTokens.get(bearerOf(request) ?? '');
    return holder?.platform === platform ? byId(platform, holder.accountId) : undefined;
  };

  function authorize(
    platform: FakeSocialPlatform,
    query: URLSearchParams,
    clientId: string | null,
  ): FakeReply {
    const expected = {
      Youtube: FAKE_SOCIAL_CREDENTIALS.google.clientId,
      TikTok: FAKE_SOCIAL_CREDENTIALS.tiktok.clientKey,
      Instagram: FAKE_SOCIAL_CREDENTIALS.facebook.appId,
    }[platform];
    const redirectUri = query.get('redirect_uri');
    const challenge = query.get('code_challenge');
    if (
      clientId !== expected ||
      !redirectUri ||
      !challenge ||
      query.get('code_challenge_method') !== 'S256'
    ) {
      return { status: 400, body: 'invalid authorization request' };
    }
    const accountId = signedIn.get(platform) ?? profilesOf(platform)[0]?.accountId;
    if (!accountId) return { status: 400, body: 'nobody is signed in' };
    const code = secretValue('code-');
    issued.push(code);
    codes.set(code, { platform, accountId, challenge, redirectUri, used: false });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state') ?? '');
    return { status: 302, headers: { location: back.toString() } };
  }

  function grantUserToken(platform: FakeSocialPlatform, form: URLSearchParams): FakeReply {
    const client = {
      Youtube: FAKE_SOCIAL_CREDENTIALS.google,
      TikTok: FAKE_SOCIAL_CREDENTIALS.tiktok,
      Instagram: FAKE_SOCIAL_CREDENTIALS.facebook,
    }[platform];
    const id =
      'clientId' in client ? client.clientId : 'clientKey' in client ? client.clientKey : client.appId;
    const secret = 'clientSecret' in client ? client.clientSecret : client.appSecret;
    const idField = platform === 'TikTok' ? 'client_key' : 'client_id';
    if (form.get(idField) !== id || form.get('client_secret') !== secret)
      return tokenRefusal(platform, 'client');
    const issuedCode = codes.get(form.get('code') ?? '');
    if (
      !issuedCode ||
      issuedCode.platform !== platform ||
      issuedCode.used ||
      issuedCode.redirectUri !== form.get('redirect_uri')
    ) {
      return tokenRefusal(platform, 'code');
    }
    issuedCode.used = true;
    if (s256(form.get('code_verifier') ?? '') !== issuedCode.challenge)
      return tokenRefusal(platform, 'verifier');
    const accessToken = secretValue(TOKEN_PREFIX[platform]);
    const refreshToken = platform === 'Instagram' ? undefined : secretValue('refresh-');
    issued.push(accessToken, ...(refreshToken ? [refreshToken] : []));
    userTokens.set(accessToken, { platform, accountId: issuedCode.accountId });
    return json(200, {
      access_token: accessToken,
      token_type: platform === 'Instagram' ? 'bearer' : 'Bearer',
      expires_in: 3599,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      ...(platform === 'Youtube' ? { scope: 'https://www.googleapis.com/auth/youtube.readonly' } : {}),
      ...(platform === 'TikTok'
        ? {
            open_id: issuedCode.accountId,
            scope: 'user.info.basic,user.info.profile',
            refresh_expires_in: 31535999,
          }
        : {}),
    });
  }

  function grantResearchToken(form: URLSearchParams): FakeReply {
    const { clientKey, clientSecret } = FAKE_SOCIAL_CREDENTIALS.tiktokResearch;
    if (form.get('client_key') !== clientKey || form.get('client_secret') !== clientSecret) {
      return tokenRefusal('TikTok', 'client');
    }
    const accessToken = secretValue('clt.');
    issued.push(accessToken);
    researchTokens.add(accessToken);
    return json(200, { access_token: accessToken, expires_in: 7200, token_type: 'Bearer' });
  }

  function youtubeChannels(request: RecordedRequest, query: URLSearchParams): FakeReply {
    const channel = (profile: FakeSocialProfile) => ({
      kind: 'youtube#channel',
      id: profile.accountId,
      snippet: {
        title: profile.handle,
        description: profile.bio,
        customUrl: `@${profile.handle.toLowerCase()}`,
      },
    });
    const list = (found: FakeSocialProfile | undefined) => ({
      kind: 'youtube#channelListResponse',
      pageInfo: { totalResults: found ? 1 : 0, resultsPerPage: 5 },
      ...(found ? { items: [channel(found)] } : {}),
    });
    if (query.get('mine') === 'true') {
      const holder = userTokens.get(bearerOf(request) ?? '');
      if (holder?.platform !== 'Youtube') return googleError(401, 'authError');
      return json(200, list(byId('Youtube', holder.accountId)));
    }
    if (query.get('key') !== FAKE_SOCIAL_CREDENTIALS.youtubeApiKey) return googleError(400, 'keyInvalid');
    return json(200, list(byHandle('Youtube', (query.get('forHandle') ?? '').replace(/^@/, ''))));
  }

  function tiktokResearchUser(request: RecordedRequest): FakeReply {
    if (!researchTokens.has(bearerOf(request) ?? '')) return tiktokError(401, 'access_token_invalid');
    const asked = (JSON.parse(request.body || '{}') as { username?: string }).username ?? '';
    const found = byHandle('TikTok', asked);
    if (!found) return json(200, { data: {}, error: { code: 'ok', message: '', log_id: 'FAKE' } });
    // The research client's own open_id for the account: not the one Login Kit gives.
    return json(200, {
      data: {
        open_id: `research-${found.accountId}`,
        display_name: found.handle,
        bio_description: found.bio,
      },
      error: { code: 'ok', message: '', log_id: 'FAKE' },
    });
  }

  function instagramPages(request: RecordedRequest): FakeReply {
    const holder = userTokens.get(bearerOf(request) ?? '');
    if (holder?.platform !== 'Instagram')
      return graphError(190, 'Invalid OAuth access token - Cannot parse access token');
    const account = byId('Instagram', holder.accountId);
    return json(200, {
      data: [
        { id: '1000000000000001' },
        ...(account
          ? [
              {
                id: '1000000000000002',
                instagram_business_account: { id: account.accountId, username: account.handle },
              },
            ]
          : []),
      ],
    });
  }

  function businessDiscovery(request: RecordedRequest, igUserId: string, fields: string): FakeReply {
    const operator = FAKE_SOCIAL_CREDENTIALS.instagramDiscovery;
    if (bearerOf(request) !== operator.accessToken) return graphError(190, 'Invalid OAuth access token');
    if (igUserId !== operator.igUserId) return graphError(100, 'Unsupported get request.', 33);
    const asked = /^business_discovery\.username\(([^)]*)\)\{id,username,biography\}$/.exec(fields)?.[1];
    const found = asked === undefined ? undefined : byHandle('Instagram', asked);
    if (!found) return graphError(110, 'Invalid user id', 2207013);
    return json(200, {
      business_discovery: { id: found.accountId, username: found.handle, biography: found.bio },
      id: igUserId,
    });
  }

  /** YouTube Data API `videos.list?part=snippet`: the posts set, with their publish time and channel. */
  function youtubeVideos(query: URLSearchParams): FakeReply {
    if (query.get('key') !== FAKE_SOCIAL_CREDENTIALS.youtubeApiKey) {
      return json(400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.' } });
    }
    const items = (query.get('id') ?? '')
      .split(',')
      .map((id) => posts.get(id))
      .filter((post): post is FakeSocialPost => post !== undefined)
      .map((post) => ({
        kind: 'youtube#video',
        id: post.postId,
        snippet: {
          publishedAt: post.publishedAt,
          channelId: post.authorAccountId,
          channelTitle: post.authorName,
        },
      }));
    return json(200, { kind: 'youtube#videoListResponse', items });
  }

  /** Which platform and endpoint a request is for, and the fake's own answer to it. */
  function route(
    request: RecordedRequest,
  ): [FakeSocialPlatform, FakeSocialEndpoint, () => FakeReply] | undefined {
    const url = new URL(request.url, 'http://fake');
    const query = url.searchParams;
    const form = new URLSearchParams(request.body);
    const path = url.pathname;
    const graph = /^\/v\d+\.\d+(\/.*)$/.exec(path)?.[1];
    if (path === '/o/oauth2/v2/auth')
      return ['Youtube', 'authorize', () => authorize('Youtube', query, query.get('client_id'))];
    if (path === '/token') return ['Youtube', 'token', () => grantUserToken('Youtube', form)];
    if (path === '/youtube/v3/channels') {
      return [
        'Youtube',
        query.get('mine') === 'true' ? 'account' : 'profile',
        () => youtubeChannels(request, query),
      ];
    }
    if (path === '/youtube/v3/videos') return ['Youtube', 'post', () => youtubeVideos(query)];
    if (path === '/v2/auth/authorize/')
      return ['TikTok', 'authorize', () => authorize('TikTok', query, query.get('client_key'))];
    if (path === '/v2/oauth/token/') {
      return form.get('grant_type') === 'client_credentials'
        ? ['TikTok', 'client-token', () => grantResearchToken(form)]
        : ['TikTok', 'token', () => grantUserToken('TikTok', form)];
    }
    if (path === '/v2/user/info/') {
      return [
        'TikTok',
        'account',
        () => {
          const user = userOf('TikTok', request);
          if (!user) return tiktokError(401, 'access_token_invalid');
          const withUsername = (query.get('fields') ?? '').split(',').includes('username');
          return json(200, {
            data: { user: { open_id: user.accountId, ...(withUsername ? { username: user.handle } : {}) } },
            error: { code: 'ok', message: '', log_id: 'FAKE' },
          });
        },
      ];
    }
    if (path === '/v2/research/user/info/') return ['TikTok', 'profile', () => tiktokResearchUser(request)];
    if (graph === '/dialog/oauth')
      return ['Instagram', 'authorize', () => authorize('Instagram', query, query.get('client_id'))];
    if (graph === '/oauth/access_token')
      return ['Instagram', 'token', () => grantUserToken('Instagram', form)];
    if (graph === '/me/accounts') return ['Instagram', 'account', () => instagramPages(request)];
    if (graph && /^\/\d+$/.test(graph)) {
      return [
        'Instagram',
        'profile',
        () => businessDiscovery(request, graph.slice(1), query.get('fields') ?? ''),
      ];
    }
    return undefined;
  }

  const server = await startFakeHttpServer((request) => {
    const routed = route(request);
    if (!routed) return json(404, { error: 'no such endpoint on the fake' });
    const [platform, endpoint, answer] = routed;
    const failure = failures.get(`${platform} ${endpoint}`);
    if (!failure) return answer();
    if ('slowMs' in failure) return { ...answer(), delayMs: failure.slowMs };
    if ('malformed' in failure) return { status: 200, body: '<html><body>Bad gateway</body></html>' };
    return {
      status: failure.status,
      body: failure.body ?? '',
      ...(failure.headers ? { headers: failure.headers } : {}),
    };
  });

  return {
    url: server.url,
    requests: server.requests,
    /** Codes, tokens and secrets handed out so far, with the operator's: none may reach a log or a message. */
    secrets: (): string[] => [
      ...issued,
      FAKE_SOCIAL_CREDENTIALS.google.clientSecret,
      FAKE_SOCIAL_CREDENTIALS.youtubeApiKey,
      FAKE_SOCIAL_CREDENTIALS.tiktok.clientSecret,
      FAKE_SOCIAL_CREDENTIALS.tiktokResearch.clientSecret,
      FAKE_SOCIAL_CREDENTIALS.facebook.appSecret,
      FAKE_SOCIAL_CREDENTIALS.instagramDiscovery.accessToken,
    ],
    /** Adds or replaces (by account id) a channel or user, public to the bio endpoints. */
    setProfile(platform: FakeSocialPlatform, profile: FakeSocialProfile) {
      profiles.set(platform, [
        ...profilesOf(platform).filter((known) => known.accountId !== profile.accountId),
        profile,
      ]);
    },
    /** The account the platform's authorization page grants (by default the first profile set). */
    signIn(platform: FakeSocialPlatform, accountId: string) {
      signedIn.set(platform, accountId);
    },
    /** A YouTube video the Data API answers for, with its publish time and channel. */
    setPost(post: FakeSocialPost) {
      posts.set(post.postId, post);
    },
    /** Answers one platform's endpoint with a failure until `reset`. */
    fail(platform: FakeSocialPlatform, endpoint: FakeSocialEndpoint, failure: FakeSocialFailure) {
      failures.set(`${platform} ${endpoint}`, failure);
    },
    /** Answers the endpoint as the platform does again. */
    heal(platform: FakeSocialPlatform, endpoint: FakeSocialEndpoint) {
      failures.delete(`${platform} ${endpoint}`);
    },
    /**
     * Follows an authorization URL as the creator's browser would, signed in and consenting, and returns
     * the redirect back (with `code` and `state`), or the page's status when it refused.
     */
    async authorize(url: URL): Promise<{ redirect: URL } | { status: number }> {
      const response = await fetch(url, { redirect: 'manual' });
      await response.arrayBuffer();
      const location = response.headers.get('location');
      return response.status === 302 && location
        ? { redirect: new URL(location) }
        : { status: response.status };
    },
    reset() {
      for (const map of [profiles, signedIn, codes, userTokens, failures, posts] as Map<unknown, unknown>[])
        map.clear();
      researchTokens.clear();
      issued.length = 0;
      server.requests.length = 0;
    },
    close: () => server.close(),
  };
}
export type FakeSocialPlatforms = Awaited<ReturnType<typeof startFakeSocialPlatforms>>;
