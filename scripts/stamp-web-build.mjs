// Stamps the web app's production build (apps/web/dist) with the hash of the sources it was made from, so
// that `npm start` after `npm run build` serves that build instead of making it again. The web
// workspace's `build` script runs it after Vite.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_SOURCES, stampBuild } from './source-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const WEB_DIST_DIR = join(root, 'apps/web/dist');
export const WEB_ENTRY = join(WEB_DIST_DIR, 'index.html');
/** What the web app's build is made from: `npm start` rebuilds it when any of these changed. */
export const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/public',
  ...SHARED_SOURCES,
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  stampBuild({ sources: WEB_SOURCES, outputDir: WEB_DIST_DIR });
}
