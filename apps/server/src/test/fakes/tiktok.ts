import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A request as TikTok's fake received it: the host it was meant for comes from its Host header. */
export type TikTokRequest = { method: string; host: string; path: string; userAgent: string | undefined };

/** How the fake answers one host and path. */
export type TikTokPage =
  | { redirectTo: string; status?: 301 | 302 | 303 | 307 | 308 }
  | { status: number; location?: string }
  /** A page whose body is started and never finished, for a client that must not wait for it. */
  | { status: 200 | 301 | 302; location?: string; endlessBody: true };

/**
 * A self-signed certificate for the given names, made by the openssl command line: Node can check a
 * certificate but not issue one, and a fake that speaks https lets the client be tested exactly as it
 * runs, certificate and server name included.
 */
export function selfSignedCertificate(names: readonly string[]): { key: string; cert: string } {
  const folder = mkdtempSync(join(tmpdir(), 'fake-tiktok-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(folder, 'key.pem'),
        '-out',
        join(folder, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        `/CN=${names[0] ?? 'localhost'}`,
        '-addext',
        `subjectAltName=${names.map((name) => `DNS:${name}`).join(',')}`,
      ],
      { stdio: 'pipe' },
    );
    return {
      key: readFileSync(join(folder, 'key.pem'), 'utf8'),
      cert: readFileSync(join(folder, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * TikTok's share-link servers (vm.tiktok.com, vt.tiktok.com, www.tiktok.com) on loopback, over https with
 * a certificate for `certificateNames`. Each host and path answers as a test sets it, anything else with
 * TikTok's 404; a test may have it refuse HEAD, as some servers do, or hold every answer back.
 */
export async function startFakeTikTok(options: { certificateNames: readonly string[] }) {
  const { key, cert } = selfSignedCertificate(options.certificateNames);
  const pages = new Map<string, TikTokPage>();
  const requests: TikTokRequest[] = [];
  let refuseHead = false;
  let delayMs = 0;
  const timers = new Set<NodeJS.Timeout>();

  const reply = (response: ServerResponse, page: TikTokPage) => {
    const location = 'redirectTo' in page ? page.redirectTo : page.location;
    const status = 'redirectTo' in page ? (page.status ?? 301) : page.status;
    response.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      ...(location === undefined ? {} : { location }),
    });
    if ('endlessBody' in page) {
      response.write('<!doctype html><html><body>');
      return;
    }
    response.end('<!doctype html><html><body></body></html>');
  };

  const server = createServer({ key, cert }, (incoming, response) => {
    const host = incoming.headers.host ?? '';
    const path = incoming.url ?? '/';
    const method = incoming.method ?? 'GET';
    requests.push({ method, host, path, userAgent: incoming.headers['user-agent'] });
    const answer = () => {
      if (refuseHead && method === 'HEAD') return reply(response, { status: 405 });
      reply(response, pages.get(`${host}${path}`) ?? { status: 404 });
    };
    if (delayMs === 0) return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!response.destroyed) answer();
    }, delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    /** The certificate the client must trust to talk to the fake. */
    certificate: cert,
    requests,
    /** `hostAndPath` as TikTok would see it: `vm.tiktok.com/ZMhvqjqjq`. */
    page(hostAndPath: string, page: TikTokPage) {
      pages.set(hostAndPath, page);
    },
    refuseHead() {
      refuseHead = true;
    },
    holdAnswers(ms: number) {
      delayMs = ms;
    },
    reset() {
      pages.clear();
      requests.length = 0;
      refuseHead = false;
      delayMs = 0;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeTikTok = Awaited<ReturnType<typeof startFakeTikTok>>;
