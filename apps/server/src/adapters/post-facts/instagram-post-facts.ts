import { postIdentity } from '@platform/shared';
import { fetchText, isRecord, parseJson, withoutSecrets, type ProviderReply } from '../http/provider-http';
import { loggableText } from '../metrics/metrics-readings';
import type { PostFacts, PostFactsLogger, PostFactsQuery, PostFactsReader } from './post-facts';
import {
  instantOf,
  isPassingFailure,
  platformIdOf,
  SILENT_LOGGER,
  textOf,
  transportFailureFacts,
  unknownFacts,
} from './post-facts-replies';

// Instagram API with Facebook Login (graph.facebook.com), with the user access token a creator granted our
// app for their professional (business or creator) account: `instagram_basic`, `pages_show_list`.
//
// The creator's IG user id is the one kept when they connected, or else found from the token: "GET
// /me/accounts" lists the Facebook Pages they manage, each with the `instagram_business_account` linked to
// it. Then "GET /{ig-user-id}/media" lists that account's own media, newest first, paged with the `after`
// cursor, asking each for `id`, `permalink`, `timestamp` ("ISO 8601-formatted creation date in UTC",
// written '2017-08-31T18:10:00+0000'), `username` and `owner` (the IG user who created it). The post is
// the one whose permalink names the same shortcode under the shared post-link rule. Only the account's own
// media are there: another account's post is 'not-found', which is what proves it is not theirs.
//
// Business discovery of another account's media by handle, with the operator's token, is not used: it
// names the account by the handle we ask it about, and a handle is what this check must not rely on.

export const INSTAGRAM_POST_FACTS_URL = 'https://graph.facebook.com/v22.0';
const INSTAGRAM_SHORTCODE = /^[A-Za-z0-9_-]{1,64}$/;
const MEDIA_FIELDS = 'id,permalink,timestamp,username,owner';
/** The most the media edge gives in one page. */
const MEDIA_PAGE_SIZE = 100;
/** The account's newest thousand posts are looked through: an entry is a post made for a live campaign. */
const MEDIA_PAGES_SEARCHED = 10;
const DEFAULT_TIMEOUT_MS = 5_000;
const SOURCE = 'instagram-graph';

/** Graph API error codes: a token it will not take, a permission not granted, and its rate limits. */
const TOKEN_REFUSED = 190;
const PERMISSION_CODES = new Set([10, 200]);
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);

export type InstagramPostFactsOptions = {
  /** The Graph API's address and version, without a trailing path: https://graph.facebook.com/v22.0. */
  baseUrl: string;
  /** Per request. */
  timeoutMs?: number;
  logger?: PostFactsLogger;
};

type GraphAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; facts: PostFacts };

/** What a Graph API error answers, logged where someone must act on it. */
function readGraphError(reply: ProviderReply, logger: PostFactsLogger, token: string): PostFacts {
  const body = parseJson(reply.text);
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const code = typeof error?.code === 'number' ? error.code : undefined;
  const said = loggableText(error?.message);
  const details = {
    provider: SOURCE,
    status: reply.status,
    ...(code === undefined ? {} : { code }),
    ...(said ? { said: withoutSecrets(said, [token]) } : {}),
  };
  if (isPassingFailure(reply.status) || (code !== undefined && RATE_LIMIT_CODES.has(code))) {
    logger.warn(details, 'Instagram is limiting or failing: publish dates are not known until it answers');
    return unknownFacts('status');
  }
  if (
    reply.status === 401 ||
    reply.status === 403 ||
    code === TOKEN_REFUSED ||
    (code !== undefined && PERMISSION_CODES.has(code))
  ) {
    logger.warn(details, "Instagram refused the creator's token: they must connect their account again");
    return unknownFacts('refused');
  }
  if (reply.status === 404) return unknownFacts('not-found');
  logger.error(details, 'Instagram refused a Graph API request');
  return unknownFacts('status');
}

/** The post's facts from its media object; `accountId` is the account whose media edge listed it. */
function factsOfMedia(media: Record<string, unknown>, accountId: string): PostFacts {
  return {
    kind: 'facts',
    publishedAt: instantOf(media.timestamp),
    authorAccountId: (isRecord(media.owner) ? textOf(media.owner.id) : undefined) ?? accountId,
    authorHandle: textOf(media.username),
    source: SOURCE,
  };
}

/** The `after` cursor of a page that has a next one; the last page has no `next`. */
function nextCursor(body: Record<string, unknown>): string | undefined {
  const paging = isRecord(body.paging) ? body.paging : undefined;
  const cursor = isRecord(paging?.cursors) ? paging.cursors.after : undefined;
  return typeof paging?.next === 'string' && typeof cursor === 'string' ? cursor : undefined;
}

/**
 * When an Instagram post was published, and by which IG user, with the creator's own token: the post is
 * looked for among their account's media.
 */
export function createInstagramPostFacts(options: InstagramPostFactsOptions): PostFactsReader {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const logger = options.logger ?? SILENT_LOGGER;

  async function askGraph(path: string, query: Record<string, string>, token: string): Promise<GraphAnswer> {
    const url = new URL(`${baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    url.searchParams.set('access_token', token);
    let reply: ProviderReply;
    try {
      // A redirect would carry the token in its query to wherever it points.
      reply = await fetchText(url, { headers: { accept: 'application/json' }, redirect: 'error', timeoutMs });
    } catch (error) {
      return { ok: false, facts: transportFailureFacts(error) };
    }
    if (reply.status !== 200) return { ok: false, facts: readGraphError(reply, logger, token) };
    const body = parseJson(reply.text);
    return isRecord(body) ? { ok: true, body } : { ok: false, facts: unknownFacts('malformed') };
  }

  /** The IG user ids of the professional accounts linked to the Pages the token's user manages. */
  async function accountsOf(token: string): Promise<string[] | PostFacts> {
    const answer = await askGraph(
      '/me/accounts',
      { fields: 'instagram_business_account{id,username}' },
      token,
    );
    if (!answer.ok) return answer.facts;
    if (!Array.isArray(answer.body.data)) return unknownFacts('malformed');
    return (answer.body.data as unknown[]).flatMap((page) => {
      const account =
        isRecord(page) && isRecord(page.instagram_business_account)
          ? page.instagram_business_account
          : undefined;
      const id = textOf(account?.id);
      return id === undefined ? [] : [id];
    });
  }

  /** The post among one account's newest media, undefined when it is not there. */
  async function findInMedia(
    accountId: string,
    shortcode: string,
    token: string,
  ): Promise<PostFacts | undefined> {
    const identity = `Instagram:${shortcode}`;
    let after: string | undefined;
    for (let page = 0; page < MEDIA_PAGES_SEARCHED; page += 1) {
      const answer = await askGraph(
        `/${encodeURIComponent(accountId)}/media`,
        { fields: MEDIA_FIELDS, limit: String(MEDIA_PAGE_SIZE), ...(after ? { after } : {}) },
        token,
      );
      if (!answer.ok) return answer.facts;
      if (!Array.isArray(answer.body.data)) return unknownFacts('malformed');
      const media = (answer.body.data as unknown[]).find(
        (item): item is Record<string, unknown> =>
          isRecord(item) && typeof item.permalink === 'string' && postIdentity(item.permalink) === identity,
      );
      if (media) return factsOfMedia(media, accountId);
      after = nextCursor(answer.body);
      if (after === undefined) return undefined;
    }
    return undefined;
  }

  return {
    async factsOf(query: PostFactsQuery) {
      const shortcode = query.platform === 'Instagram' ? platformIdOf(query, INSTAGRAM_SHORTCODE) : undefined;
      if (shortcode === undefined) return unknownFacts('unsupported');
      const token = query.accessToken;
      if (!token) return unknownFacts('not-configured');

      const accounts = query.accountId ? [query.accountId] : await accountsOf(token);
      if (!Array.isArray(accounts)) return accounts;
      for (const accountId of accounts) {
        const found = await findInMedia(accountId, shortcode, token);
        if (found) return found;
      }
      return unknownFacts('not-found');
    },
  };
}
