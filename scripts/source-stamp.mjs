// A build's stamp: the hash of the sources it was made from, kept beside it, so that `npm start` rebuilds
// only what is missing or out of date, whichever command built it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What every build reads besides its own sources. */
export const SHARED_SOURCES = ['packages/shared/src', 'package-lock.json'];

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

const stampFile = (outputDir) => join(outputDir, '.source-hash');

/** Whether `output` was built from these very sources (paths relative to the repository). */
export function isBuiltFrom({ sources, outputDir, output }) {
  const built = existsSync(stampFile(outputDir)) ? readFileSync(stampFile(outputDir), 'utf8').trim() : '';
  return built === sourceHash(sources) && existsSync(output);
}

/** Records that what is in `outputDir` was built from these sources. */
export function stampBuild({ sources, outputDir }) {
  writeFileSync(stampFile(outputDir), `${sourceHash(sources)}\n`);
}
