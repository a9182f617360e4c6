import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger } from '../../test/capture';
import { EICAR, EICAR_SIGNATURE_NAME, startClamd, type Clamd } from '../../test/clamd';
import { closedPort } from '../../test/fake-http-server';
import { createClamdScanner, verdictOf, type ClamdScannerOptions } from './clamd-scanner';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const MB = 1024 * 1024;

/** A stream of `total` bytes made as they are read, counting what was read and whether it was destroyed. */
function lazyStream(total: number, pieceBytes = 256 * 1024) {
  const state = { read: 0, destroyed: false };
  const stream = new Readable({
    read() {
      if (state.read >= total) {
        this.push(null);
        return;
      }
      const piece = Buffer.alloc(Math.min(pieceBytes, total - state.read), 0x61);
      state.read += piece.length;
      this.push(piece);
    },
    destroy(error, callback) {
      state.destroyed = true;
      callback(error);
    },
  });
  return { stream, state };
}

/**
 * A TCP server on 127.0.0.1 standing in for a clamd that misbehaves: `onConnection` gets each socket and
 * a promise of the moment the whole INSTREAM request (command, chunks, end mark) has come in.
 */
async function startFakeClamd(onConnection: (socket: Socket, requestRead: Promise<void>) => void) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const requestRead = new Promise<void>((resolve) => {
      let pending = Buffer.alloc(0);
      let commandRead = false;
      socket.on('data', (data: Buffer) => {
        pending = Buffer.concat([pending, data]);
        if (!commandRead) {
          const end = pending.indexOf(0);
          if (end < 0) return;
          commandRead = true;
          pending = pending.subarray(end + 1);
        }
        while (pending.length >= 4) {
          const length = pending.readUInt32BE(0);
          if (length === 0) return resolve();
          if (pending.length < 4 + length) return;
          pending = pending.subarray(4 + length);
        }
      });
    });
    onConnection(socket, requestRead);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let clamd: Clamd;
/** A clamd with small limits: StreamMaxLength 2M, MaxFileSize 1M (AlertExceedsMax yes). */
let smallClamd: Clamd;
let scratch: string;

beforeAll(async () => {
  [clamd, smallClamd, scratch] = await Promise.all([
    startClamd(),
    startClamd({ settings: { StreamMaxLength: '2M', MaxFileSize: '1M' } }),
    mkdtemp(join(tmpdir(), 'clamd-scanner-test-')),
  ]);
});
afterAll(async () => {
  await Promise.all([
    clamd?.stop(),
    smallClamd?.stop(),
    scratch && rm(scratch, { recursive: true, force: true }),
  ]);
});

const scannerFor = (server: { port: number }, options: Partial<ClamdScannerOptions> = {}) =>
  createClamdScanner({ host: '127.0.0.1', port: server.port, timeoutMs: 20_000, ...options });

describe('clamd scanner against a real clamd', () => {
  it('is configured, and answers a ping', async () => {
    const scanner = scannerFor(clamd);
    expect(scanner).toMatchObject({ name: 'clamd', configured: true });
    await expect(scanner.ping()).resolves.toEqual({ ok: true });
  });

  it('finds the EICAR test file handed over as a buffer', async () => {
    await expect(scannerFor(clamd).scan(EICAR)).resolves.toEqual({
      outcome: 'THREATS_FOUND',
      signature: EICAR_SIGNATURE_NAME,
    });
  });

  it('finds the EICAR test file handed over as a stream, in pieces and sent in many chunks', async () => {
    const pieces = [EICAR.subarray(0, 5), EICAR.subarray(5, 40), EICAR.subarray(40)];
    await expect(scannerFor(clamd).scan(Readable.from(pieces))).resolves.toEqual({
      outcome: 'THREATS_FOUND',
      signature: EICAR_SIGNATURE_NAME,
    });
    await expect(scannerFor(clamd, { chunkBytes: 7 }).scan(Readable.from(pieces))).resolves.toEqual({
      outcome: 'THREATS_FOUND',
      signature: EICAR_SIGNATURE_NAME,
    });
    const file = join(scratch, 'eicar.com');
    await writeFile(file, EICAR);
    await expect(scannerFor(clamd, { chunkBytes: 16 }).scan(createReadStream(file))).resolves.toEqual({
      outcome: 'THREATS_FOUND',
      signature: EICAR_SIGNATURE_NAME,
    });
  });

  it('calls a PNG, a few MB of random bytes and an empty file clean', async () => {
    const scanner = scannerFor(clamd);
    await expect(scanner.scan(PNG)).resolves.toEqual({ outcome: 'CLEAN' });
    const random = randomBytes(4 * MB);
    await expect(scanner.scan(random)).resolves.toEqual({ outcome: 'CLEAN' });
    const pieces = Array.from({ length: 16 }, (_, index) =>
      random.subarray(index * 256 * 1024, (index + 1) * 256 * 1024),
    );
    await expect(scanner.scan(Readable.from(pieces))).resolves.toEqual({ outcome: 'CLEAN' });
    await expect(scanner.scan(Buffer.alloc(0))).resolves.toEqual({ outcome: 'CLEAN' });
  });

  it('scans several files at once, each with its own verdict', async () => {
    const scanner = scannerFor(clamd);
    const verdicts = await Promise.all([
      scanner.scan(EICAR),
      scanner.scan(PNG),
      scanner.scan(Readable.from([EICAR])),
      scanner.scan(randomBytes(MB)),
    ]);
    expect(verdicts.map((verdict) => verdict.outcome)).toEqual([
      'THREATS_FOUND',
      'CLEAN',
      'THREATS_FOUND',
      'CLEAN',
    ]);
  });

  // clamd answers `INSTREAM size limit exceeded. ERROR` and closes the connection with chunks unread, so
  // the client's next write may meet the reset before it has read the answer: either way the scan fails,
  // and says why.
  const overStreamMaxLength = {
    outcome: 'FAILED',
    kind: expect.stringMatching(/^(over-limit|connection)$/) as string,
    reason: expect.stringMatching(
      /StreamMaxLength \(INSTREAM size limit exceeded\. ERROR\)$|closed the connection while the file was being sent \((EPIPE|ECONNRESET)\), as it does when the file is larger than its StreamMaxLength$/,
    ) as string,
  };

  it('fails a file larger than StreamMaxLength, and stops reading it', async () => {
    const logger = capturingLogger();
    const { stream, state } = lazyStream(40 * MB);
    const verdict = await scannerFor(smallClamd, { logger }).scan(stream);
    expect(verdict).toEqual(overStreamMaxLength);
    expect(state.read).toBeLessThan(20 * MB);
    expect(state.destroyed).toBe(true);
    expect(logger.entries).toEqual([
      {
        obj: {
          scanner: 'clamd',
          operation: 'scan',
          address: `127.0.0.1:${smallClamd.port}`,
          kind: verdict.outcome === 'FAILED' ? verdict.kind : 'none',
        },
        msg: expect.stringContaining('StreamMaxLength') as string,
      },
    ]);
    // The same as a buffer, many times over (most times the answer is read before the reset).
    for (let round = 0; round < 20; round += 1) {
      await expect(scannerFor(smallClamd).scan(Buffer.alloc(3 * MB))).resolves.toEqual(overStreamMaxLength);
    }
  });

  it('fails a file clamd took but would not scan whole (over MaxFileSize), rather than calling it clean', async () => {
    const verdict = await scannerFor(smallClamd).scan(randomBytes(1.5 * MB));
    expect(verdict).toEqual({
      outcome: 'FAILED',
      kind: 'over-limit',
      reason: expect.stringContaining('Heuristics.Limits.Exceeded.MaxFileSize') as string,
    });
  });

  it('fails a file whose stream breaks, and one that cannot be opened, without crashing', async () => {
    let sent = 0;
    const breaking = new Readable({
      read() {
        sent += 1;
        if (sent < 4) this.push(randomBytes(64 * 1024));
        else this.destroy(new Error('disk went away'));
      },
    });
    await expect(scannerFor(clamd).scan(breaking)).resolves.toEqual({
      outcome: 'FAILED',
      kind: 'unreadable-file',
      reason: 'the file could not be read: disk went away',
    });
    const missing = createReadStream(join(scratch, 'not-there'));
    await expect(scannerFor(clamd).scan(missing)).resolves.toMatchObject({
      outcome: 'FAILED',
      kind: 'unreadable-file',
      reason: expect.stringContaining('ENOENT') as string,
    });
  });
});

describe('clamd scanner when clamd is not there or misbehaves', () => {
  it('fails when nothing listens, and so does a ping', async () => {
    const port = await closedPort();
    const logger = capturingLogger();
    const scanner = scannerFor({ port }, { logger });
    await expect(scanner.scan(EICAR)).resolves.toEqual({
      outcome: 'FAILED',
      kind: 'connection',
      reason: `clamd at 127.0.0.1:${port} could not be reached (ECONNREFUSED)`,
    });
    await expect(scanner.ping()).resolves.toEqual({
      ok: false,
      kind: 'connection',
      reason: `clamd at 127.0.0.1:${port} could not be reached (ECONNREFUSED)`,
    });
    expect(logger.entries.map((entry) => entry.obj)).toEqual([
      { scanner: 'clamd', operation: 'scan', address: `127.0.0.1:${port}`, kind: 'connection' },
      { scanner: 'clamd', operation: 'ping', address: `127.0.0.1:${port}`, kind: 'connection' },
    ]);
  });

  it('gives up on a clamd that takes the file and never answers', async () => {
    const fake = await startFakeClamd(() => undefined);
    try {
      const startedAt = Date.now();
      await expect(scannerFor(fake, { timeoutMs: 300 }).scan(PNG)).resolves.toEqual({
        outcome: 'FAILED',
        kind: 'timeout',
        reason: `clamd at 127.0.0.1:${fake.port} did not answer within 300 ms`,
      });
      expect(Date.now() - startedAt).toBeLessThan(2000);
      await expect(scannerFor(fake).ping(200)).resolves.toMatchObject({ ok: false, kind: 'timeout' });
    } finally {
      await fake.close();
    }
  });

  it('reads the file no faster than a clamd that stops reading takes it, then gives up on time', async () => {
    const fake = await startFakeClamd((socket) => socket.pause());
    try {
      const { stream, state } = lazyStream(200 * MB);
      await expect(scannerFor(fake, { timeoutMs: 500 }).scan(stream)).resolves.toMatchObject({
        outcome: 'FAILED',
        kind: 'timeout',
      });
      // What the kernel's buffers hold on loopback, not the whole file.
      expect(state.read).toBeLessThan(30 * MB);
      expect(state.destroyed).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it('fails on answers that are not clamd’s, and never calls them clean', async () => {
    const cases: {
      name: string;
      answer: (socket: Socket, requestRead: Promise<void>) => void;
      kind: string;
    }[] = [
      {
        name: 'garbage after the file',
        answer: (socket, requestRead) =>
          void requestRead.then(() => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n\0')),
        kind: 'unexpected-answer',
      },
      {
        name: 'OK before the file was sent',
        answer: (socket) => socket.write('stream: OK\0'),
        kind: 'unexpected-answer',
      },
      {
        name: 'a FOUND with a signature no scanner names',
        answer: (socket, requestRead) => void requestRead.then(() => socket.end('stream: \x1b[31m FOUND\0')),
        kind: 'unexpected-answer',
      },
      {
        name: 'endless text without its end',
        answer: (socket, requestRead) => void requestRead.then(() => socket.write('x'.repeat(10_000))),
        kind: 'unexpected-answer',
      },
      {
        name: 'OK without its \\0, then closing',
        answer: (socket, requestRead) => void requestRead.then(() => socket.end('stream: OK')),
        kind: 'connection',
      },
      {
        name: 'closing without a word',
        answer: (socket, requestRead) => void requestRead.then(() => socket.end()),
        kind: 'connection',
      },
      {
        name: 'an error of its own',
        answer: (socket, requestRead) =>
          void requestRead.then(() => socket.end("stream: Can't allocate memory ERROR\0")),
        kind: 'scanner-error',
      },
    ];
    for (const { name, answer, kind } of cases) {
      const fake = await startFakeClamd(answer);
      try {
        const verdict = await scannerFor(fake, { timeoutMs: 2000 }).scan(randomBytes(2 * MB));
        expect({ name, verdict }).toMatchObject({ name, verdict: { outcome: 'FAILED', kind } });
      } finally {
        await fake.close();
      }
    }
  });

  it('says a clamd that answers PING with anything but PONG is not ready', async () => {
    const fake = await startFakeClamd((socket) => socket.end('PANG\0'));
    try {
      await expect(scannerFor(fake).ping()).resolves.toEqual({
        ok: false,
        kind: 'unexpected-answer',
        reason: 'clamd answered PING with: PANG',
      });
    } finally {
      await fake.close();
    }
  });
});

describe('reading clamd’s answer', () => {
  it('calls only `stream: OK` after the whole file clean', () => {
    expect(verdictOf('stream: OK', true)).toEqual({ outcome: 'CLEAN' });
    expect(verdictOf('stream: OK', false)).toMatchObject({ outcome: 'FAILED', kind: 'unexpected-answer' });
    expect(verdictOf('stream: ok', true)).toMatchObject({ outcome: 'FAILED', kind: 'unexpected-answer' });
    expect(verdictOf('OK', true)).toMatchObject({ outcome: 'FAILED', kind: 'unexpected-answer' });
    expect(verdictOf('', true)).toMatchObject({ outcome: 'FAILED', kind: 'unexpected-answer' });
  });

  it('reads signatures, limits and errors', () => {
    expect(verdictOf('stream: Win.Test.EICAR_HDB-1 FOUND', true)).toEqual({
      outcome: 'THREATS_FOUND',
      signature: 'Win.Test.EICAR_HDB-1',
    });
    expect(verdictOf('stream: Heuristics.Limits.Exceeded.MaxScanSize FOUND', true)).toMatchObject({
      outcome: 'FAILED',
      kind: 'over-limit',
    });
    expect(verdictOf('INSTREAM size limit exceeded. ERROR', false)).toMatchObject({
      outcome: 'FAILED',
      kind: 'over-limit',
    });
    expect(verdictOf('UNKNOWN COMMAND', true)).toMatchObject({
      outcome: 'FAILED',
      kind: 'unexpected-answer',
    });
    expect(verdictOf('stream: lstat() failed: No such file or directory. ERROR', true)).toMatchObject({
      outcome: 'FAILED',
      kind: 'scanner-error',
    });
  });
});
