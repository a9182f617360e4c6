import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** libfaketime, from Debian's faketime package. */
const LIBFAKETIME = process.env.FAKETIME_LIBRARY ?? '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

/**
 * A clock for a server process that a journey moves forward: the server runs under libfaketime, which
 * reads its offset from a file on every call, so a move takes effect at once without a restart. Timers
 * (libuv's) keep the machine's pace; only the time of day moves.
 */
export async function createServerClock() {
  const dir = await mkdtemp(join(tmpdir(), 'server-clock-'));
  const file = join(dir, 'offset');
  let aheadMs = 0;
  await writeFile(file, '+0\n');
  return {
    /** What to start the server with so that it keeps this clock. */
    environment: {
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME_TIMESTAMP_FILE: file,
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
    /** Moves the server's clock `byMs` further ahead of the machine's. */
    async advance(byMs: number): Promise<void> {
      aheadMs += byMs;
      await writeFile(file, `+${Math.round(aheadMs / 1000)}\n`);
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

export type ServerClock = Awaited<ReturnType<typeof createServerClock>>;
