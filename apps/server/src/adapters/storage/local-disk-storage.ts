import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileTooLargeError, isValidStorageKey, type FileStorage, type StoredFile } from './file-storage';
import type { UrlSigner } from './signed-urls';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** A file's record: what it is, and which blob holds its bytes (none: the bytes are at `objects/<key>`). */
type MetaRecord = StoredFile & { blob?: string };

/** A reader that finds the blob gone lost a race with a replacement: it reads the record again. */
const READ_ATTEMPTS = 3;

/** Where a key's record and bytes are kept under `root`, and how they are read. */
function diskLayout(root: string) {
  const metaPathOf = (key: string) => {
    if (!isValidStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return join(root, 'meta', `${key}.json`);
  };
  const blobPathOf = (blob: string) => join(root, 'blobs', blob.slice(0, 2), blob);
  const bytesPathOf = (key: string, record: MetaRecord) =>
    record.blob ? blobPathOf(record.blob) : join(root, 'objects', key);

  const readRecord = async (key: string): Promise<MetaRecord | null> => {
    try {
      return JSON.parse(await readFile(metaPathOf(key), 'utf8')) as MetaRecord;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  /** The record and an open handle on its bytes, which stay readable even if a replacement removes them. */
  const openCurrent = async (key: string): Promise<{ record: MetaRecord; handle: FileHandle } | null> => {
    for (let attempt = 1; ; attempt += 1) {
      const record = await readRecord(key);
      if (!record) return null;
      try {
        return { record, handle: await open(bytesPathOf(key, record), 'r') };
      } catch (error) {
        if (!isMissing(error)) throw error;
        if (attempt === READ_ATTEMPTS) return null;
      }
    }
  };

  return { metaPathOf, blobPathOf, bytesPathOf, readRecord, openCurrent };
}

type DiskLayout = ReturnType<typeof diskLayout>;

/**
 * Replacing a record and removing the blob it named happen one at a time per key, so that every replaced
 * blob is removed exactly once.
 */
function keyedQueue() {
  const commits = new Map<string, Promise<unknown>>();
  return async <Result>(key: string, work: () => Promise<Result>): Promise<Result> => {
    const previous = commits.get(key) ?? Promise.resolve();
    const current = previous.then(work, work);
    const settled = current.catch(() => undefined);
    commits.set(key, settled);
    try {
      return await current;
    } finally {
      if (commits.get(key) === settled) commits.delete(key);
    }
  };
}

type KeyedQueue = ReturnType<typeof keyedQueue>;
type RemoveBytes = (key: string, record: MetaRecord | null) => Promise<void>;

/** Writes the bytes to a new blob, then puts its record in place of any before it. */
async function putFile(
  disk: DiskLayout & { oneAtATime: KeyedQueue; removeBytes: RemoveBytes },
  key: string,
  body: Parameters<FileStorage['put']>[1],
  contentType: string,
  maxBytes: number | undefined,
): Promise<StoredFile> {
  const { metaPathOf, blobPathOf, readRecord, oneAtATime, removeBytes } = disk;
  const metaPath = metaPathOf(key);
  const blob = randomUUID();
  const blobPath = blobPathOf(blob);
  await mkdir(dirname(blobPath), { recursive: true });
  await mkdir(dirname(metaPath), { recursive: true });
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  const temporaryMeta = `${metaPath}.${blob}.partial`;
  try {
    // A body that is refused part-way is left to its owner, not destroyed: an HTTP request can then
    // still be read to its end, and the connection used again.
    const source = Buffer.isBuffer(body) ? [body] : body.iterator({ destroyOnReturn: false });
    await pipeline(source, counter, createWriteStream(blobPath));
    const stored: StoredFile = { size, contentType };
    await writeFile(temporaryMeta, JSON.stringify({ ...stored, blob } satisfies MetaRecord));
    const replaced = await oneAtATime(key, async () => {
      const previous = await readRecord(key);
      await rename(temporaryMeta, metaPath);
      return previous;
    });
    await removeBytes(key, replaced);
    return stored;
  } catch (error) {
    await rm(blobPath, { force: true });
    await rm(temporaryMeta, { force: true });
    throw error;
  }
}

/** Gives the file at `from` the key `to`, its bytes staying where they are. */
async function moveFile(
  disk: DiskLayout & {
    root: string;
    oneAtATime: KeyedQueue;
    removeBytes: RemoveBytes;
    head: (key: string) => Promise<StoredFile | null>;
  },
  from: string,
  to: string,
): Promise<StoredFile | null> {
  const { root, metaPathOf, blobPathOf, readRecord, oneAtATime, removeBytes, head } = disk;
  if (from === to) return head(from);
  const fromPath = metaPathOf(from);
  const toPath = metaPathOf(to);
  await mkdir(dirname(toPath), { recursive: true });
  const moved = await oneAtATime(from, async () => {
    const record = await readRecord(from);
    if (!record) return null;
    // A record written before blobs existed names its bytes by its key: they move with it.
    const blob = record.blob ?? randomUUID();
    if (!record.blob) {
      await mkdir(dirname(blobPathOf(blob)), { recursive: true });
      await rename(join(root, 'objects', from), blobPathOf(blob));
    }
    const temporary = `${toPath}.${randomUUID()}.partial`;
    await writeFile(temporary, JSON.stringify({ ...record, blob } satisfies MetaRecord));
    const replaced = await oneAtATime(to, async () => {
      const previous = await readRecord(to);
      await rename(temporary, toPath);
      return previous;
    });
    await rm(fromPath, { force: true });
    return { record, replaced };
  });
  if (!moved) return null;
  if (moved.replaced?.blob !== moved.record.blob) await removeBytes(to, moved.replaced);
  return { size: moved.record.size, contentType: moved.record.contentType };
}

/**
 * Files on the local disk, under `root` (by default `DATA_DIR/files`). A file's bytes are a blob of their
 * own under `blobs/`, and its record under `meta/<key>.json` names the blob with the file's type and size.
 * The record is written to a temporary name and renamed into place: that rename is the one moment a new
 * version replaces the old, so however many uploads to one key race, a reader sees one of them whole,
 * with its own type and size. (Files written before blobs existed keep their bytes at `objects/<key>`.)
 */
export function createLocalDiskStorage(options: { root: string; signer: UrlSigner }): FileStorage {
  const { root, signer } = options;

  const layout = diskLayout(root);
  const { metaPathOf, readRecord, openCurrent } = layout;
  const oneAtATime = keyedQueue();
  const removeBytes: RemoveBytes = async (key, record) => {
    if (record) await rm(layout.bytesPathOf(key, record), { force: true });
  };

  const head = async (key: string): Promise<StoredFile | null> => {
    const record = await readRecord(key);
    return record ? { size: record.size, contentType: record.contentType } : null;
  };

  const disk = { ...layout, root, oneAtATime, removeBytes, head };

  return {
    kind: 'local',

    put: (key, body, contentType, maxBytes) => putFile(disk, key, body, contentType, maxBytes),

    async get(key) {
      const current = await openCurrent(key);
      if (!current) return null;
      const { record, handle } = current;
      return {
        size: record.size,
        contentType: record.contentType,
        body: handle.createReadStream(),
      };
    },

    head,

    async readStart(key, bytes) {
      const current = await openCurrent(key);
      if (!current) return null;
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await current.handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await current.handle.close();
      }
    },

    async delete(key) {
      const metaPath = metaPathOf(key);
      const removed = await oneAtATime(key, async () => {
        const record = await readRecord(key);
        await rm(metaPath, { force: true });
        return record;
      });
      await removeBytes(key, removed);
    },

    move: (from, to) => moveFile(disk, from, to),

    async signedUrl(request) {
      if (
        request.method === 'PUT' &&
        request.contentLength !== undefined &&
        request.contentLength > request.maxBytes
      ) {
        throw new FileTooLargeError(request.maxBytes);
      }
      return signer.url(request);
    },
  };
}
