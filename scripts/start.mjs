// `npm start`: builds the web app and the server when a build is missing or older than its sources, then
// runs the compiled server in this terminal, passing stop signals on so that it can drain and exit cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_DIST_DIR, SERVER_ENTRY } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDistDir = join(root, 'apps/web/dist');
const shared = ['packages/shared/src', 'package-lock.json'];

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' ? [] : filesUnder(join(path, entry.name)),
  );
}

function sourceHash(sources) {
  const hash = createHash('sha256');
  for (const file of sources.flatMap((source) => filesUnder(join(root, source))).sort()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Runs `build` unless the stamp beside `output` says it was built from these very sources. */
async function buildWhenStale({ name, sources, outputDir, output, build }) {
  const stampFile = join(outputDir, '.source-hash');
  const wanted = sourceHash(sources);
  const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (wanted === built && existsSync(output)) return;
  console.log(`Building the ${name} (its build is missing or out of date)…`);
  await build();
  writeFileSync(stampFile, `${wanted}\n`);
}

await buildWhenStale({
  name: 'web app',
  sources: [
    'apps/web/src',
    'apps/web/build',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/postcss.config.cjs',
    'apps/web/public',
    ...shared,
  ],
  outputDir: webDistDir,
  output: join(webDistDir, 'index.html'),
  build: () => {
    const build = spawnSync('npm', ['run', 'build', '--workspace', '@platform/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  },
});

await buildWhenStale({
  name: 'server',
  sources: ['apps/server/src', 'scripts/build-server.mjs', ...shared],
  outputDir: SERVER_DIST_DIR,
  output: SERVER_ENTRY,
  build: buildServer,
});

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
