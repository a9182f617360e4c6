import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../../adapters/storage/file-storage';

/**
 * Copies the stored file at `key` into a folder of its own for ffmpeg to read (S3 has no path to hand
 * it), runs `work` with its path (null when nothing is stored there) and the folder for what `work`
 * writes beside it, and removes the folder whatever happens.
 */
export async function withLocalCopy<Result>(
  storage: FileStorage,
  key: string,
  work: (filePath: string | null, folder: string) => Promise<Result>,
): Promise<Result> {
  const folder = await mkdtemp(join(tmpdir(), 'originality-'));
  try {
    const stored = await storage.get(key);
    if (!stored) return await work(null, folder);
    const filePath = join(folder, 'video');
    await pipeline(stored.body, createWriteStream(filePath));
    return await work(filePath, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
