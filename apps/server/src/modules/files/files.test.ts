import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUrlRequest } from '../../adapters/storage/file-storage';
import { TINY_PNG } from '../../test/factories';
import {
  createTestApp,
  createTestClock,
  errorOf,
  PUBLIC_URL,
  signedUrlPath,
  storedPaths,
  type TestApp,
} from '../../test/harness';

let context: TestApp;
const clock = createTestClock();
beforeAll(async () => {
  context = await createTestApp({ clock });
});
afterAll(async () => {
  await context?.close();
});

let counter = 0;
/** A key no other test uses. */
const freshKey = (name = 'file') => `tests/${(counter += 1)}/${name}`;

const signed = async (request: SignedUrlRequest) =>
  signedUrlPath((await context.storage.signedUrl(request)).url);
const readUrl = (key: string, downloadName?: string) =>
  signed({ method: 'GET', key, expiresInSeconds: 60, ...(downloadName ? { downloadName } : {}) });
const uploadUrl = (key: string, contentTypes: readonly string[] = ['image/png'], maxBytes = 1024) =>
  signed({ method: 'PUT', key, expiresInSeconds: 60, contentTypes, maxBytes });

const get = (url: string) => context.app.inject({ method: 'GET', url });
const put = (url: string, body: Buffer | string, contentType: string | null = 'image/png') =>
  context.app.inject({
    method: 'PUT',
    url,
    payload: body,
    headers: contentType === null ? {} : { 'content-type': contentType },
  });

/** The URL with one query parameter set to another value (or removed, with null). */
function withQuery(url: string, name: string, value: string | null): string {
  const parsed = new URL(url, PUBLIC_URL);
  if (value === null) parsed.searchParams.delete(name);
  else parsed.searchParams.set(name, value);
  return `${parsed.pathname}?${parsed.searchParams.toString()}`;
}

/** Every file storage holds, finished or not, as paths under its root. */
const storedFiles = () => storedPaths(context.filesDir);

describe('reading a file through a signed URL', () => {
  it('serves the stored bytes with their type and length', async () => {
    const key = freshKey('notes.txt');
    await context.storage.put(key, Buffer.from('hello, world'), 'text/plain; charset=utf-8');
    const response = await get(await readUrl(key));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('hello, world');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-length']).toBe('12');
  });

  it('answers 404 for a signed URL to a file that is not there', async () => {
    const response = await get(await readUrl(freshKey()));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
  });

  it('keeps working until it expires, then answers 410', async () => {
    const key = freshKey();
    await context.storage.put(key, TINY_PNG, 'image/png');
    const url = await readUrl(key);
    clock.advance(58_000);
    expect((await get(url)).statusCode).toBe(200);
    clock.advance(2_000);
    const response = await get(url);
    expect(response.statusCode).toBe(410);
    expect(errorOf(response)).toMatchObject({
      code: 'HINT_EXPIRED',
      message: 'This link has expired. Go back and try again.',
    });
  });

  it.each([
    ['no signature', 'a.txt', (url: string) => withQuery(url, 'signature', null)],
    ['a changed signature', 'a.txt', (url: string) => withQuery(url, 'signature', 'A'.repeat(43))],
    ['a later expiry', 'a.txt', (url: string) => withQuery(url, 'expires', '9999999999')],
    ['no expiry', 'a.txt', (url: string) => withQuery(url, 'expires', null)],
    ['another download name', 'a.txt', (url: string) => withQuery(url, 'name', 'other.txt')],
    ['a download name added', undefined, (url: string) => withQuery(url, 'name', 'added.txt')],
    ['another key', 'a.txt', (url: string) => url.replace('/secret?', '/public?')],
  ])('refuses a URL with %s as if the file did not exist', async (_case, downloadName, tamper) => {
    const key = freshKey('secret');
    await context.storage.put(key, Buffer.from('private'), 'text/plain');
    await context.storage.put(key.replace(/secret$/, 'public'), Buffer.from('other'), 'text/plain');
    const response = await get(tamper(await readUrl(key, downloadName)));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
    expect(response.body).not.toContain('private');
    expect(response.body).not.toContain('other');
  });

  it('refuses an upload URL used to read, and a read URL used to upload', async () => {
    const key = freshKey();
    await context.storage.put(key, TINY_PNG, 'image/png');
    expect((await get(await uploadUrl(key))).statusCode).toBe(404);
    const overwrite = await put(await readUrl(key), Buffer.from('overwritten'));
    expect(overwrite.statusCode).toBe(404);
    expect((await context.storage.head(key))?.size).toBe(TINY_PNG.length);
  });

  it.each(['../../etc/passwd', '%2e%2e/%2e%2e/etc/passwd', '.hidden', 'a//b', 'a/./b'])(
    'refuses a key that is not a plain path (%s)',
    async (key) => {
      const response = await get(`/server-api/files/${key}?expires=9999999999&signature=x`);
      expect(response.statusCode).toBe(404);
    },
  );

  it('tells the browser never to sniff or run what it serves, nor to keep it', async () => {
    const key = freshKey();
    await context.storage.put(key, Buffer.from('<script>alert(1)</script>'), 'text/plain');
    const response = await get(await readUrl(key));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it.each([
    ['text/html; charset=utf-8', 'attachment', '<h1>Terms</h1>'],
    ['application/pdf', 'attachment', '%PDF-1.4\n%%EOF\n'],
    ['image/svg+xml', 'attachment', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['image/png', 'inline', TINY_PNG],
  ])('sends %s as %s', async (contentType, disposition, body) => {
    const key = freshKey();
    await context.storage.put(key, Buffer.from(body), contentType);
    const response = await get(await readUrl(key, 'terms v1.html'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['content-disposition']).toBe(`${disposition}; filename="terms v1.html"`);
  });

  it('names the download after the key when the URL names none, and keeps the name header-safe', async () => {
    const key = freshKey('report.pdf');
    await context.storage.put(key, Buffer.from('%PDF-1.4'), 'application/pdf');
    expect((await get(await readUrl(key))).headers['content-disposition']).toBe(
      'attachment; filename="report.pdf"',
    );
    const tricky = await get(await readUrl(key, 'a"; filename=evil.html\r\nx: y'));
    expect(tricky.statusCode).toBe(200);
    expect(tricky.headers['content-disposition']).toBe('attachment; filename="a_ filename_evil.html_x_ y"');
    expect(tricky.headers.x).toBeUndefined();
  });
});

describe('uploading through a signed URL', () => {
  it('stores the upload under its key with the type it was sent as, for a read URL to serve', async () => {
    const key = freshKey();
    const response = await put(await uploadUrl(key), TINY_PNG);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ key, size: TINY_PNG.length });
    const read = await get(await readUrl(key));
    expect(read.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(read.headers['content-type']).toBe('image/png');
  });

  it('takes the allowed type in any case and with parameters, and stores it bare', async () => {
    const key = freshKey();
    const response = await put(await uploadUrl(key, ['image/png', 'image/jpeg']), TINY_PNG, 'Image/PNG; q=1');
    expect(response.statusCode, response.body).toBe(200);
    expect((await context.storage.head(key))?.contentType).toBe('image/png');
  });

  it('replaces the file an earlier upload left', async () => {
    const key = freshKey();
    const url = await uploadUrl(key, ['text/plain']);
    expect((await put(url, 'first version', 'text/plain')).statusCode).toBe(200);
    expect((await put(url, 'second', 'text/plain')).statusCode).toBe(200);
    expect((await get(await readUrl(key))).body).toBe('second');
  });

  it('refuses a type the URL does not allow with 415, and stores nothing', async () => {
    const key = freshKey();
    const before = await storedFiles();
    const response = await put(await uploadUrl(key, ['image/png']), '<html></html>', 'text/html');
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'This type of file cannot be uploaded here.',
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an upload without a content type with 415, and stores nothing', async () => {
    const key = freshKey();
    const before = await storedFiles();
    const response = await put(await uploadUrl(key), TINY_PNG, null);
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await storedFiles()).toEqual(before);
  });

  it('takes a file of exactly the limit, and refuses one byte more with 413, keeping the file there was', async () => {
    const key = freshKey();
    const url = await uploadUrl(key, ['application/octet-stream'], 100);
    expect((await put(url, Buffer.alloc(100, 1), 'application/octet-stream')).statusCode).toBe(200);
    const before = await storedFiles();
    const response = await put(url, Buffer.alloc(101, 2), 'application/octet-stream');
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await storedFiles()).toEqual(before);
    expect((await get(await readUrl(key))).rawPayload.equals(Buffer.alloc(100, 1))).toBe(true);
  });

  it.each([
    ['another key', (url: string) => url.replace('/upload?', '/elsewhere?')],
    ['another type', (url: string) => withQuery(url, 'type', 'text/html')],
    ['a larger limit', (url: string) => withQuery(url, 'max', '999999999')],
    ['no limit', (url: string) => withQuery(url, 'max', null)],
    ['no signature', (url: string) => withQuery(url, 'signature', null)],
  ])('refuses an upload URL with %s as if it named nothing, and stores nothing', async (_case, tamper) => {
    const key = freshKey('upload');
    const before = await storedFiles();
    const response = await put(tamper(await uploadUrl(key)), TINY_PNG);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an expired upload URL with 410, and stores nothing', async () => {
    const key = freshKey();
    const url = await uploadUrl(key);
    clock.advance(60_000);
    const before = await storedFiles();
    const response = await put(url, TINY_PNG);
    expect(response.statusCode).toBe(410);
    expect(errorOf(response).code).toBe('HINT_EXPIRED');
    expect(await storedFiles()).toEqual(before);
  });

  it('leaves one whole file when several uploads to one key arrive at once', async () => {
    for (let round = 0; round < 10; round += 1) {
      const key = freshKey();
      const url = await uploadUrl(key, ['text/plain', 'application/octet-stream'], 1024 * 1024);
      const bodies = [
        { body: Buffer.alloc(200_000, 'a'), type: 'text/plain' },
        { body: Buffer.alloc(3_000, 'b'), type: 'application/octet-stream' },
        { body: Buffer.alloc(90_000, 'c'), type: 'text/plain' },
      ];
      const before = await storedFiles();
      const responses = await Promise.all(bodies.map(({ body, type }) => put(url, body, type)));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      const read = await get(await readUrl(key));
      const winner = bodies.find(({ body }) => body.equals(read.rawPayload));
      expect(winner, `round ${round}: the stored file is none of the uploads`).toBeDefined();
      expect(read.headers['content-type']).toBe(winner?.type);
      expect(read.headers['content-length']).toBe(String(winner?.body.length));
      // The file and its description: nothing of the uploads that lost is left behind.
      expect((await storedFiles()).length).toBe(before.length + 2);
    }
  });
});

describe('an upload streamed without a length, on a real connection', () => {
  let port = 0;
  beforeAll(async () => {
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    const address = context.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  /**
   * Sends a PUT whose body comes in chunks (Transfer-Encoding: chunked, no Content-Length), then a second
   * request on the same connection, and answers the status line of every response that comes back.
   */
  async function streamUploadThenAnother(url: string, chunks: Buffer[]): Promise<string[]> {
    const socket = connect(port, '127.0.0.1');
    // A connection the server stops reading would hang: what arrived by then is the answer.
    socket.setTimeout(5_000, () => socket.destroy());
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    const write = (data: string | Buffer) => new Promise((resolve) => socket.write(data, resolve));
    await write(
      `PUT ${url} HTTP/1.1\r\nHost: app.test\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    for (const chunk of chunks) {
      await write(`${chunk.length.toString(16)}\r\n`);
      await write(chunk);
      await write('\r\n');
    }
    await write('0\r\n\r\nGET /healthz HTTP/1.1\r\nHost: app.test\r\nConnection: close\r\n\r\n');
    await new Promise((resolve) => socket.once('close', resolve));
    return [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1] ?? '');
  }

  it('refuses it with 413 at the limit, stores nothing, and keeps the connection usable', async () => {
    const key = freshKey();
    const before = await storedFiles();
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(16 * 1024, 'x'));
    const statuses = await streamUploadThenAnother(await uploadUrl(key, ['text/plain'], 64 * 1024), chunks);
    expect(statuses).toEqual(['413', '200']);
    expect(await storedFiles()).toEqual(before);
    expect(await context.storage.head(key)).toBeNull();
  });

  it('stores nothing of an upload cut off part-way, and takes it for no fault of the server', async () => {
    const key = freshKey();
    const before = await storedFiles();
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const url = await uploadUrl(key, ['text/plain'], 64 * 1024);
    socket.write(
      `PUT ${url} HTTP/1.1\r\nHost: app.test\r\nContent-Type: text/plain\r\nContent-Length: 50000\r\n\r\n`,
    );
    await new Promise((resolve) => socket.write(Buffer.alloc(20_000, 'y'), resolve));
    socket.destroy();
    // The server finds the socket gone and removes the part it kept: within a second when quiet, longer when busy.
    await expect.poll(storedFiles, { timeout: 15_000 }).toEqual(before);
    // Time for the server to finish with the request it lost.
    await sleep(200);
    expect(context.logText()).not.toContain('"level":50');
  });

  it('takes a streamed file within the limit', async () => {
    const key = freshKey();
    const url = await uploadUrl(key, ['text/plain'], 64 * 1024);
    const statuses = await streamUploadThenAnother(url, [Buffer.from('part one, '), Buffer.from('part two')]);
    expect(statuses).toEqual(['200', '200']);
    expect((await get(await readUrl(key))).body).toBe('part one, part two');
  });
});
