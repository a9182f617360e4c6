import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { parsePostLink } from '@platform/shared';
import { isPublicAddress } from './public-address';

// SPEC §5 compares a TikTok short link (vm.tiktok.com/…, vt.tiktok.com/…, tiktok.com/t/…) by the post it
// leads to, which only TikTok's redirects tell. The link is a creator's to write, and so is every
// redirect's target as far as this server can know: each hop is held to TikTok's own hosts over https,
// its name is resolved here and every address checked, and the connection goes to the checked address
// itself, so a second answer from DNS (rebinding) is never asked for.

export type ResolvedLink =
  /** The post the link leads to, as the shared post-link rule writes it. */
  | { kind: 'resolved'; url: string }
  | {
      kind: 'refused';
      reason: 'private-address' | 'foreign-host' | 'too-many-redirects' | 'not-a-post';
    }
  /** Nothing is known about the link: ask again later, or take it as written. */
  | { kind: 'unavailable'; reason: 'timeout' | 'network' | 'status' | 'disabled' };

export interface ShortLinkResolver {
  /**
   * The post a TikTok short link leads to. A link that is already a post's is answered as the shared rule
   * writes it, and anything that is not a post is refused, both without a request. Whatever TikTok or the
   * network do is an answer, never an exception.
   */
  resolve(link: string): Promise<ResolvedLink>;
}

export type HostAddress = { address: string; family: number };
/** Every address a host name has, as `dns.lookup(name, { all: true })` gives them. */
export type HostLookup = (hostname: string) => Promise<readonly HostAddress[]>;
export type Destination = { address: string; port: number };

export type ShortLinkResolverOptions = {
  /** For one hop, the name's lookup included. */
  hopTimeoutMs?: number;
  /** For the whole chain of hops. */
  totalTimeoutMs?: number;
  lookup?: HostLookup;
  /**
   * Tests only, where a fake TikTok on loopback stands in for TikTok's servers: a connection to a checked
   * address goes where `routeTo` says, and the fake's certificate is trusted. Every check still runs on
   * the addresses the lookup gave, and the certificate must still name the host.
   */
  testNetwork?: {
    routeTo(checked: Destination): Destination;
    trustedCertificates: readonly string[];
  };
};

/** A redirect chain longer than this is not a share link's but a loop or a trap. */
export const MAX_HOPS = 5;
const DEFAULT_HOP_TIMEOUT_MS = 3_000;
const DEFAULT_TOTAL_TIMEOUT_MS = 6_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** What a server that will not answer HEAD says; the same hop is then asked with GET. */
const HEAD_REFUSED_STATUSES = new Set([405, 501]);
const GONE_STATUSES = new Set([404, 410]);
const USER_AGENT = 'Mozilla/5.0 (compatible; campaign-platform post-link check)';

const refused = (reason: Extract<ResolvedLink, { kind: 'refused' }>['reason']): ResolvedLink => ({
  kind: 'refused',
  reason,
});
const unavailable = (reason: Extract<ResolvedLink, { kind: 'unavailable' }>['reason']): ResolvedLink => ({
  kind: 'unavailable',
  reason,
});

/**
 * Whether the shared post-link rule takes `host` for one of TikTok's. The rule keeps its list of hosts to
 * itself, so it is asked with a post path and a short-link path rather than the list being copied here.
 */
export function isTikTokHost(host: string): boolean {
  if (!/^[a-z0-9.-]+$/.test(host)) return false;
  return [`https://${host}/@tiktok/video/1`, `https://${host}/ZMabc`].some(
    (probe) => parsePostLink(probe)?.platform === 'TikTok',
  );
}

/** Why a hop may not be taken, before its name is even looked up; undefined when it may. */
export function refusalOf(url: URL): ResolvedLink | undefined {
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal)) return refused(isPublicAddress(literal) ? 'foreign-host' : 'private-address');
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') {
    return refused('foreign-host');
  }
  return isTikTokHost(url.hostname) ? undefined : refused('foreign-host');
}

/** A recognised TikTok post that is not itself a short link: where the chain ends. */
function tikTokPost(url: string): string | undefined {
  const post = parsePostLink(url);
  return post?.platform === 'TikTok' && post.kind !== 'short' ? post.url : undefined;
}

/**
 * Where a short link's chain starts: the link as TikTok's share sheet writes it, with the trailing slash the
 * shared rule leaves out of every link it writes. That is the address TikTok redirects to the post from, so
 * a link pasted with or without its slash is asked for the same way.
 */
function shareAddressOf(shortLink: string): URL {
  const url = new URL(shortLink);
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url;
}

/** A name lookup cannot be cancelled, but the hop can stop waiting for it. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

const defaultLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true });

type HopAnswer = { status: number; location: string | undefined };

/** One request to the pinned address, answered as soon as its status and headers are in. */
function ask(
  url: URL,
  address: string,
  method: 'HEAD' | 'GET',
  signal: AbortSignal,
  testNetwork: ShortLinkResolverOptions['testNetwork'],
) {
  const checked = { address, port: 443 };
  const destination = testNetwork ? testNetwork.routeTo(checked) : checked;
  return new Promise<HopAnswer>((resolve, reject) => {
    const request = httpsRequest(
      {
        host: destination.address,
        port: destination.port,
        method,
        path: `${url.pathname}${url.search}`,
        // The name, not the address, is what TikTok serves and what its certificate must be for.
        servername: url.hostname,
        headers: { host: url.host, 'user-agent': USER_AGENT, accept: '*/*' },
        agent: false,
        signal,
        ...(testNetwork ? { ca: [...testNetwork.trustedCertificates] } : {}),
      },
      (response) => {
        const location = response.headers.location;
        resolve({ status: response.statusCode ?? 0, location });
        // Only the status and Location matter: the page itself is never read.
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end();
  });
}

export function createShortLinkResolver(options: ShortLinkResolverOptions = {}): ShortLinkResolver {
  const hopTimeoutMs = options.hopTimeoutMs ?? DEFAULT_HOP_TIMEOUT_MS;
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const lookup = options.lookup ?? defaultLookup;
  const { testNetwork } = options;

  /** The checked addresses to try for a hop, IPv4 first; or why there are none. */
  async function addressesOf(hostname: string, signal: AbortSignal): Promise<HostAddress[] | ResolvedLink> {
    let addresses: readonly HostAddress[];
    try {
      addresses = await untilAborted(lookup(hostname), signal);
    } catch {
      return unavailable(signal.aborted ? 'timeout' : 'network');
    }
    if (addresses.length === 0) return unavailable('network');
    // One private answer among public ones is enough: which one a connection would get is not ours to say.
    if (!addresses.every(({ address }) => isPublicAddress(address))) return refused('private-address');
    const ipv4 = addresses.find(({ family }) => family === 4);
    const ipv6 = addresses.find(({ family }) => family === 6);
    return [ipv4, ipv6].filter((address) => address !== undefined);
  }

  async function visit(url: URL, signal: AbortSignal): Promise<HopAnswer | ResolvedLink> {
    const addresses = await addressesOf(url.hostname, signal);
    if (!Array.isArray(addresses)) return addresses;
    for (const { address } of addresses) {
      try {
        const answer = await ask(url, address, 'HEAD', signal, testNetwork);
        return HEAD_REFUSED_STATUSES.has(answer.status)
          ? await ask(url, address, 'GET', signal, testNetwork)
          : answer;
      } catch {
        if (signal.aborted) return unavailable('timeout');
        // The other family may still be reachable where this one is not routed.
      }
    }
    return unavailable('network');
  }

  return {
    async resolve(link) {
      const post = parsePostLink(link);
      if (!post) return refused('not-a-post');
      if (post.platform !== 'TikTok' || post.kind !== 'short') return { kind: 'resolved', url: post.url };

      const chain = AbortSignal.timeout(totalTimeoutMs);
      let url = shareAddressOf(post.url);
      for (let hop = 1; hop <= MAX_HOPS; hop += 1) {
        const refusal = refusalOf(url);
        if (refusal) return refusal;
        const answer = await visit(url, AbortSignal.any([chain, AbortSignal.timeout(hopTimeoutMs)]));
        if ('kind' in answer) return answer;

        if (REDIRECT_STATUSES.has(answer.status)) {
          if (!answer.location) return unavailable('status');
          let next: URL;
          try {
            next = new URL(answer.location, url);
          } catch {
            return refused('foreign-host');
          }
          // A redirect straight to a post needs no request of its own.
          const target = tikTokPost(next.href);
          if (target) return { kind: 'resolved', url: target };
          url = next;
          continue;
        }
        // Posts end the chain before they are asked for, so a page that answers here is not one.
        const landed = (answer.status >= 200 && answer.status < 300) || GONE_STATUSES.has(answer.status);
        return landed ? refused('not-a-post') : unavailable('status');
      }
      return refused('too-many-redirects');
    },
  };
}

/** POST_LINK_RESOLUTION=off: a short link is never followed, and the answer says so. */
export function createDisabledShortLinkResolver(): ShortLinkResolver {
  return {
    async resolve(link) {
      const post = parsePostLink(link);
      if (!post) return refused('not-a-post');
      if (post.platform !== 'TikTok' || post.kind !== 'short') return { kind: 'resolved', url: post.url };
      return unavailable('disabled');
    },
  };
}

/** The resolver POST_LINK_RESOLUTION asks for. */
export function shortLinkResolverFor(
  settings: { resolveShortLinks: boolean },
  options: ShortLinkResolverOptions = {},
): ShortLinkResolver {
  return settings.resolveShortLinks ? createShortLinkResolver(options) : createDisabledShortLinkResolver();
}
