import type { LegalDocument, PublishLegalDocumentBody } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { LEGAL_DOCUMENTS_PATH, legalDocumentsQueryKey } from './paths';

export function publishLegalDocument(body: PublishLegalDocumentBody): Promise<LegalDocument> {
  return apiFetch<LegalDocument>(LEGAL_DOCUMENTS_PATH, { method: 'POST', body });
}

export function usePublishLegalDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishLegalDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legalDocumentsQueryKey }),
  });
}
