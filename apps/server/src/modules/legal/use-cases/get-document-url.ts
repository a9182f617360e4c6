import { isUuid, type PresignedUrlResponse } from '@platform/shared';
import { errors } from '../../../errors';
import type { LegalContext } from '../legal.context';
import { legalRepository as repository } from '../legal.repository';

/** How long a document's presigned URL works: long enough to open it, short enough not to be passed on. */
const DOCUMENT_URL_SECONDS = 10 * 60;

/** GET /server-api/creator/terms-and-conditions/{id}: a short-lived URL to read the document. */
export async function getDocumentUrl(
  { db, storage }: LegalContext,
  id: string,
): Promise<PresignedUrlResponse> {
  const row = isUuid(id) ? await repository.byId(db, id) : undefined;
  if (!row) throw errors.notFound();
  const { url, expiresAt } = await storage.signedUrl({
    method: 'GET',
    key: row.storageKey,
    expiresInSeconds: DOCUMENT_URL_SECONDS,
    downloadName: `${row.type.toLowerCase()}-${row.version}.${row.contentType.startsWith('text/html') ? 'html' : 'txt'}`,
  });
  return { presignedUrl: url, expiresAt: expiresAt.toISOString() };
}
