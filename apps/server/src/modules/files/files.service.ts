import type { Readable } from 'node:stream';
import { ERROR_CODES } from '@platform/shared';
import { safeFileName } from '../../adapters/storage/file-names';
import { FileTooLargeError, isValidStorageKey, type FileStorage } from '../../adapters/storage/file-storage';
import type { SignedUrlQuery, UrlSigner } from '../../adapters/storage/signed-urls';
import { AppError, errors } from '../../errors';

export type FilesService = ReturnType<typeof createFilesService>;

/** Types a browser shows as a picture and never runs; anything else is sent as a download. */
const SHOWN_INLINE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

const FILE_MESSAGES = {
  expired: 'This link has expired. Go back and try again.',
  wrongType: 'This type of file cannot be uploaded here.',
  cutOff: 'The upload did not arrive whole. Please try again.',
  // In the words of the spec's upload rule (SPEC §5), with the limit of the URL's own grant.
  tooLarge: (maxBytes: number) =>
    `File size exceeds the maximum limit of ${Math.floor(maxBytes / 1024 / 1024)} MB.`,
};

const expired = () => new AppError(410, ERROR_CODES.hintExpired, FILE_MESSAGES.expired);

/** The media type without its parameters, lower-cased: 'image/JPEG; x=1' is 'image/jpeg'. */
const mediaType = (value: string | undefined) => (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

export function createFilesService(dependencies: { storage: FileStorage; signer: UrlSigner }) {
  const { storage, signer } = dependencies;

  /** A URL whose signature is wrong names nothing: the same 404 as a file that does not exist. */
  function grantFor(method: 'GET' | 'PUT', key: string, query: SignedUrlQuery) {
    if (!isValidStorageKey(key)) throw errors.notFound();
    const verdict = signer.verify(method, key, query);
    if (!verdict.ok) throw verdict.reason === 'expired' ? expired() : errors.notFound();
    return verdict.grant;
  }

  return {
    async download(key: string, query: SignedUrlQuery) {
      const grant = grantFor('GET', key, query);
      const file = await storage.get(key);
      if (!file || grant.method !== 'GET') throw errors.notFound();
      const type = mediaType(file.contentType);
      const disposition = SHOWN_INLINE.has(type) ? 'inline' : 'attachment';
      const name = safeFileName(grant.downloadName ?? key.split('/').pop() ?? 'file');
      return {
        body: file.body,
        headers: {
          'content-type': file.contentType,
          'content-length': String(file.size),
          'content-disposition': `${disposition}; filename="${name}"`,
          // Whatever the file holds, it can never run as a page of this site.
          'content-security-policy': "default-src 'none'; sandbox",
          'cache-control': 'private, no-store',
        },
      };
    },

    async upload(
      key: string,
      query: SignedUrlQuery,
      request: { contentType: string | undefined; contentLength: string | undefined; body: Readable },
    ): Promise<{ key: string; size: number }> {
      const grant = grantFor('PUT', key, query);
      if (grant.method !== 'PUT') throw errors.notFound();
      const type = mediaType(request.contentType);
      if (!grant.contentTypes.some((allowed) => mediaType(allowed) === type)) {
        throw new AppError(415, ERROR_CODES.unsupportedMediaType, FILE_MESSAGES.wrongType);
      }
      const tooLarge = () =>
        new AppError(413, ERROR_CODES.payloadTooLarge, FILE_MESSAGES.tooLarge(grant.maxBytes));
      if (Number(request.contentLength) > grant.maxBytes) throw tooLarge();
      try {
        const stored = await storage.put(key, request.body, type, grant.maxBytes);
        return { key, size: stored.size };
      } catch (error) {
        if (error instanceof FileTooLargeError) {
          // The rest of the upload is read and thrown away, so that the client, still sending, gets the
          // 413 rather than a connection cut off under it, and the connection serves its next request.
          request.body.resume();
          throw tooLarge();
        }
        // The client went away part-way: nothing was stored, and nothing went wrong here.
        if (request.body.errored) throw new AppError(400, ERROR_CODES.malformedRequest, FILE_MESSAGES.cutOff);
        throw error;
      }
    },
  };
}
