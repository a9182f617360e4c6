import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_DIR_TEMPLATE_VARIABLE, startServer } from './server';

/**
 * Starts the compiled server once on an empty data directory and stops it, migrated and seeded as a first
 * start leaves it; each journey's server then starts on a copy (`startServer`), in a fraction of the time
 * an empty directory's migrations take.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const template = await mkdtemp(join(tmpdir(), 'platform-e2e-template-'));
  const server = await startServer({ DATA_DIR: template });
  const exitCode = await server.stop();
  if (exitCode !== 0) throw new Error(`the template server exited with ${exitCode}:\n${server.output()}`);
  process.env[DATA_DIR_TEMPLATE_VARIABLE] = template;
  return () => rm(template, { recursive: true, force: true });
}
