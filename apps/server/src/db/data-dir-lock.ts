import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another server process. ` +
        'Stop that process first, or point DATA_DIR at another directory. ' +
        'If no other process is running, the lock frees itself within 20 seconds of the last one stopping.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * The embedded database does not lock its own files, and two processes writing one directory would
 * corrupt it, so the server holds an exclusive lock on DATA_DIR for as long as it runs.
 */
export async function lockDataDir(
  dataDir: string,
  onLost: (error: Error) => void,
): Promise<() => Promise<void>> {
  const directory = resolve(dataDir);
  await mkdir(directory, { recursive: true });
  try {
    return await lockfile.lock(directory, {
      lockfilePath: join(directory, 'server.lock'),
      retries: 0,
      stale: 20_000,
      update: 5_000,
      realpath: false,
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(directory);
    throw error;
  }
}
