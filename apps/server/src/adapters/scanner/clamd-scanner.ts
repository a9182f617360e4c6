import { createConnection } from 'node:net';
import type { Readable } from 'node:stream';
import {
  silentScannerLogger,
  type FileScanner,
  type ScanFailureKind,
  type ScannerLogger,
  type ScanVerdict,
} from './file-scanner';

// clamd's INSTREAM over TCP (clamd(8)): `zINSTREAM\0`, then the file as chunks each led by its length (4
// bytes, big-endian), then a zero length; clamd answers one line ended by \0: `stream: OK`,
// `stream: <signature> FOUND`, or `… ERROR` (`INSTREAM size limit exceeded. ERROR` past StreamMaxLength).

/** The most one scan may take by default, from connecting to clamd's answer, the whole file sent included. */
export const CLAMD_DEFAULT_TIMEOUT_MS = 120_000;
/** The most connecting to clamd may take by default; also the default time-out of a ping. */
export const CLAMD_DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** Bytes sent per INSTREAM chunk by default. */
export const CLAMD_DEFAULT_CHUNK_BYTES = 64 * 1024;

/** clamd's answers are one short line; anything longer without its \0 is not clamd. */
const MAX_ANSWER_BYTES = 4096;
/** A signature name as clamd prints it: printable ASCII, no control characters, of a sane length. */
const SIGNATURE_SHAPE = /^[\x21-\x7e](?:[\x20-\x7e]{0,254}[\x21-\x7e])?$/;
const LIMITS_EXCEEDED = 'Heuristics.Limits.Exceeded.';

const INSTREAM = Buffer.from('zINSTREAM\0', 'latin1');
const PING = Buffer.from('zPING\0', 'latin1');
const END_OF_STREAM = Buffer.alloc(4);

export type ClamdScannerOptions = {
  host: string;
  port: number;
  /**
   * The most one scan may take, from connecting to clamd's answer: reading the file from its stream,
   * sending it and clamd's scan included. Default CLAMD_DEFAULT_TIMEOUT_MS.
   */
  timeoutMs?: number;
  /** The most connecting may take (within `timeoutMs`). Default CLAMD_DEFAULT_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
  /** Bytes per INSTREAM chunk. Default CLAMD_DEFAULT_CHUNK_BYTES. */
  chunkBytes?: number;
  /** Where failed scans and pings are reported. Default: nowhere. */
  logger?: ScannerLogger;
};

type ScanFailure = Extract<ScanVerdict, { outcome: 'FAILED' }>;

export type ClamdPing = { ok: true } | { ok: false; kind: ScanFailureKind; reason: string };

export interface ClamdScanner extends FileScanner {
  readonly name: 'clamd';
  readonly configured: true;
  /** `zPING`, answered `PONG` by a clamd ready to scan: for readiness checks. Never throws. */
  ping(timeoutMs?: number): Promise<ClamdPing>;
}

/**
 * What came back: clamd's answer without its \0, and whether the whole request (command, file, end mark)
 * had been handed to the connection before it came; or why none came.
 */
type Exchange = { answer: string; requestSent: boolean } | ScanFailure;

const failed = (kind: ScanFailureKind, reason: string): ScanFailure => ({ outcome: 'FAILED', kind, reason });

/** Text from the other end, safe to put in a log line. */
function printable(text: string): string {
  const safe = text.replace(/[^\x20-\x7e]/g, '?');
  return safe.length > 200 ? `${safe.slice(0, 200)}…` : safe;
}

function errorCode(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The file as chunks of at most `size` bytes; never an empty one, which clamd would read as the end. */
async function* chunksOf(body: Readable | Buffer, size: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(body)) {
    for (let start = 0; start < body.length; start += size) yield body.subarray(start, start + size);
    return;
  }
  for await (const chunk of body as AsyncIterable<unknown>) {
    let buffer: Buffer;
    if (Buffer.isBuffer(chunk)) buffer = chunk;
    else if (typeof chunk === 'string') buffer = Buffer.from(chunk);
    else if (chunk instanceof Uint8Array)
      buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    else throw new TypeError('the file stream gave something other than bytes');
    for (let start = 0; start < buffer.length; start += size) yield buffer.subarray(start, start + size);
  }
}

/** Reads clamd's answer to INSTREAM. Only `stream: OK` after the whole file is CLEAN. */
export function verdictOf(answer: string, requestSent: boolean): ScanVerdict {
  const text = answer.trimEnd();
  if (/ ERROR$/.test(text)) {
    return /size limit exceeded/i.test(text)
      ? failed(
          'over-limit',
          `clamd stopped reading: the file is larger than its StreamMaxLength (${printable(text)})`,
        )
      : failed('scanner-error', `clamd answered with an error: ${printable(text)}`);
  }
  if (!requestSent) {
    return failed('unexpected-answer', `clamd answered before the whole file was sent: ${printable(text)}`);
  }
  if (text === 'stream: OK') return { outcome: 'CLEAN' };
  const found = /^stream: (.+) FOUND$/.exec(text)?.[1];
  if (found !== undefined && SIGNATURE_SHAPE.test(found)) {
    if (found.startsWith(LIMITS_EXCEEDED)) {
      return failed('over-limit', `clamd did not scan all of the file: ${found} (a limit in clamd.conf)`);
    }
    return { outcome: 'THREATS_FOUND', signature: found };
  }
  return failed('unexpected-answer', `clamd gave an answer it never gives to INSTREAM: ${printable(text)}`);
}

/** Where clamd listens, and how a connection to it is made and a file sent. */
type ClamdConnection = {
  host: string;
  port: number;
  address: string;
  connectTimeoutMs: number;
  chunkBytes: number;
};

/** How far an exchange got: connected, the request sent, the file's last bytes taken by the connection. */
type ExchangeProgress = {
  connected: boolean;
  requestSent: boolean;
  // Whether the connection took the file's last bytes: a write's callback can come before the
  // socket's 'error' event, and a write that failed must still count as not delivered then.
  fileDelivered: boolean;
  settled: boolean;
};

/** Why a connection's error ended the exchange, told by how far it had got. */
function brokenConnection(
  error: Error,
  progress: ExchangeProgress,
  sendsFile: boolean,
  address: string,
): ScanFailure {
  const code = errorCode(error);
  const because = code ? ` (${code})` : '';
  if (!progress.connected) return failed('connection', `clamd at ${address} could not be reached${because}`);
  if (sendsFile && !progress.fileDelivered && (code === 'EPIPE' || code === 'ECONNRESET')) {
    // clamd answers a file past its StreamMaxLength and closes at once, unread chunks and all; a
    // write (the last one too) can meet the closed connection before its answer is read, which is
    // then lost.
    return failed(
      'connection',
      `clamd at ${address} closed the connection while the file was being sent${because}, as it ` +
        'does when the file is larger than its StreamMaxLength',
    );
  }
  return failed('connection', `the connection to clamd at ${address} broke before its answer${because}`);
}

/** Sends the command, then the file (if any) chunk by chunk, each once the connection took the one before. */
async function sendRequest(
  write: (chunk: Buffer) => Promise<boolean>,
  request: { command: Buffer; body: Readable | Buffer | undefined; chunkBytes: number },
  progress: ExchangeProgress,
): Promise<void> {
  await write(request.command);
  if (request.body === undefined) {
    progress.requestSent = true;
    return;
  }
  for await (const piece of chunksOf(request.body, request.chunkBytes)) {
    if (progress.settled) return;
    const length = Buffer.alloc(4);
    length.writeUInt32BE(piece.length);
    await write(Buffer.concat([length, piece]));
    // A turn of the event loop before the next chunk, so that an answer clamd sent early (its
    // size limit) is read before a write meets the connection it then closed (EPIPE).
    await new Promise((next) => setImmediate(next));
    if (progress.settled) return;
  }
  const ending = write(END_OF_STREAM);
  progress.requestSent = true;
  progress.fileDelivered = await ending;
}

const unreadable = (error: unknown) =>
  failed(
    'unreadable-file',
    `the file could not be read: ${error instanceof Error ? printable(error.message) : 'unknown error'}`,
  );

/** One connection: sends `command` then, if any, the file; resolves with the answer or why none came. */
function exchange(
  connection: ClamdConnection,
  command: Buffer,
  body: Readable | Buffer | undefined,
  limitMs: number,
): Promise<Exchange> {
  const { host, port, address, connectTimeoutMs, chunkBytes } = connection;
  return new Promise((resolve) => {
    const source = body === undefined || Buffer.isBuffer(body) ? undefined : body;
    const socket = createConnection({ host, port });
    const received: Buffer[] = [];
    let receivedBytes = 0;
    const progress: ExchangeProgress = {
      connected: false,
      requestSent: false,
      fileDelivered: false,
      settled: false,
    };

    const settle = (result: Exchange) => {
      if (progress.settled) return;
      progress.settled = true;
      clearTimeout(overallTimer);
      clearTimeout(connectTimer);
      socket.destroy();
      if (source && !source.readableEnded) source.destroy();
      resolve(result);
    };
    const overallTimer = setTimeout(
      () => settle(failed('timeout', `clamd at ${address} did not answer within ${limitMs} ms`)),
      limitMs,
    );
    const connectTimer = setTimeout(
      () =>
        settle(failed('timeout', `could not connect to clamd at ${address} within ${connectTimeoutMs} ms`)),
      Math.min(connectTimeoutMs, limitMs),
    );

    // Resolves once the connection has taken `chunk`, with whether it did (a failure is settled by the
    // 'error' listener).
    const write = (chunk: Buffer) =>
      new Promise<boolean>((done) => socket.write(chunk, (error) => done(!error)));

    // A stream that fails before it is read (a file that is not there) must not go unheard, which
    // would take the process down.
    source?.on('error', (error) => settle(unreadable(error)));

    socket.once('connect', () => {
      progress.connected = true;
      clearTimeout(connectTimer);
      sendRequest(write, { command, body, chunkBytes }, progress).catch((error: unknown) =>
        settle(unreadable(error)),
      );
    });
    socket.on('data', (data: Buffer) => {
      received.push(data);
      receivedBytes += data.length;
      const all = Buffer.concat(received);
      const end = all.indexOf(0);
      if (end >= 0)
        settle({ answer: all.subarray(0, end).toString('latin1'), requestSent: progress.requestSent });
      else if (receivedBytes > MAX_ANSWER_BYTES) {
        settle(failed('unexpected-answer', `clamd's answer went on past ${MAX_ANSWER_BYTES} bytes`));
      }
    });
    socket.on('error', (error) => settle(brokenConnection(error, progress, body !== undefined, address)));
    socket.on('close', () => {
      const partial = Buffer.concat(received).toString('latin1');
      settle(
        failed(
          'connection',
          partial
            ? `clamd at ${address} closed the connection in the middle of its answer: ${printable(partial)}`
            : `clamd at ${address} closed the connection without answering`,
        ),
      );
    });
  });
}

/**
 * Scans files with clamd over TCP (DESIGN §10): one connection per scan, the file streamed in chunks as it
 * is read (each chunk waits until the connection has taken the one before), within a connect and an
 * overall time-out. Everything but clamd's `stream: OK` after the whole file is not CLEAN.
 *
 * clamd must be able to scan the largest file whole: StreamMaxLength, MaxFileSize and MaxScanSize above
 * the largest upload (campaign assets: 250 MB), and `AlertExceedsMax yes`, without which a file over
 * MaxFileSize is answered `stream: OK` unscanned; with it, that is a FAILED scan here.
 */
export function createClamdScanner(options: ClamdScannerOptions): ClamdScanner {
  const { host, port } = options;
  const timeoutMs = options.timeoutMs ?? CLAMD_DEFAULT_TIMEOUT_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? CLAMD_DEFAULT_CONNECT_TIMEOUT_MS;
  const chunkBytes = options.chunkBytes ?? CLAMD_DEFAULT_CHUNK_BYTES;
  const logger = options.logger ?? silentScannerLogger;
  const address = `${host}:${port}`;
  const connection = { host, port, address, connectTimeoutMs, chunkBytes };
  if (!Number.isInteger(chunkBytes) || chunkBytes < 1 || chunkBytes > 0x7fffffff) {
    throw new RangeError('chunkBytes must be a whole number of bytes between 1 and 2^31 - 1');
  }

  const report = (failure: ScanFailure, operation: 'scan' | 'ping') => {
    logger.warn({ scanner: 'clamd', operation, address, kind: failure.kind }, failure.reason);
  };

  return {
    name: 'clamd',
    configured: true,
    async scan(body) {
      const result = await exchange(connection, INSTREAM, body, timeoutMs);
      const verdict = 'outcome' in result ? result : verdictOf(result.answer, result.requestSent);
      if (verdict.outcome === 'FAILED') report(verdict, 'scan');
      return verdict;
    },
    async ping(limitMs = connectTimeoutMs) {
      const result = await exchange(connection, PING, undefined, limitMs);
      const failure =
        'outcome' in result
          ? result
          : result.answer.trimEnd() === 'PONG'
            ? undefined
            : failed('unexpected-answer', `clamd answered PING with: ${printable(result.answer)}`);
      if (!failure) return { ok: true };
      report(failure, 'ping');
      return { ok: false, kind: failure.kind, reason: failure.reason };
    },
  };
}
