// `npm start`: builds the web app and the server when a build is missing or older than its sources, then
// runs the compiled server in this terminal, passing stop signals on so that it can drain and exit cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_DIST_DIR, SERVER_ENTRY, SERVER_SOURCES } from './build-server.mjs';
import { isBuiltFrom } from './source-stamp.mjs';
import { WEB_DIST_DIR, WEB_ENTRY, WEB_SOURCES } from './stamp-web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs `build` unless the stamp beside `output` says it was built from these very sources. Each build
 * stamps itself (`npm run build`, `buildServer`), whoever runs it.
 */
async function buildWhenStale({ name, sources, outputDir, output, build }) {
  if (isBuiltFrom({ sources, outputDir, output })) return;
  console.log(`Building the ${name} (its build is missing or out of date)…`);
  await build();
}

await buildWhenStale({
  name: 'web app',
  sources: WEB_SOURCES,
  outputDir: WEB_DIST_DIR,
  output: WEB_ENTRY,
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
  sources: SERVER_SOURCES,
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
