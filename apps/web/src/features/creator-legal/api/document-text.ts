import type { LegalLinkType, PresignedUrlResponse } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { getCurrentLegalDocuments } from './current-documents';

/** Where to read one document, for a few minutes (SPEC §7: no authentication needed). */
export function getDocumentUrl(id: string): Promise<PresignedUrlResponse> {
  return apiFetch<PresignedUrlResponse>(
    `/server-api/creator/terms-and-conditions/${encodeURIComponent(id)}`,
    {
      authenticated: false,
    },
  );
}

/** The text of a document by id: its presigned URL first, then the text itself. */
export async function loadDocumentText(id: string): Promise<string> {
  const { presignedUrl } = await getDocumentUrl(id);
  const response = await fetch(presignedUrl, { credentials: 'omit' });
  if (!response.ok) throw new Error(`The document could not be read (${response.status}).`);
  return response.text();
}

/** The text of the current document of a type for a country. */
export async function loadCurrentDocumentText(type: LegalLinkType, country?: string): Promise<string> {
  const { documents } = await getCurrentLegalDocuments(country);
  const document = documents.find((candidate) => candidate.type === type);
  if (!document) throw new Error(`No ${type} document is published.`);
  return loadDocumentText(document.id);
}
