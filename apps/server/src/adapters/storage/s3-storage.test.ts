import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type S3rverHandle } from '../../test/s3rver';
import { FileTooLargeError, type FileStorage } from './file-storage';
import { createS3Storage, s3UrlOrigin } from './s3-storage';
import { createUrlSigner, SIGNED_FILES_PATH } from './signed-urls';

let s3: S3rverHandle;
let storage: FileStorage;

beforeAll(async () => {
  s3 = await startS3rver();
  storage = createS3Storage(s3.options);
});
afterAll(async () => {
  await s3?.stop();
});

let counter = 0;
/** A key no other test uses. */
const freshKey = (name = 'file') => `tests/${(counter += 1)}/${name}`;

/** A stream of `count` chunks of `size` bytes of `fill`, produced as they are read. */
const chunks = (count: number, size: number, fill = 'x') =>
  Readable.from(
    (function* () {
      for (let index = 0; index < count; index += 1) yield Buffer.alloc(size, fill);
    })(),
  );

const MiB = 1024 * 1024;

describe('storing and reading files in S3', () => {
  it('stores a buffer and reads it back with its type and size', async () => {
    const key = freshKey('notes.txt');
    expect(await storage.put(key, Buffer.from('hello, world'), 'text/plain; charset=utf-8')).toEqual({
      size: 12,
      contentType: 'text/plain; charset=utf-8',
    });
    const file = await storage.get(key);
    expect(file).toMatchObject({ size: 12, contentType: 'text/plain; charset=utf-8' });
    expect(await text(file!.body)).toBe('hello, world');
    expect(await storage.head(key)).toEqual({ size: 12, contentType: 'text/plain; charset=utf-8' });
  });

  it('stores a stream within one part and one larger than a part, each whole', async () => {
    const small = freshKey();
    expect(await storage.put(small, chunks(10, 1000), 'application/octet-stream')).toEqual({
      size: 10_000,
      contentType: 'application/octet-stream',
    });
    expect((await storage.head(small))?.size).toBe(10_000);

    const large = freshKey();
    const stored = await storage.put(large, chunks(17, MiB, 'y'), 'video/mp4', 20 * MiB);
    expect(stored).toEqual({ size: 17 * MiB, contentType: 'video/mp4' });
    expect(await storage.head(large)).toEqual({ size: 17 * MiB, contentType: 'video/mp4' });
    const file = await storage.get(large);
    let read = 0;
    for await (const chunk of file!.body) {
      const bytes = chunk as Buffer;
      read += bytes.length;
      expect(bytes.every((byte) => byte === 'y'.charCodeAt(0))).toBe(true);
    }
    expect(read).toBe(17 * MiB);
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it('replaces a file with the next one stored under its key', async () => {
    const key = freshKey();
    await storage.put(key, Buffer.from('first'), 'text/plain');
    await storage.put(key, Buffer.from('<p>second</p>'), 'text/html');
    expect(await storage.head(key)).toEqual({ size: 13, contentType: 'text/html' });
    expect(await text((await storage.get(key))!.body)).toBe('<p>second</p>');
  });

  it('reads the first bytes of a file, all of a shorter one, none of an empty one', async () => {
    const key = freshKey();
    await storage.put(key, Buffer.from('%PDF-1.7 and the rest'), 'application/pdf');
    expect((await storage.readStart(key, 5))?.toString()).toBe('%PDF-');
    expect((await storage.readStart(key, 1000))?.toString()).toBe('%PDF-1.7 and the rest');
    const empty = freshKey();
    await storage.put(empty, Buffer.alloc(0), 'text/plain');
    expect(await storage.readStart(empty, 16)).toEqual(Buffer.alloc(0));
  });

  it('deletes a file, and deleting what is not there is no error', async () => {
    const key = freshKey();
    await storage.put(key, Buffer.from('gone soon'), 'text/plain');
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('moves a file to another key, replacing what was there, and leaves nothing at the first', async () => {
    const from = freshKey('upload');
    const to = freshKey('final');
    await storage.put(from, Buffer.from('the document'), 'application/pdf');
    await storage.put(to, Buffer.from('an older one'), 'text/plain');
    expect(await storage.move(from, to)).toEqual({ size: 12, contentType: 'application/pdf' });
    expect(await storage.head(from)).toBeNull();
    expect(await storage.head(to)).toEqual({ size: 12, contentType: 'application/pdf' });
    expect(await text((await storage.get(to))!.body)).toBe('the document');
    expect(await storage.move(to, to)).toEqual({ size: 12, contentType: 'application/pdf' });
  });

  it('answers null for a key that holds nothing', async () => {
    const key = freshKey();
    expect(await storage.get(key)).toBeNull();
    expect(await storage.head(key)).toBeNull();
    expect(await storage.readStart(key, 16)).toBeNull();
    expect(await storage.move(key, freshKey())).toBeNull();
  });

  it('is refused with a secret the server does not hold', async () => {
    const impostor = createS3Storage({ ...s3.options, secretAccessKey: 'not-the-secret' });
    await expect(impostor.put(freshKey(), Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
  });

  it('refuses a key that is not a plain relative path', async () => {
    await expect(storage.head('../outside')).rejects.toThrow('not a storage key');
    await expect(storage.put('/absolute', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      'not a storage key',
    );
  });
});

describe('refusing a file over its size limit', () => {
  it('refuses a buffer over the limit and keeps what the key held', async () => {
    const key = freshKey();
    await storage.put(key, Buffer.from('kept'), 'text/plain');
    await expect(storage.put(key, Buffer.alloc(101), 'text/plain', 100)).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(await text((await storage.get(key))!.body)).toBe('kept');
  });

  it('refuses a stream that goes past the limit, stores nothing, and leaves the rest unread', async () => {
    const key = freshKey();
    const body = chunks(10, 100);
    await expect(storage.put(key, body, 'text/plain', 450)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await storage.head(key)).toBeNull();
    expect(body.destroyed).toBe(false);
    let rest = 0;
    for await (const chunk of body) rest += (chunk as Buffer).length;
    expect(rest).toBe(500);
  });

  it('abandons a multipart upload that goes past the limit: no object, no parts left', async () => {
    const key = freshKey();
    await expect(storage.put(key, chunks(12, MiB), 'video/mp4', 10 * MiB)).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(await storage.head(key)).toBeNull();
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it('abandons a multipart upload whose stream fails part-way', async () => {
    const key = freshKey();
    const failing = Readable.from(
      (function* () {
        for (let index = 0; index < 9; index += 1) yield Buffer.alloc(MiB);
        throw new Error('the client went away');
      })(),
    );
    await expect(storage.put(key, failing, 'video/mp4')).rejects.toThrow('the client went away');
    expect(await storage.head(key)).toBeNull();
    expect(await s3.pendingUploads()).toEqual([]);
  });
});

describe('presigned URLs', () => {
  const upload = (
    key: string,
    contentLength: number | undefined,
    contentTypes = ['image/png'],
    maxBytes = 1000,
  ) => storage.signedUrl({ method: 'PUT', key, expiresInSeconds: 60, contentTypes, maxBytes, contentLength });
  const putTo = (url: string, body: Buffer, contentType: string) =>
    fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });

  it('reads a file through a presigned GET, as a download under its name', async () => {
    const key = freshKey();
    await storage.put(key, Buffer.from('<p>terms</p>'), 'text/html');
    const before = Date.now();
    const { url, expiresAt } = await storage.signedUrl({
      method: 'GET',
      key,
      expiresInSeconds: 300,
      downloadName: 'terms "v1".html',
    });
    expect(expiresAt.getTime()).toBeGreaterThan(before + 298_000);
    expect(expiresAt.getTime()).toBeLessThanOrEqual(before + 300_000);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<p>terms</p>');
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="terms _v1_.html"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('refuses a presigned GET changed to name another key', async () => {
    const key = freshKey('mine');
    const other = key.replace(/mine$/, 'theirs');
    await storage.put(other, Buffer.from('private'), 'text/plain');
    const { url } = await storage.signedUrl({ method: 'GET', key, expiresInSeconds: 60 });
    const response = await fetch(url.replace('/mine?', '/theirs?'));
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('private');
  });

  it('refuses a presigned URL once it has expired', async () => {
    const key = freshKey();
    await storage.put(key, Buffer.from('brief'), 'text/plain');
    // Long enough for the first read to arrive in time on a busy machine.
    const { url, expiresAt } = await storage.signedUrl({ method: 'GET', key, expiresInSeconds: 3 });
    expect((await fetch(url)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() + 1100 - Date.now()));
    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
  });

  it('takes an upload of the signed type and length through a presigned PUT', async () => {
    const key = freshKey();
    const body = Buffer.alloc(600, 7);
    const { url } = await upload(key, body.length);
    const response = await putTo(url, body, 'image/png');
    expect(response.status).toBe(200);
    expect(await storage.head(key)).toEqual({ size: 600, contentType: 'image/png' });
    expect(await storage.readStart(key, 600)).toEqual(body);
  });

  it('refuses an upload of another length or another type, and stores nothing', async () => {
    const key = freshKey();
    const { url } = await upload(key, 600);
    expect((await putTo(url, Buffer.alloc(601), 'image/png')).status).toBe(403);
    expect((await putTo(url, Buffer.alloc(599), 'image/png')).status).toBe(403);
    expect((await putTo(url, Buffer.alloc(600), 'text/html')).status).toBe(403);
    expect(await storage.head(key)).toBeNull();
  });

  it('signs no upload over the limit, without a declared length, or for several types', async () => {
    const key = freshKey();
    await expect(upload(key, 1001)).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(upload(key, undefined)).rejects.toThrow('the size the client declared');
    await expect(upload(key, 10, ['image/png', 'image/jpeg'])).rejects.toThrow('one content type');
    await expect(upload(key, 10, [])).rejects.toThrow('one content type');
  });
});

describe('uploads a presigned PUT cannot bind, with the platform’s signer', () => {
  const publicUrl = 'https://campaigns.example.com';
  const signer = createUrlSigner({ secret: 'x'.repeat(32), publicUrl, clock: { now: () => new Date() } });
  let withSigner: FileStorage;
  beforeAll(() => {
    withSigner = createS3Storage({ ...s3.options, signer });
  });
  const upload = (contentLength: number | undefined, contentTypes: string[]) =>
    withSigner.signedUrl({
      method: 'PUT',
      key: freshKey('document'),
      expiresInSeconds: 900,
      contentTypes,
      maxBytes: 1000,
      contentLength,
    });

  it('sends a choice of types, or an upload of no declared size, through the platform’s route', async () => {
    for (const { url } of [
      await upload(undefined, ['image/jpeg', 'image/png', 'application/pdf']),
      await upload(600, ['image/jpeg', 'image/png']),
      await upload(undefined, ['image/png']),
    ]) {
      expect(url.startsWith(`${publicUrl}${SIGNED_FILES_PATH}/tests/`)).toBe(true);
      const { pathname, searchParams } = new URL(url);
      const key = decodeURIComponent(pathname.slice(SIGNED_FILES_PATH.length + 1));
      const verdict = signer.verify('PUT', key, Object.fromEntries(searchParams));
      expect(verdict).toMatchObject({ ok: true, grant: { method: 'PUT', maxBytes: 1000 } });
    }
  });

  it('still presigns one declared type and size for the bucket itself, and refuses one over the limit', async () => {
    const { url } = await upload(600, ['image/png']);
    expect(url.startsWith(`${s3.options.endpoint}/${s3.options.bucket}/tests/`)).toBe(true);
    await expect(upload(1001, ['image/png', 'image/jpeg'])).rejects.toBeInstanceOf(FileTooLargeError);
  });
});

describe('the origin of the bucket’s URLs', () => {
  const keys = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'secret' };

  it('is the bucket’s own host on AWS, and the endpoint’s with path-style addressing', async () => {
    expect(await s3UrlOrigin({ ...keys, region: 'eu-west-2', bucket: 'campaign-files' })).toBe(
      'https://campaign-files.s3.eu-west-2.amazonaws.com',
    );
    const endpoint = 'https://account.r2.cloudflarestorage.com';
    expect(await s3UrlOrigin({ ...keys, region: 'auto', bucket: 'campaign-files', endpoint })).toBe(
      'https://campaign-files.account.r2.cloudflarestorage.com',
    );
    expect(await s3UrlOrigin(s3.options)).toBe(s3.options.endpoint);
    const { url } = await storage.signedUrl({ method: 'GET', key: freshKey(), expiresInSeconds: 60 });
    expect(new URL(url).origin).toBe(await s3UrlOrigin(s3.options));
  });
});
