import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock';
import type { SignedUrlRequest } from './file-storage';

/** The path under which the platform's own route serves signed file URLs. */
export const SIGNED_FILES_PATH = '/server-api/files';

export type SignedFileGrant =
  | { method: 'GET'; key: string; downloadName: string | undefined }
  | { method: 'PUT'; key: string; contentTypes: readonly string[]; maxBytes: number };

export type SignedUrlQuery = {
  expires?: string | undefined;
  signature?: string | undefined;
  type?: string | undefined;
  max?: string | undefined;
  name?: string | undefined;
};

/**
 * HMAC-signed, expiring URLs to the platform's own file route (DESIGN §3): for every file kept on local
 * disk, and for the uploads to S3 that a presigned URL cannot bind (ADR 016). Whoever holds one may read,
 * or write, exactly that file in exactly that way until it expires. Everything the grant depends on is inside
 * the signature, so changing the type, the size limit or the download name breaks it.
 */
export function createUrlSigner(options: { secret: string; publicUrl: string; clock: Clock }) {
  const { secret, publicUrl, clock } = options;

  const sign = (parts: readonly string[]) =>
    createHmac('sha256', secret).update(parts.join('\n')).digest('base64url');

  const partsOf = (grant: SignedFileGrant, expires: number) =>
    grant.method === 'GET'
      ? ['GET', grant.key, String(expires), grant.downloadName ?? '']
      : ['PUT', grant.key, String(expires), grant.contentTypes.join(','), String(grant.maxBytes)];

  return {
    url(request: SignedUrlRequest): { url: string; expiresAt: Date } {
      const from = request.method === 'GET' && request.signedAt ? request.signedAt : clock.now();
      const expires = Math.floor(from.getTime() / 1000) + request.expiresInSeconds;
      const grant: SignedFileGrant =
        request.method === 'GET'
          ? { method: 'GET', key: request.key, downloadName: request.downloadName }
          : {
              method: 'PUT',
              key: request.key,
              contentTypes: request.contentTypes,
              maxBytes: request.maxBytes,
            };
      const query = new URLSearchParams({ expires: String(expires) });
      if (grant.method === 'PUT') {
        query.set('type', grant.contentTypes.join(','));
        query.set('max', String(grant.maxBytes));
      } else if (grant.downloadName) {
        query.set('name', grant.downloadName);
      }
      query.set('signature', sign(partsOf(grant, expires)));
      const path = request.key.split('/').map(encodeURIComponent).join('/');
      return {
        url: `${publicUrl}${SIGNED_FILES_PATH}/${path}?${query.toString()}`,
        expiresAt: new Date(expires * 1000),
      };
    },

    /** The grant a request's URL carries, or why it carries none. */
    verify(
      method: 'GET' | 'PUT',
      key: string,
      query: SignedUrlQuery,
    ): { ok: true; grant: SignedFileGrant } | { ok: false; reason: 'invalid' | 'expired' } {
      const expires = Number(query.expires);
      if (!query.signature || !Number.isSafeInteger(expires)) return { ok: false, reason: 'invalid' };
      let grant: SignedFileGrant;
      if (method === 'PUT') {
        const maxBytes = Number(query.max);
        if (!query.type || !Number.isSafeInteger(maxBytes)) return { ok: false, reason: 'invalid' };
        grant = { method, key, contentTypes: query.type.split(','), maxBytes };
      } else {
        grant = { method, key, downloadName: query.name || undefined };
      }
      const expected = Buffer.from(sign(partsOf(grant, expires)));
      const given = Buffer.from(query.signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return { ok: false, reason: 'invalid' };
      }
      if (expires * 1000 <= clock.now().getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, grant };
    },
  };
}
export type UrlSigner = ReturnType<typeof createUrlSigner>;
