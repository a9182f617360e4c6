import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

// A web build as Vite and its compression plugin write it: hashed files under assets/, each text file
// beside its Brotli and gzip copies, and the page shell.
const SHELL =
  '<!doctype html><html><head><script type="module" src="/assets/index-a1b2c3.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

// What Vite's manifest says of the build: the entry, two pages and the chunks they import.
const MANIFEST = {
  'index.html': {
    file: 'assets/index-a1b2c3.js',
    isEntry: true,
    imports: ['_vendor.js'],
    css: ['assets/vendor.css'],
  },
  '_vendor.js': { file: 'assets/vendor-111.js' },
  'src/app/routes/sign-in.tsx': {
    file: 'assets/sign-in-222.js',
    isDynamicEntry: true,
    imports: ['_form.js', '_vendor.js'],
    css: ['assets/sign-in-222.css'],
  },
  '_form.js': { file: 'assets/form-333.js', css: ['assets/form-333.css'] },
  'src/app/routes/home.tsx': { file: 'assets/home-444.js', isDynamicEntry: true, imports: ['_vendor.js'] },
  'src/app/routes/campaigns.tsx': { file: 'assets/campaigns-555.js', isDynamicEntry: true },
  'src/app/routes/campaigns-leaderboard.tsx': { file: 'assets/leaderboard-666.js', isDynamicEntry: true },
};

let distDir: string;
let context: TestApp;
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'web-dist-'));
  await mkdir(join(distDir, 'assets'));
  const files: Record<string, string> = { 'index.html': SHELL, 'assets/index-a1b2c3.js': SCRIPT };
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(distDir, name), content);
    await writeFile(join(distDir, `${name}.br`), brotliCompressSync(content));
    await writeFile(join(distDir, `${name}.gz`), gzipSync(content));
  }
  await mkdir(join(distDir, '.vite'));
  await writeFile(join(distDir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  context = await createTestApp({ environment: { WEB_DIST_DIR: distDir } });
});
afterAll(async () => {
  await context?.close();
  await rm(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  context.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('delivering the web app', () => {
  it('serves the Brotli or gzip copy a browser accepts, the plain file otherwise, always with Vary', async () => {
    const brotli = await get('/assets/index-a1b2c3.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await get('/assets/index-a1b2c3.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-a1b2c3.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    for (const response of [brotli, gzip, plain]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers['content-type']).toContain('javascript');
    }
  });

  it('caches hashed assets for a year, and the page shell never without asking again', async () => {
    expect((await get('/assets/index-a1b2c3.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const url of ['/index.html', '/sign-in', '/verify?hint=abc', '/']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers.vary, url).toContain('accept-encoding');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toContain('<div id="root"></div>');
    }
  });

  it("names each page's own scripts and styles in its shell, so the browser fetches them with the entry", async () => {
    const signIn = (await get('/sign-in?next=%2F')).body;
    expect(signIn).toContain('<link rel="modulepreload" crossorigin href="/assets/sign-in-222.js">');
    expect(signIn).toContain('<link rel="modulepreload" crossorigin href="/assets/form-333.js">');
    expect(signIn).toContain('<link rel="preload" as="style" crossorigin href="/assets/sign-in-222.css">');
    expect(signIn).toContain('<link rel="preload" as="style" crossorigin href="/assets/form-333.css">');
    // The entry's own chunks are already in index.html.
    expect(signIn).not.toContain('vendor-111.js');
    expect(signIn).not.toContain('home-444.js');

    const home = await get('/', 'gzip');
    expect(home.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(home.rawPayload).toString()).toContain('href="/assets/home-444.js"');

    // A page without a module of its own name gets the plain shell; the router shows what it is.
    expect((await get('/no-such-page')).body).toBe(SHELL);
  });

  it('names the page of a deeper path by its first and last segments, else by its first', async () => {
    const leaderboard = (await get('/campaigns/42/leaderboard')).body;
    expect(leaderboard).toContain('href="/assets/leaderboard-666.js"');
    expect(leaderboard).not.toContain('campaigns-555.js');
    const campaign = (await get('/campaigns/42?tab=entries')).body;
    expect(campaign).toContain('href="/assets/campaigns-555.js"');
    expect(campaign).not.toContain('leaderboard-666.js');
  });

  it('answers a missing file with 404 in the error format, not the page shell', async () => {
    const missing = await get('/assets/gone-d4e5f6.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('compresses API answers over 1 KB by Accept-Encoding, and leaves small ones alone', async () => {
    const large = await get('/docs/json', 'br');
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toHaveProperty('openapi');

    const gzipped = await get('/docs/json', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');

    const small = await get('/api/setup/status', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ open: true });
  });
});
