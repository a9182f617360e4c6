import type { LegalDocumentListResponse, LegalLinkType } from '@platform/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { LEGAL_DOCUMENTS_PATH, legalDocumentsQueryKey } from './paths';

export interface LegalDocumentListParams {
  page: number;
  pageSize: number;
  /** A territory's id, `every` for the versions published for every territory, null for all of them. */
  territoryId: string | null;
  type: LegalLinkType | null;
}

export function listLegalDocuments(
  params: LegalDocumentListParams,
  signal?: AbortSignal,
): Promise<LegalDocumentListResponse> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.territoryId) query.set('territoryId', params.territoryId);
  if (params.type) query.set('type', params.type);
  return apiFetch<LegalDocumentListResponse>(`${LEGAL_DOCUMENTS_PATH}?${query.toString()}`, { signal });
}

export const legalDocumentListQueryOptions = (params: LegalDocumentListParams) =>
  queryOptions({
    queryKey: [...legalDocumentsQueryKey, 'list', params],
    queryFn: ({ signal }) => listLegalDocuments(params, signal),
    // The table keeps showing the last page while the next one loads, rather than jumping to skeletons.
    placeholderData: keepPreviousData,
  });

export function useLegalDocumentList(params: LegalDocumentListParams) {
  return useQuery(legalDocumentListQueryOptions(params));
}
