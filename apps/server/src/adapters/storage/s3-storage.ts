import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { safeFileName } from './file-names';
import { FileTooLargeError, isValidStorageKey, type FileStorage, type StoredFile } from './file-storage';
import type { UrlSigner } from './signed-urls';

export type S3StorageOptions = {
  /** An S3-compatible service's URL (MinIO, R2, s3rver...); leave out for AWS itself. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`: most non-AWS services. */
  forcePathStyle?: boolean | undefined;
  /**
   * The platform's own URL signer, for the uploads a presigned PUT cannot bind (several accepted types,
   * or no declared size): their URLs point at the platform's route, which streams the body into the
   * bucket, counting its bytes. Without it such an upload is refused a URL.
   */
  signer?: UrlSigner | undefined;
};

type S3ClientOptions = Omit<S3StorageOptions, 'bucket' | 'signer'>;

function createClient(options: S3ClientOptions) {
  return new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 demands them: otherwise a presigned PUT would carry the checksum of an
    // empty body, and a streamed part would need a trailer that many S3-compatible services refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * The origin the bucket's presigned URLs point at (`https://bucket.s3.eu-west-2.amazonaws.com`, or the
 * endpoint's own with path-style addressing), which the pages' Content Security Policy must allow for a
 * browser to upload there and show what it reads there. Worked out by the SDK's own endpoint rules,
 * by presigning a URL: nothing is sent.
 */
export async function s3UrlOrigin(options: Omit<S3StorageOptions, 'signer'>): Promise<string> {
  const client = createClient(options);
  try {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: options.bucket, Key: 'origin' }), {
      expiresIn: 1,
    });
    return new URL(url).origin;
  } finally {
    client.destroy();
  }
}

/**
 * A stream is sent in parts of this size, so no more than one part is held in memory; a body that ends
 * within the first part is sent as one PutObject of a known length. S3's smallest part is 5 MiB.
 */
const PART_BYTES = 8 * 1024 * 1024;

/** S3's answer for a key that holds nothing: NoSuchKey with a body, NotFound for a HEAD. */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

const isRangeNotSatisfiable = (error: unknown) =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416;

/** CopySource is `bucket/key`, URL-encoded, with the key's slashes kept. */
const copySourceOf = (bucket: string, key: string) =>
  `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

/** The bucket's name and the client that reaches it. */
type Bucket = { client: S3Client; bucket: string };

/** The key, once it is known to be a storage key. */
const checked = (key: string) => {
  if (!isValidStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
};

/** The work's answer, or null when S3 says the object is not there. */
const orNull = async <Result>(work: () => Promise<Result>): Promise<Result | null> => {
  try {
    return await work();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
};

/** Sends a body held whole in one request. */
const putWhole = async (bucket: Bucket, key: string, body: Buffer, contentType: string) => {
  const { client, bucket: name } = bucket;
  await client.send(
    new PutObjectCommand({
      Bucket: name,
      Key: key,
      Body: body,
      ContentType: contentType,
      ContentLength: body.length,
    }),
  );
};

/**
 * Sends a stream part by part. S3 shows the object only when the upload is completed, and an upload
 * that fails or is refused part-way is aborted, so no half object is ever stored.
 */
const putStream = async (
  bucket: Bucket,
  key: string,
  body: Readable,
  contentType: string,
  maxBytes: number | undefined,
) => {
  const { client, bucket: name } = bucket;
  let size = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let upload: { id: string; parts: CompletedPart[] } | null = null;

  const sendPart = async () => {
    if (!upload) {
      const created = await client.send(
        new CreateMultipartUploadCommand({ Bucket: name, Key: key, ContentType: contentType }),
      );
      if (!created.UploadId) throw new Error('S3 started a multipart upload without naming it');
      upload = { id: created.UploadId, parts: [] };
    }
    const part = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    const PartNumber = upload.parts.length + 1;
    const sent = await client.send(
      new UploadPartCommand({
        Bucket: name,
        Key: key,
        UploadId: upload.id,
        PartNumber,
        Body: part,
        ContentLength: part.length,
      }),
    );
    upload.parts.push({ PartNumber, ETag: sent.ETag });
  };

  try {
    // A body that is refused part-way is left to its owner, not destroyed: an HTTP request can then
    // still be read to its end, and the connection used again.
    for await (const chunk of body.iterator({ destroyOnReturn: false })) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += bytes.length;
      if (maxBytes !== undefined && size > maxBytes) throw new FileTooLargeError(maxBytes);
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= PART_BYTES) await sendPart();
    }
    if (!upload) {
      await putWhole(bucket, key, Buffer.concat(pending, pendingBytes), contentType);
      return size;
    }
    if (pendingBytes > 0) await sendPart();
    const { id, parts } = upload as { id: string; parts: CompletedPart[] };
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: name,
        Key: key,
        UploadId: id,
        MultipartUpload: { Parts: parts },
      }),
    );
    return size;
  } catch (error) {
    const started = upload as { id: string } | null;
    if (started) {
      // Should the abort itself fail, the parts stay invisible until the bucket's lifecycle rule for
      // incomplete multipart uploads removes them; the caller's error is the one that matters.
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: name, Key: key, UploadId: started.id }))
        .catch(() => undefined);
    }
    throw error;
  }
};

/** S3 has no rename: a copy of what was read, on condition it is still there, then the original's removal. */
async function moveObject(
  bucket: Bucket & {
    head: (key: string) => Promise<{ size: number; contentType: string; etag: string | undefined } | null>;
  },
  from: string,
  to: string,
): Promise<StoredFile | null> {
  const { client, bucket: name, head } = bucket;
  checked(from);
  checked(to);
  const source = await head(from);
  if (!source) return null;
  if (from === to) return { size: source.size, contentType: source.contentType };
  // S3 has no rename: a copy, on condition that `from` still holds what was read above (so the answer
  // describes what was moved), then the original's removal.
  const copied = await orNull(() =>
    client.send(
      new CopyObjectCommand({
        Bucket: name,
        Key: to,
        CopySource: copySourceOf(name, from),
        ...(source.etag ? { CopySourceIfMatch: source.etag } : {}),
      }),
    ),
  );
  if (!copied) return null;
  await client.send(new DeleteObjectCommand({ Bucket: name, Key: from }));
  return { size: source.size, contentType: source.contentType };
}

/** A presigned URL to read a file, or to upload one of a declared type and length (else the platform's own). */
async function signS3Url(
  bucket: Bucket & { signer: UrlSigner | undefined },
  request: Parameters<FileStorage['signedUrl']>[0],
): ReturnType<FileStorage['signedUrl']> {
  const { client, bucket: name, signer } = bucket;
  const key = checked(request.key);
  // S3 dates a signature to the second and counts its lifetime from there.
  const signedAt = request.method === 'GET' && request.signedAt ? request.signedAt : new Date();
  const signingDate = new Date(Math.floor(signedAt.getTime() / 1000) * 1000);
  const expiresAt = new Date(signingDate.getTime() + request.expiresInSeconds * 1000);
  if (request.method === 'GET') {
    const command = new GetObjectCommand({
      Bucket: name,
      Key: key,
      ResponseCacheControl: 'private, no-store',
      ...(request.downloadName
        ? { ResponseContentDisposition: `attachment; filename="${safeFileName(request.downloadName)}"` }
        : {}),
    });
    const url = await getSignedUrl(client, command, { expiresIn: request.expiresInSeconds, signingDate });
    return { url, expiresAt };
  }
  // S3 stores whatever body a presigned PUT carries: a size limit cannot be enforced once the bytes
  // are in, the way local disk counts them as they arrive. So the URL is signed for the one type and
  // the exact length the client declared, and S3 refuses a request whose headers say otherwise.
  // An upload that cannot be bound so (a choice of types, no size declared) goes through the
  // platform's own route, which checks the type and counts the bytes on their way into the bucket.
  const { contentLength, contentTypes, maxBytes } = request;
  if (contentLength !== undefined && contentLength > maxBytes) throw new FileTooLargeError(maxBytes);
  const [contentType, ...others] = contentTypes;
  const declaresLength =
    contentLength !== undefined && Number.isSafeInteger(contentLength) && contentLength >= 0;
  const declaresOneType = contentType !== undefined && others.length === 0;
  if (!declaresLength || !declaresOneType) {
    if (signer) return signer.url(request);
    throw new Error(
      declaresLength
        ? 'an upload to S3 is signed only for the one content type the client declared'
        : 'an upload to S3 is signed only for the size the client declared',
    );
  }
  const command = new PutObjectCommand({
    Bucket: name,
    Key: key,
    ContentType: contentType,
    ContentLength: contentLength,
  });
  const url = await getSignedUrl(client, command, {
    expiresIn: request.expiresInSeconds,
    signingDate,
    // The presigner leaves Content-Type out of the signature unless told to sign it.
    signableHeaders: new Set(['content-type', 'content-length']),
  });
  return { url, expiresAt };
}

/**
 * Files in an S3 bucket (DESIGN §3), through `@aws-sdk/client-s3`. Nothing in the bucket is public: it is
 * read and written through the platform, or through a presigned URL it hands out.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const { bucket, signer } = options;
  const client = createClient(options);

  const head = (key: string) =>
    orNull(async () => {
      const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checked(key) }));
      return {
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
        etag: answer.ETag,
      };
    });

  const where = { client, bucket, head };

  return {
    kind: 's3',

    async put(key, body, contentType, maxBytes) {
      checked(key);
      if (Buffer.isBuffer(body)) {
        if (maxBytes !== undefined && body.length > maxBytes) throw new FileTooLargeError(maxBytes);
        await putWhole(where, key, body, contentType);
        return { size: body.length, contentType };
      }
      const size = await putStream(where, key, body, contentType, maxBytes);
      return { size, contentType };
    },

    get: (key) =>
      orNull(async () => {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checked(key) }));
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a readable body');
        return {
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? 'application/octet-stream',
          body: answer.Body,
        };
      }),

    async head(key) {
      const found = await head(key);
      return found ? { size: found.size, contentType: found.contentType } : null;
    },

    async readStart(key, bytes) {
      checked(key);
      if (bytes <= 0) return (await head(key)) ? Buffer.alloc(0) : null;
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
        );
        if (!answer.Body) return Buffer.alloc(0);
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        // No range of an empty file can be satisfied: it is there, with no bytes to show.
        if (isRangeNotSatisfiable(error)) return (await head(key)) ? Buffer.alloc(0) : null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checked(key) }));
    },

    move: (from, to) => moveObject(where, from, to),

    signedUrl: (request) => signS3Url({ ...where, signer }, request),
  };
}
