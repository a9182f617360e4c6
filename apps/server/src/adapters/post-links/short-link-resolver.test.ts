import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort } from '../../test/fake-http-server';
import { startFakeTikTok, type FakeTikTok } from '../../test/fakes/tiktok';
import {
  createDisabledShortLinkResolver,
  createShortLinkResolver,
  isTikTokHost,
  MAX_HOPS,
  refusalOf,
  shortLinkResolverFor,
  type Destination,
  type HostAddress,
  type ShortLinkResolverOptions,
} from './short-link-resolver';

// Public addresses that TikTok's names resolve to in these tests; connections to them are routed to the
// fake on loopback, and nothing else is.
const EDGE_V4 = '23.58.0.10';
const EDGE_V6 = '2600:1406:3c00::10';
const UNROUTED_V4 = '23.58.0.99';
const VIDEO = 'https://www.tiktok.com/@scout2015/video/6718335390845095173';
const PHOTO = 'https://www.tiktok.com/@maker/photo/7300000000000000001';

let tiktok: FakeTikTok;
/** Stands for a service inside the network (a database admin page, cloud metadata): never to be reached. */
let bystander: Server;
let bystanderPort: number;
let bystanderConnections = 0;
let deadPort: number;
let dns: Record<string, HostAddress[]>;
let lookups: string[];
let routed: Destination[];

beforeAll(async () => {
  tiktok = await startFakeTikTok({
    certificateNames: ['vm.tiktok.com', 'vt.tiktok.com', 'www.tiktok.com', 'tiktok.com'],
  });
  bystander = createServer((socket) => {
    bystanderConnections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => bystander.listen(0, '127.0.0.1', resolve));
  bystanderPort = (bystander.address() as AddressInfo).port;
  deadPort = await closedPort();
});
afterAll(async () => {
  await tiktok?.close();
  await new Promise<void>((resolve) => bystander?.close(() => resolve()));
});
beforeEach(() => {
  tiktok.reset();
  bystanderConnections = 0;
  const edge = [{ address: EDGE_V4, family: 4 }];
  dns = { 'vm.tiktok.com': edge, 'vt.tiktok.com': edge, 'www.tiktok.com': edge, 'm.tiktok.com': edge };
  lookups = [];
  routed = [];
});

function resolver(overrides: ShortLinkResolverOptions = {}) {
  return createShortLinkResolver({
    hopTimeoutMs: 2_000,
    totalTimeoutMs: 4_000,
    async lookup(hostname) {
      lookups.push(hostname);
      const addresses = dns[hostname];
      if (!addresses)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return addresses;
    },
    testNetwork: {
      routeTo(checked) {
        routed.push(checked);
        if (checked.address === EDGE_V4 || checked.address === EDGE_V6) {
          return { address: '127.0.0.1', port: tiktok.port };
        }
        return { address: '127.0.0.1', port: deadPort };
      },
      trustedCertificates: [tiktok.certificate],
    },
    ...overrides,
  });
}

const requestsSeen = () => tiktok.requests.map(({ method, host, path }) => `${method} ${host}${path}`);

describe('following a TikTok short link', () => {
  it('follows a vm.tiktok.com link to its video with one HEAD, sent by name to the address it checked', async () => {
    tiktok.page('vm.tiktok.com/ZMhvqjqjq/', {
      redirectTo: `${VIDEO}?_r=1&_t=8kGmwZ2HqAb&is_from_webapp=1&sender_device=pc`,
    });
    await expect(resolver().resolve('https://vm.tiktok.com/ZMhvqjqjq/')).resolves.toEqual({
      kind: 'resolved',
      url: VIDEO,
    });
    expect(requestsSeen()).toEqual(['HEAD vm.tiktok.com/ZMhvqjqjq/']);
    expect(tiktok.requests[0]?.userAgent).toContain('post-link check');
    expect(lookups).toEqual(['vm.tiktok.com']);
    expect(routed).toEqual([{ address: EDGE_V4, port: 443 }]);
  });

  it('follows TikTok’s own hops (vt. to tiktok.com/t/ to the post), looking each name up once', async () => {
    tiktok.page('vt.tiktok.com/ZSabcdefg/', {
      redirectTo: 'https://www.tiktok.com/t/ZTdefghij/',
      status: 302,
    });
    tiktok.page('www.tiktok.com/t/ZTdefghij/', { redirectTo: PHOTO, status: 307 });
    await expect(resolver().resolve('vt.tiktok.com/ZSabcdefg')).resolves.toEqual({
      kind: 'resolved',
      url: PHOTO,
    });
    expect(requestsSeen()).toEqual(['HEAD vt.tiktok.com/ZSabcdefg/', 'HEAD www.tiktok.com/t/ZTdefghij/']);
    expect(lookups).toEqual(['vt.tiktok.com', 'www.tiktok.com']);
    expect(routed).toEqual([
      { address: EDGE_V4, port: 443 },
      { address: EDGE_V4, port: 443 },
    ]);
  });

  it.each([
    [
      'vm.tiktok.com/ZMFHvt5aj/',
      [
        'https://vm.tiktok.com/ZMFHvt5aj/',
        'https://vm.tiktok.com/ZMFHvt5aj',
        'vm.tiktok.com/ZMFHvt5aj/?_r=1&_t=8XanSJmXNVG',
        'HTTPS://VM.TIKTOK.COM/ZMFHvt5aj',
      ],
    ],
    [
      'vt.tiktok.com/ZSPDEaEjt/',
      ['https://vt.tiktok.com/ZSPDEaEjt/', 'vt.tiktok.com/ZSPDEaEjt', '//vt.tiktok.com/ZSPDEaEjt/'],
    ],
    [
      'www.tiktok.com/t/ZTRvGPGkr/',
      [
        'https://www.tiktok.com/t/ZTRvGPGkr/',
        'https://www.tiktok.com/t/ZTRvGPGkr',
        'https://www.tiktok.com/t/ZTRvGPGkr/?_t=8b1xyhy5TjS&_r=1',
        'tiktok.com/t/ZTRvGPGkr/',
        'https://m.tiktok.com/t/ZTRvGPGkr/',
      ],
    ],
    [
      'www.tiktok.com/t/ZTRvGPGkr/?k=1',
      ['https://www.tiktok.com/t/ZTRvGPGkr/?k=1', 'https://www.tiktok.com/t/ZTRvGPGkr?k=1'],
    ],
  ])('asks TikTok for %s as its share sheet writes it, however it was pasted', async (asked, pasted) => {
    tiktok.page(asked, { redirectTo: `${VIDEO}?_t=8b1xyhy5TjS&_r=1` });
    for (const link of pasted) {
      tiktok.requests.length = 0;
      await expect(resolver().resolve(link), link).resolves.toEqual({ kind: 'resolved', url: VIDEO });
      expect(requestsSeen(), link).toEqual([`HEAD ${asked}`]);
    }
  });

  it('follows TikTok from a short link without its slash to the one with it', async () => {
    tiktok.page('www.tiktok.com/t/ZTslash/', { redirectTo: 'https://www.tiktok.com/t/ZTslash' });
    tiktok.page('www.tiktok.com/t/ZTslash', { redirectTo: VIDEO });
    await expect(resolver().resolve('https://www.tiktok.com/t/ZTslash/')).resolves.toEqual({
      kind: 'resolved',
      url: VIDEO,
    });
    expect(requestsSeen()).toEqual(['HEAD www.tiktok.com/t/ZTslash/', 'HEAD www.tiktok.com/t/ZTslash']);
  });

  it('follows a relative redirect on the same host', async () => {
    tiktok.page('www.tiktok.com/t/ZTrelative/', { redirectTo: '/@scout2015/video/6718335390845095173' });
    await expect(resolver().resolve('https://www.tiktok.com/t/ZTrelative')).resolves.toEqual({
      kind: 'resolved',
      url: VIDEO,
    });
  });

  it('asks again with GET when HEAD is refused, and never waits for the page’s body', async () => {
    tiktok.refuseHead();
    tiktok.page('vm.tiktok.com/ZMendless/', { status: 301, location: VIDEO, endlessBody: true });
    await expect(resolver().resolve('https://vm.tiktok.com/ZMendless')).resolves.toEqual({
      kind: 'resolved',
      url: VIDEO,
    });
    expect(requestsSeen()).toEqual(['HEAD vm.tiktok.com/ZMendless/', 'GET vm.tiktok.com/ZMendless/']);
  });

  it('answers links that need no request at once', async () => {
    const links = resolver();
    await expect(links.resolve(`${VIDEO}?_r=1&_t=8kGmwZ2HqAb`)).resolves.toEqual({
      kind: 'resolved',
      url: VIDEO,
    });
    await expect(links.resolve('https://youtu.be/dQw4w9WgXcQ?si=abc')).resolves.toEqual({
      kind: 'resolved',
      url: 'https://youtu.be/dQw4w9WgXcQ',
    });
    for (const notAPost of ['https://www.tiktok.com/@scout2015', 'https://example.com/ZMhvqjqjq', 'hello']) {
      await expect(links.resolve(notAPost)).resolves.toEqual({ kind: 'refused', reason: 'not-a-post' });
    }
    expect(lookups).toEqual([]);
    expect(tiktok.requests).toEqual([]);
  });

  it.each([
    ['a page that is not a post', { status: 200 }, { kind: 'refused', reason: 'not-a-post' }],
    ['a short link TikTok does not know (404)', { status: 404 }, { kind: 'refused', reason: 'not-a-post' }],
    ['TikTok failing (503)', { status: 503 }, { kind: 'unavailable', reason: 'status' }],
    ['a redirect without Location', { status: 302 }, { kind: 'unavailable', reason: 'status' }],
  ] as const)('reads %s', async (_name, page, outcome) => {
    tiktok.page('vm.tiktok.com/ZMlanding/', page);
    await expect(resolver().resolve('https://vm.tiktok.com/ZMlanding')).resolves.toEqual(outcome);
  });

  it('reads a short link that lands on TikTok’s home page as not a post', async () => {
    tiktok.page('vm.tiktok.com/ZMexpired/', { redirectTo: 'https://www.tiktok.com/?_r=1' });
    tiktok.page('www.tiktok.com/?_r=1', { status: 200 });
    await expect(resolver().resolve('https://vm.tiktok.com/ZMexpired')).resolves.toEqual({
      kind: 'refused',
      reason: 'not-a-post',
    });
    expect(tiktok.requests).toHaveLength(2);
  });
});

describe('at most five hops', () => {
  const chain = (length: number, end: string) => {
    tiktok.page('vm.tiktok.com/ZMchain/', { redirectTo: 'https://www.tiktok.com/t/ZThop1' });
    for (let hop = 1; hop < length; hop += 1) {
      const next = hop === length - 1 ? end : `https://www.tiktok.com/t/ZThop${hop + 1}`;
      tiktok.page(`www.tiktok.com/t/ZThop${hop}`, { redirectTo: next });
    }
  };

  it('resolves a post five requests away', async () => {
    chain(MAX_HOPS, VIDEO);
    await expect(resolver().resolve('https://vm.tiktok.com/ZMchain')).resolves.toEqual({
      kind: 'resolved',
      url: VIDEO,
    });
    expect(tiktok.requests).toHaveLength(5);
  });

  it('gives up when the fifth answer is still a redirect, without a sixth request', async () => {
    chain(MAX_HOPS + 1, VIDEO);
    await expect(resolver().resolve('https://vm.tiktok.com/ZMchain')).resolves.toEqual({
      kind: 'refused',
      reason: 'too-many-redirects',
    });
    expect(tiktok.requests).toHaveLength(5);
  });

  it('gives up on a redirect loop', async () => {
    tiktok.page('www.tiktok.com/t/ZTloop/', { redirectTo: 'https://www.tiktok.com/t/ZTloop' });
    tiktok.page('www.tiktok.com/t/ZTloop', { redirectTo: 'https://www.tiktok.com/t/ZTloop/' });
    await expect(resolver().resolve('https://www.tiktok.com/t/ZTloop')).resolves.toEqual({
      kind: 'refused',
      reason: 'too-many-redirects',
    });
    expect(tiktok.requests).toHaveLength(5);
  });
});

describe('time-outs and failures', () => {
  it('gives up on a hop that does not answer in time', async () => {
    tiktok.page('vm.tiktok.com/ZMslow/', { redirectTo: VIDEO });
    tiktok.holdAnswers(1_000);
    await expect(resolver({ hopTimeoutMs: 150 }).resolve('https://vm.tiktok.com/ZMslow')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'timeout',
    });
  });

  it('gives up on a chain whose hops are each in time but together too slow', async () => {
    tiktok.page('vm.tiktok.com/ZMslow/', { redirectTo: 'https://www.tiktok.com/t/ZTslow1' });
    tiktok.page('www.tiktok.com/t/ZTslow1', { redirectTo: 'https://www.tiktok.com/t/ZTslow2' });
    tiktok.page('www.tiktok.com/t/ZTslow2', { redirectTo: VIDEO });
    // Each answer comes well within the hop's second; only the chain's 450 ms can run out.
    tiktok.holdAnswers(200);
    const slowChain = resolver({ hopTimeoutMs: 1_000, totalTimeoutMs: 450 });
    await expect(slowChain.resolve('https://vm.tiktok.com/ZMslow')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'timeout',
    });
  });

  it('gives up on a name lookup that does not answer in time', async () => {
    const stuck = resolver({ hopTimeoutMs: 100, lookup: () => new Promise(() => {}) });
    await expect(stuck.resolve('https://vm.tiktok.com/ZMdns')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'timeout',
    });
  });

  it('reports a name that does not resolve, or has no address, as a network failure', async () => {
    dns = {};
    await expect(resolver().resolve('https://vm.tiktok.com/ZMnodns')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'network',
    });
    dns = { 'vm.tiktok.com': [] };
    await expect(resolver().resolve('https://vm.tiktok.com/ZMnodns')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'network',
    });
  });

  it('tries the IPv6 address when the IPv4 one cannot be reached', async () => {
    dns['vm.tiktok.com'] = [
      { address: EDGE_V6, family: 6 },
      { address: UNROUTED_V4, family: 4 },
    ];
    tiktok.page('vm.tiktok.com/ZMfallback/', { redirectTo: VIDEO });
    await expect(resolver().resolve('https://vm.tiktok.com/ZMfallback')).resolves.toEqual({
      kind: 'resolved',
      url: VIDEO,
    });
    expect(routed).toEqual([
      { address: UNROUTED_V4, port: 443 },
      { address: EDGE_V6, port: 443 },
    ]);
  });

  it('reports an unreachable TikTok as a network failure', async () => {
    dns['vm.tiktok.com'] = [{ address: UNROUTED_V4, family: 4 }];
    await expect(resolver().resolve('https://vm.tiktok.com/ZMdown')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'network',
    });
  });

  it('does not talk to a server whose certificate is not for the host', async () => {
    // The fake's certificate names vm., vt. and www.tiktok.com, not m.tiktok.com.
    tiktok.page('vm.tiktok.com/ZMmobile/', { redirectTo: 'https://m.tiktok.com/t/ZTmobile' });
    tiktok.page('m.tiktok.com/t/ZTmobile', { redirectTo: VIDEO });
    await expect(resolver().resolve('https://vm.tiktok.com/ZMmobile')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'network',
    });
    expect(requestsSeen()).toEqual(['HEAD vm.tiktok.com/ZMmobile/']);
  });
});

describe('never a request to a private address', () => {
  // The acceptance test: a link whose short form redirects to a private address is refused
  // without a request to it.
  it.each([
    ['the loopback address of an inside service', () => `http://127.0.0.1:${bystanderPort}/admin`],
    ['IPv6 loopback', () => `http://[::1]:${bystanderPort}/`],
    ['a private network', () => 'http://10.0.0.1/'],
    ['the cloud metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv4-mapped IPv6 loopback', () => `https://[::ffff:127.0.0.1]:${bystanderPort}/`],
    ['loopback written as one number', () => `http://2130706433:${bystanderPort}/`],
    ['carrier-grade NAT', () => 'https://100.64.0.1/'],
    ['the unspecified address', () => `http://0.0.0.0:${bystanderPort}/`],
  ])('refuses a short link redirecting to %s', async (_name, target) => {
    tiktok.page('vm.tiktok.com/ZMinside/', { redirectTo: target() });
    await expect(resolver().resolve('https://vm.tiktok.com/ZMinside')).resolves.toEqual({
      kind: 'refused',
      reason: 'private-address',
    });
    expect(bystanderConnections).toBe(0);
    expect(requestsSeen()).toEqual(['HEAD vm.tiktok.com/ZMinside/']);
    expect(routed).toEqual([{ address: EDGE_V4, port: 443 }]);
  });

  it.each([
    ['a private address', [{ address: '10.0.0.7', family: 4 }]],
    ['loopback', [{ address: '127.0.0.1', family: 4 }]],
    [
      'one private address among public ones',
      [
        { address: EDGE_V4, family: 4 },
        { address: '192.168.1.20', family: 4 },
      ],
    ],
    ['an IPv4-mapped link-local address', [{ address: '::ffff:169.254.169.254', family: 6 }]],
    ['a unique-local IPv6 address', [{ address: 'fd12:3456:789a::1', family: 6 }]],
    ['IPv6 loopback', [{ address: '::1', family: 6 }]],
  ])('refuses a TikTok host name that resolves to %s, without connecting', async (_name, addresses) => {
    dns['www.tiktok.com'] = addresses;
    tiktok.page('vm.tiktok.com/ZMrebound/', { redirectTo: 'https://www.tiktok.com/t/ZTinside' });
    await expect(resolver().resolve('https://vm.tiktok.com/ZMrebound')).resolves.toEqual({
      kind: 'refused',
      reason: 'private-address',
    });
    expect(requestsSeen()).toEqual(['HEAD vm.tiktok.com/ZMrebound/']);
    expect(routed).toEqual([{ address: EDGE_V4, port: 443 }]);
  });

  it('refuses a short link whose own host resolves to a private address, with no request at all', async () => {
    dns['vm.tiktok.com'] = [{ address: '127.0.0.1', family: 4 }];
    await expect(resolver().resolve('https://vm.tiktok.com/ZMlocal')).resolves.toEqual({
      kind: 'refused',
      reason: 'private-address',
    });
    expect(routed).toEqual([]);
    expect(tiktok.requests).toEqual([]);
  });

  it('connects to the address it checked even when the name’s next answer would be private', async () => {
    const answers = [[{ address: EDGE_V4, family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    let calls = 0;
    tiktok.page('vm.tiktok.com/ZMrebind/', { redirectTo: VIDEO });
    const rebinding = resolver({
      lookup: async () => answers[Math.min(calls++, 1)] ?? [],
    });
    await expect(rebinding.resolve('https://vm.tiktok.com/ZMrebind')).resolves.toEqual({
      kind: 'resolved',
      url: VIDEO,
    });
    expect(calls).toBe(1);
    expect(routed).toEqual([{ address: EDGE_V4, port: 443 }]);
  });
});

describe('only TikTok’s own hosts, over https', () => {
  it.each([
    'https://evil.example/t/ZTx',
    'https://tiktok.com.evil.example/t/ZTx',
    'https://www.tiktok.com.evil.example/t/ZTx',
    'https://eviltiktok.com/t/ZTx',
    'https://www.tiktok.com@evil.example/t/ZTx',
    'https://user:secret@www.tiktok.com/t/ZTx',
    'https://www.tiktok.com:8443/t/ZTx',
    'http://www.tiktok.com/t/ZTx',
    'ftp://www.tiktok.com/t/ZTx',
    'https://8.8.8.8/t/ZTx',
    'https://[2606:4700::1111]/t/ZTx',
  ])('refuses a redirect to %s without following it', async (target) => {
    tiktok.page('vm.tiktok.com/ZMaway/', { redirectTo: target });
    await expect(resolver().resolve('https://vm.tiktok.com/ZMaway')).resolves.toEqual({
      kind: 'refused',
      reason: 'foreign-host',
    });
    expect(lookups).toEqual(['vm.tiktok.com']);
    expect(tiktok.requests).toHaveLength(1);
  });

  it('knows TikTok’s hosts from the shared post-link rule, and nothing that only looks like them', () => {
    for (const host of ['tiktok.com', 'www.tiktok.com', 'm.tiktok.com', 'vm.tiktok.com', 'vt.tiktok.com']) {
      expect(isTikTokHost(host), host).toBe(true);
    }
    for (const host of [
      'tiktok.co',
      'www.tiktok.com.',
      'tiktok.com.evil.example',
      'eviltiktok.com',
      'www.tiktokv.com',
      'vm.tiktok.com/ZM',
      '',
    ]) {
      expect(isTikTokHost(host), host).toBe(false);
    }
  });

  it('takes a hop only to https on TikTok’s default port', () => {
    expect(refusalOf(new URL('https://vm.tiktok.com/ZMok'))).toBeUndefined();
    expect(refusalOf(new URL('https://www.tiktok.com:443/t/ZTok'))).toBeUndefined();
    expect(refusalOf(new URL('http://vm.tiktok.com/ZMok'))).toEqual({
      kind: 'refused',
      reason: 'foreign-host',
    });
    expect(refusalOf(new URL('https://[::1]/'))).toEqual({ kind: 'refused', reason: 'private-address' });
    expect(refusalOf(new URL('https://0x7f.0.0.1/'))).toEqual({ kind: 'refused', reason: 'private-address' });
  });
});

describe('switched off (POST_LINK_RESOLUTION=off)', () => {
  it('says a short link was not followed, and still answers links that need no request', async () => {
    const off = createDisabledShortLinkResolver();
    await expect(off.resolve('https://vm.tiktok.com/ZMhvqjqjq')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'disabled',
    });
    await expect(off.resolve(VIDEO)).resolves.toEqual({ kind: 'resolved', url: VIDEO });
    await expect(off.resolve('https://example.com/')).resolves.toEqual({
      kind: 'refused',
      reason: 'not-a-post',
    });
  });

  it('is what the setting chooses', async () => {
    tiktok.page('vm.tiktok.com/ZMsetting/', { redirectTo: VIDEO });
    const off = shortLinkResolverFor({ resolveShortLinks: false });
    await expect(off.resolve('https://vm.tiktok.com/ZMsetting')).resolves.toMatchObject({
      reason: 'disabled',
    });
    const options = { lookup: async () => [{ address: EDGE_V4, family: 4 }] };
    const on = shortLinkResolverFor({ resolveShortLinks: true }, { ...resolverOptions(), ...options });
    await expect(on.resolve('https://vm.tiktok.com/ZMsetting')).resolves.toEqual({
      kind: 'resolved',
      url: VIDEO,
    });
    expect(tiktok.requests).toHaveLength(1);
  });
});

function resolverOptions(): ShortLinkResolverOptions {
  return {
    testNetwork: {
      routeTo: () => ({ address: '127.0.0.1', port: tiktok.port }),
      trustedCertificates: [tiktok.certificate],
    },
  };
}
