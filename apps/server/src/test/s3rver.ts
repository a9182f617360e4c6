import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** The one key pair s3rver knows. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

type KoaContext = { req: IncomingMessage; res: ServerResponse; status: number; type: string; body: unknown };
type Middleware = (context: KoaContext, next: () => Promise<void>) => Promise<void>;
type S3rverInstance = {
  middleware: Middleware[];
  httpServer?: Server;
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

/** s3rver is CommonJS without types: it is loaded through `require` and described by the types above. */
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

/** RFC 3986 encoding, which Signature Version 4 uses for every part of the canonical request. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * Why a request's Signature Version 4 does not hold, or null when it does (or it carries none), computed
 * from the request as it arrived: its method, path, query and the values of the headers it signed.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html and
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 */
function signatureProblem(request: IncomingMessage): string | null {
  const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split(/\?(.*)/s);
  const params = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      return [decodeURIComponent(name), decodeURIComponent(value)] as const;
    });
  const param = (name: string) => params.find(([key]) => key === name)?.[1];
  const authorization = request.headers.authorization;

  let credential: string | undefined;
  let signedHeaders: string | undefined;
  let signature: string | undefined;
  let amzDate: string | undefined;
  let payloadHash: string;
  let queryParams = params;
  if (param('X-Amz-Algorithm') !== undefined) {
    if (param('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return 'not AWS4-HMAC-SHA256';
    credential = param('X-Amz-Credential');
    signedHeaders = param('X-Amz-SignedHeaders');
    signature = param('X-Amz-Signature');
    amzDate = param('X-Amz-Date');
    payloadHash = 'UNSIGNED-PAYLOAD';
    queryParams = params.filter(([key]) => key !== 'X-Amz-Signature');
  } else if (authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
    const fields = new Map(
      authorization
        .slice('AWS4-HMAC-SHA256 '.length)
        .split(',')
        .map((field) => field.trim().split(/=(.*)/s) as [string, string]),
    );
    credential = fields.get('Credential');
    signedHeaders = fields.get('SignedHeaders');
    signature = fields.get('Signature');
    amzDate = String(request.headers['x-amz-date'] ?? '');
    payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  } else {
    return authorization ? 'an authorization this harness does not check' : null;
  }
  if (!credential || !signedHeaders || !signature || !amzDate) return 'an incomplete signature';
  const [accessKeyId, ...scopeParts] = credential.split('/');
  if (accessKeyId !== ACCESS_KEY_ID) return 'an unknown access key';
  const [date = '', region = '', service = ''] = scopeParts;

  const canonicalPath = rawPath
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = queryParams
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    request.method ?? '',
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scopeParts.join('/'),
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${SECRET_ACCESS_KEY}`, date), region), service),
    'aws4_request',
  );
  const expected = Buffer.from(hmac(signingKey, stringToSign).toString('hex'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? null : 'a wrong signature';
}

/**
 * s3rver 3.7 checks a presigned URL's expiry but not its Signature Version 4 signature: it takes any
 * signature at all. This check, put in front of its routes, answers as S3 does when the request differs
 * from what was signed (another length, another type, another key), so that what a presigned URL binds
 * is tested, not assumed.
 */
const verifySignatures: Middleware = async (context, next) => {
  const problem = signatureProblem(context.req);
  if (!problem) return next();
  context.req.resume();
  context.status = 403;
  context.type = 'application/xml';
  context.body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code>' +
    `<Message>The request signature does not match the request (${problem}).</Message></Error>`;
};

/** Where s3rver keeps a bucket's unfinished multipart uploads, one directory each. */
const uploadsDirectory = (directory: string, bucket: string) => join(directory, bucket, '._S3rver_uploads');

/**
 * s3rver 3.7 has no AbortMultipartUpload (DELETE with `uploadId`): this answers it as S3 does, removing
 * the upload's parts, so that a test can see an abandoned upload leave nothing behind.
 */
const abortMultipartUploads =
  (directory: string): Middleware =>
  async (context, next) => {
    const url = new URL(context.req.url ?? '/', 'http://s3rver');
    const uploadId = url.searchParams.get('uploadId');
    if (context.req.method !== 'DELETE' || uploadId === null) return next();
    const bucket = decodeURIComponent(url.pathname.split('/')[1] ?? '');
    const upload = join(uploadsDirectory(directory, bucket), uploadId);
    const known = /^[\w-]+$/.test(uploadId) && (await stat(upload).catch(() => null))?.isDirectory();
    if (!known) {
      context.status = 404;
      context.type = 'application/xml';
      context.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code></Error>';
      return;
    }
    await rm(upload, { recursive: true, force: true });
    context.status = 204;
  };

/**
 * s3rver 3.7 answers a ranged GET of an empty object with a 206 that promises one byte and sends none,
 * and the connection is cut. S3 answers 416 InvalidRange: no range of an empty object can be satisfied.
 */
const rangeOfEmptyObjects: Middleware = async (context, next) => {
  await next();
  if (context.status !== 206 || !/\/0$/.test(String(context.res.getHeader('content-range')))) return;
  (context.body as Readable | undefined)?.destroy();
  context.res.removeHeader('content-range');
  context.status = 416;
  context.type = 'application/xml';
  context.body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InvalidRange</Code>' +
    '<Message>The requested range is not satisfiable</Message></Error>';
};

export type S3rverHandle = {
  /** The adapter's options for this server: its endpoint, bucket and the one key pair s3rver knows. */
  options: {
    endpoint: string;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: true;
  };
  /** The ids of the multipart uploads started and neither completed nor aborted. */
  pendingUploads: () => Promise<string[]>;
  stop: () => Promise<void>;
};

/**
 * A real S3-compatible server for one test file: s3rver on a free port of 127.0.0.1, over a fresh
 * temporary directory holding one bucket, with three of its differences from S3 made good: signatures
 * are checked, multipart uploads can be aborted, and a range of an empty object is refused. A machine
 * where it cannot start fails the test, as any missing component does.
 */
export async function startS3rver(bucket = 'platform-test'): Promise<S3rverHandle> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  let server: S3rverInstance;
  let address: AddressInfo;
  try {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    server.middleware.unshift(verifySignatures, abortMultipartUploads(directory), rangeOfEmptyObjects);
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw new Error(`could not start s3rver: ${(error as Error).message}`, { cause: error });
  }
  return {
    options: {
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    },
    pendingUploads: () => readdir(uploadsDirectory(directory, bucket)).catch(() => []),
    stop: async () => {
      const closed = server.close();
      server.httpServer?.closeAllConnections();
      await closed;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
