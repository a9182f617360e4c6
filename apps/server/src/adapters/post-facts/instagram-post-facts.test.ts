import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectInto } from '../../test/capture';
import {
  closedPort,
  startFakeHttpServer,
  type FakeReply,
  type RecordedRequest,
} from '../../test/fake-http-server';
import { createInstagramPostFacts, type InstagramPostFactsOptions } from './instagram-post-facts';
import type { PostFacts, PostFactsQuery } from './post-facts';

const TOKEN = 'EAAGm0PX4ZCpsBAcreator0token0for0tests0only0abcdefghijklmnop';
const IG_USER_ID = '17841405822304914';
const SHORTCODE = 'C1a2b3c4d5e';
const QUERY: PostFactsQuery = {
  platform: 'Instagram',
  postId: SHORTCODE,
  postUrl: `https://www.instagram.com/p/${SHORTCODE}`,
  accessToken: TOKEN,
};
const graphError = (code: number, message: string, status = 400): FakeReply => ({
  status,
  body: { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbC' } },
});

type Media = {
  id: string;
  permalink?: string;
  timestamp?: string;
  username?: string;
  owner?: { id: string };
};

/**
 * The Graph API as far as these facts need it: the token's Pages and their linked IG accounts, and each
 * account's media, newest first, in pages of `limit` with `after` cursors.
 */
function instagramFake() {
  const media = new Map<string, Media[]>();
  let pages: unknown[] = [];
  let override: FakeReply | undefined;
  const handler = (request: RecordedRequest): FakeReply => {
    if (override) return override;
    const url = new URL(request.url, 'http://fake.invalid');
    if (url.searchParams.get('access_token') !== TOKEN) {
      return graphError(190, 'Error validating access token: Session has expired.');
    }
    if (url.pathname === '/v22.0/me/accounts') return { status: 200, body: { data: pages } };
    const account = /^\/v22\.0\/(\d+)\/media$/.exec(url.pathname)?.[1];
    const listed = account === undefined ? undefined : media.get(account);
    if (!listed) return graphError(100, 'Unsupported get request.');
    const limit = Number(url.searchParams.get('limit') ?? '25');
    const start = Number(url.searchParams.get('after') ?? '0');
    const next = start + limit;
    return {
      status: 200,
      body: {
        data: listed.slice(start, next),
        paging: {
          cursors: { before: String(start), after: String(next) },
          ...(next < listed.length ? { next: `https://graph.facebook.com/next?access_token=${TOKEN}` } : {}),
        },
      },
    };
  };
  return {
    media,
    handler,
    linkPages(linked: unknown[]) {
      pages = linked;
    },
    replyWith(reply: FakeReply | undefined) {
      override = reply;
    },
  };
}

/** `count` posts of the account, newest first: shortcodes P0000, P0001… */
const postsOf = (count: number): Media[] =>
  Array.from({ length: count }, (_, index) => {
    const shortcode = `P${String(index).padStart(4, '0')}`;
    return {
      id: `1790000000000${String(index).padStart(4, '0')}`,
      permalink: `https://www.instagram.com/reel/${shortcode}/`,
      timestamp: '2026-01-01T00:00:00+0000',
      username: 'summer.beats',
      owner: { id: IG_USER_ID },
    };
  });

const fake = instagramFake();
let server: Awaited<ReturnType<typeof startFakeHttpServer>>;
let logLines: string[];
let answers: PostFacts[];

beforeAll(async () => {
  server = await startFakeHttpServer(fake.handler);
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  server.requests.length = 0;
  fake.media.clear();
  fake.replyWith(undefined);
  fake.linkPages([
    { id: '104000000000001', instagram_business_account: { id: IG_USER_ID, username: 'summer.beats' } },
  ]);
  logLines = [];
  answers = [];
  fake.media.set(IG_USER_ID, [
    ...postsOf(130),
    {
      id: '17895695668004550',
      permalink: `https://www.instagram.com/p/${SHORTCODE}/`,
      timestamp: '2026-11-20T18:10:00+0000',
      username: 'summer.beats',
      owner: { id: IG_USER_ID },
    },
  ]);
});
afterEach(() => {
  for (const text of [...logLines, ...answers.map((answer) => JSON.stringify(answer))]) {
    expect(text).not.toContain(TOKEN);
  }
});

function reader(overrides: Partial<InstagramPostFactsOptions> = {}) {
  const facts = createInstagramPostFacts({
    baseUrl: `${server.url}/v22.0`,
    timeoutMs: 2_000,
    logger: pino({ level: 'trace' }, collectInto(logLines)),
    ...overrides,
  });
  return async (query: Partial<PostFactsQuery> = {}) => {
    const answer = await facts.factsOf({ ...QUERY, ...query });
    answers.push(answer);
    return answer;
  };
}

const queryOf = (url: string | undefined) =>
  Object.fromEntries(new URL(url ?? '', 'http://fake.invalid').searchParams);
const paths = () => server.requests.map((request) => request.url.split('?')[0]);

describe('Instagram post facts, with the creator’s token', () => {
  it('finds the post among the account’s media, paging on, and reads its +0000 timestamp and owner', async () => {
    await expect(reader()({ accountId: IG_USER_ID })).resolves.toEqual({
      kind: 'facts',
      publishedAt: new Date(Date.UTC(2026, 10, 20, 18, 10, 0)),
      authorAccountId: IG_USER_ID,
      authorHandle: 'summer.beats',
      source: 'instagram-graph',
    });
    expect(paths()).toEqual([`/v22.0/${IG_USER_ID}/media`, `/v22.0/${IG_USER_ID}/media`]);
    expect(queryOf(server.requests[0]?.url)).toEqual({
      fields: 'id,permalink,timestamp,username,owner',
      limit: '100',
      access_token: TOKEN,
    });
    expect(queryOf(server.requests[1]?.url)).toMatchObject({ after: '100' });
  });

  it('finds the creator’s IG account from the Pages they manage when its id was not kept', async () => {
    fake.linkPages([
      { id: '104000000000002' },
      { id: '104000000000003', instagram_business_account: { id: IG_USER_ID } },
    ]);
    await expect(reader()({ postId: `Instagram:${SHORTCODE}` })).resolves.toMatchObject({
      kind: 'facts',
      authorAccountId: IG_USER_ID,
    });
    expect(paths()[0]).toBe('/v22.0/me/accounts');
    expect(queryOf(server.requests[0]?.url)).toEqual({
      fields: 'instagram_business_account{id,username}',
      access_token: TOKEN,
    });
  });

  it('reads a timestamp with an offset other than UTC exactly', async () => {
    fake.media.set(IG_USER_ID, [
      {
        id: '1',
        permalink: `https://www.instagram.com/summer.beats/reel/${SHORTCODE}/`,
        timestamp: '2026-11-20T20:10:00+0200',
      },
    ]);
    await expect(reader()({ accountId: IG_USER_ID })).resolves.toEqual({
      kind: 'facts',
      publishedAt: new Date('2026-11-20T18:10:00.000Z'),
      authorAccountId: IG_USER_ID,
      authorHandle: undefined,
      source: 'instagram-graph',
    });
  });

  it('says nothing of a time Instagram leaves out or writes in another form, rather than guess', async () => {
    fake.media.set(IG_USER_ID, [{ id: '1', permalink: `https://www.instagram.com/p/${SHORTCODE}/` }]);
    await expect(reader()({ accountId: IG_USER_ID })).resolves.toMatchObject({
      kind: 'facts',
      publishedAt: undefined,
    });
    fake.media.set(IG_USER_ID, [
      { id: '1', permalink: `https://www.instagram.com/p/${SHORTCODE}/`, timestamp: '1763662200' },
    ]);
    await expect(reader()({ accountId: IG_USER_ID })).resolves.toMatchObject({
      kind: 'facts',
      publishedAt: undefined,
    });
  });

  it('calls a post that is not among the account’s media not found, after its last page', async () => {
    await expect(reader()({ accountId: IG_USER_ID, postId: 'Zzzzzzzzzzz' })).resolves.toEqual({
      kind: 'unknown',
      reason: 'not-found',
    });
    expect(server.requests).toHaveLength(2);
    fake.linkPages([]);
    await expect(reader()()).resolves.toEqual({ kind: 'unknown', reason: 'not-found' });
  });

  it('looks through the newest thousand posts only', async () => {
    fake.media.set(IG_USER_ID, postsOf(1_050));
    await expect(reader()({ accountId: IG_USER_ID, postId: 'P1020' })).resolves.toMatchObject({
      reason: 'not-found',
    });
    expect(server.requests).toHaveLength(10);
    await expect(reader()({ accountId: IG_USER_ID, postId: 'P0999' })).resolves.toMatchObject({
      kind: 'facts',
    });
  });

  it('asks nothing without the creator’s token, or about what is not a shortcode', async () => {
    const ask = reader();
    await expect(ask({ accessToken: undefined })).resolves.toEqual({
      kind: 'unknown',
      reason: 'not-configured',
    });
    await expect(ask({ postId: 'a/b' })).resolves.toEqual({ kind: 'unknown', reason: 'unsupported' });
    await expect(ask({ platform: 'TikTok' })).resolves.toEqual({ kind: 'unknown', reason: 'unsupported' });
    expect(server.requests).toEqual([]);
  });
});

describe('when Instagram does not answer with the post', () => {
  it('calls a refused token refused, and logs that the creator must connect again, without the token', async () => {
    await expect(reader()({ accessToken: `${TOKEN}x` })).resolves.toEqual({
      kind: 'unknown',
      reason: 'refused',
    });
    expect(logLines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 40, provider: 'instagram-graph', status: 400, code: 190 }),
    ]);
  });

  it.each([
    [401, 102],
    [403, 10],
  ])('calls a %i refused, redacting a token Meta echoes', async (status, code) => {
    fake.replyWith(graphError(code, `token ${TOKEN} may not`, status));
    await expect(reader()()).resolves.toEqual({ kind: 'unknown', reason: 'refused' });
    expect(logLines.join('')).toContain('[redacted]');
  });

  it('calls a rate limit, a 429 and a 5xx a status worth asking again', async () => {
    const ask = reader();
    fake.replyWith(graphError(4, 'Application request limit reached'));
    await expect(ask()).resolves.toEqual({ kind: 'unknown', reason: 'status' });
    fake.replyWith({ status: 429, body: {} });
    await expect(ask()).resolves.toEqual({ kind: 'unknown', reason: 'status' });
    fake.replyWith({ status: 500, body: '<html>oops</html>' });
    await expect(ask({ accountId: IG_USER_ID })).resolves.toEqual({ kind: 'unknown', reason: 'status' });
  });

  it('calls an answer that is not the Graph API’s document malformed', async () => {
    fake.replyWith({ status: 200, body: '<html>captive portal</html>' });
    await expect(reader()()).resolves.toEqual({ kind: 'unknown', reason: 'malformed' });
    fake.replyWith({ status: 200, body: { paging: {} } });
    await expect(reader()({ accountId: IG_USER_ID })).resolves.toEqual({
      kind: 'unknown',
      reason: 'malformed',
    });
  });

  it('gives up after its time-out', async () => {
    fake.replyWith({ status: 200, body: { data: [] }, delayMs: 1_000 });
    await expect(reader({ timeoutMs: 100 })()).resolves.toEqual({ kind: 'unknown', reason: 'timeout' });
  });

  it('says the network failed when nothing listens', async () => {
    const port = await closedPort();
    await expect(reader({ baseUrl: `http://127.0.0.1:${port}/v22.0` })()).resolves.toEqual({
      kind: 'unknown',
      reason: 'network',
    });
  });
});
