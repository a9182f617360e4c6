// Builds the server into plain JavaScript (apps/server/dist/main.js) for `npm start` and the end-to-end
// tests: one ES module with the platform's own code (the server and packages/shared) bundled, and every
// npm package left as an import. Development keeps running the TypeScript through tsx.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SHARED_SOURCES, stampBuild } from './source-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverDir = join(root, 'apps/server');
export const SERVER_DIST_DIR = join(serverDir, 'dist');
export const SERVER_ENTRY = join(SERVER_DIST_DIR, 'main.js');
/** What the server's build is made from: `npm start` rebuilds it when any of these changed. */
export const SERVER_SOURCES = ['apps/server/src', 'scripts/build-server.mjs', ...SHARED_SOURCES];

/** The code reads these files beside itself (`new URL(…, import.meta.url)`), so they go beside the bundle. */
const FILES_READ_AT_RUN_TIME = [
  ['src/db/migrations', 'migrations'],
  ['src/modules/auth/common-passwords.txt', 'common-passwords.txt'],
];

const workspacePackagesOnly = {
  name: 'bundle-workspace-packages-only',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@platform/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  rmSync(SERVER_DIST_DIR, { recursive: true, force: true });
  mkdirSync(SERVER_DIST_DIR, { recursive: true });
  await build({
    entryPoints: [join(serverDir, 'src/main.ts')],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [workspacePackagesOnly],
  });
  for (const [from, to] of FILES_READ_AT_RUN_TIME) {
    cpSync(join(serverDir, from), join(SERVER_DIST_DIR, to), { recursive: true });
  }
  // Stamped here, whoever builds it (`npm run build:server` before the journeys, say), so that `npm start`
  // does not remove and rebuild a build that other servers are running from.
  stampBuild({ sources: SERVER_SOURCES, outputDir: SERVER_DIST_DIR });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildServer();
