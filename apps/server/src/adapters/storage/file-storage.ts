import type { Readable } from 'node:stream';

/** What storage knows of a stored file. */
export type StoredFile = { size: number; contentType: string };

/** A URL that lets its holder read or write one file until it expires, without a session. */
export type SignedUrlRequest =
  | {
      method: 'GET';
      key: string;
      /** Counted from `signedAt`. */
      expiresInSeconds: number;
      downloadName?: string;
      /**
       * The moment the link is signed at (now by default). Links to one file signed at the same moment for
       * the same lifetime are the same URL, so a browser keeps what it fetched with it.
       */
      signedAt?: Date;
    }
  | {
      method: 'PUT';
      key: string;
      expiresInSeconds: number;
      /** The upload must declare one of these types. */
      contentTypes: readonly string[];
      /** The upload may not be larger. */
      maxBytes: number;
      /**
       * The size the client declared before sending any byte; over `maxBytes` no URL is signed. The
       * platform's own route also counts the bytes as they arrive. S3 cannot refuse a body once it is
       * stored, so it presigns only an upload of one type and a declared size, and takes a body of exactly
       * that size; any other upload to S3 goes through the platform's route (ADR 016).
       */
      contentLength?: number;
    };

/**
 * Where the platform keeps files (DESIGN §3): identity documents, legal documents, campaign assets. Keys
 * are paths like `kyc/<creator>/<application>/document`; nothing stored is public unless a signed URL is
 * handed out for it.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * Stores `body` under `key`, replacing what was there only once all of it is in. A body over `maxBytes`
   * is refused with FileTooLargeError and the rest of it is left unread in the stream.
   */
  put(key: string, body: Buffer | Readable, contentType: string, maxBytes?: number): Promise<StoredFile>;
  /** The file's bytes and description, or null when there is none. */
  get(key: string): Promise<(StoredFile & { body: Readable }) | null>;
  head(key: string): Promise<StoredFile | null>;
  /** The first bytes of a file, to tell what it really is. */
  readStart(key: string, bytes: number): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /**
   * Puts the file at `from` under `to` (replacing what `to` held) without copying its bytes, and answers
   * what it moved, or null when `from` holds nothing. A URL that can write `from` cannot reach it after.
   */
  move(from: string, to: string): Promise<StoredFile | null>;
  /**
   * A URL for `request`, or a FileTooLargeError when an upload's declared length is over its `maxBytes`.
   * Asynchronous: S3's signer may first have to fetch credentials.
   */
  signedUrl(request: SignedUrlRequest): Promise<{ url: string; expiresAt: Date }>;
}

/** An upload that went past the size its URL allows. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
  }
}

const KEY_SHAPE = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Keys are plain relative paths: no '..', no leading slash, nothing a file system would read twice. */
export function isValidStorageKey(key: string): boolean {
  return key.length <= 512 && KEY_SHAPE.test(key) && !key.split('/').some((part) => part === '..');
}
