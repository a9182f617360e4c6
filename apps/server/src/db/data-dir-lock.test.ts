import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const directories: string[] = [];
afterAll(async () => {
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

describe('the data directory lock', () => {
  it('lets one holder in, refuses a second, and frees on release', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'lock-'));
    directories.push(directory);
    const release = await lockDataDir(directory, () => {});
    await expect(lockDataDir(directory, () => {})).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(lockDataDir(directory, () => {})).rejects.toThrow(/in use by another server process/);
    await release();
    const again = await lockDataDir(directory, () => {});
    await again();
  });
});
