import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** A page shell in each encoding a browser may ask for. */
export type PageShell = { identity: Buffer; br: Buffer; gzip: Buffer };

/**
 * The web app names each page's module after the first segment of its path (`/sign-in` → `sign-in.tsx`),
 * and a page deeper down after its first and last (`/account/handles` → `account-handles.tsx`).
 */
const PAGE_MODULE = /^src\/app\/routes\/([a-z0-9-]+)\.tsx$/;
const HOME_PAGE = 'home';

/**
 * The pages whose module a path may open, the likeliest first: `/` is the home page, `/sign-in?x=1` the
 * sign-in page, `/campaigns/42/leaderboard` the campaigns-leaderboard page or else the campaigns page.
 */
export function pagesOf(path: string): string[] {
  const segments = (path.split(/[?#]/)[0] ?? '').split('/').filter((segment) => segment !== '');
  const [first, ...rest] = segments;
  if (first === undefined) return [HOME_PAGE];
  const last = rest.at(-1);
  return last === undefined ? [first] : [`${first}-${last}`, first];
}

function staticClosure(manifest: Manifest, keys: string[]): ManifestChunk[] {
  const seen = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.set(key, chunk);
    (chunk.imports ?? []).forEach(visit);
  };
  keys.forEach(visit);
  return [...seen.values()];
}

function encoded(html: string): PageShell {
  const identity = Buffer.from(html);
  return { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity, { level: 9 }) };
}

/**
 * index.html once per page, naming up front the page's own scripts (`modulepreload`) and styles
 * (`preload`), from the build's manifest. Without them a browser learns of a page's chunk only once the
 * entry script has run and the router has matched the path: one more round trip before the first screen,
 * the costliest on a phone. Built once at start, in each encoding; empty without a manifest.
 */
export function buildPageShells(distDir: string): Map<string, PageShell> {
  const manifestFile = join(distDir, '.vite/manifest.json');
  const shells = new Map<string, PageShell>();
  if (!existsSync(manifestFile)) return shells;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) return shells;
  const entryChunks = staticClosure(manifest, [entryKey]);
  const linkedScripts = new Set(entryChunks.map((chunk) => chunk.file));
  const linkedStyles = new Set(entryChunks.flatMap((chunk) => chunk.css ?? []));

  for (const key of Object.keys(manifest)) {
    const page = PAGE_MODULE.exec(key)?.[1];
    if (!page) continue;
    const chunks = staticClosure(manifest, [key]);
    const scripts = [...new Set(chunks.map((chunk) => chunk.file))].filter(
      (file) => !linkedScripts.has(file),
    );
    const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].filter(
      (file) => !linkedStyles.has(file),
    );
    const links = [
      ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ].join('\n    ');
    shells.set(page, encoded(html.replace('</head>', `    ${links}\n  </head>`)));
  }
  return shells;
}
