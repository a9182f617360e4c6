import type { CurrentLegalDocumentsResponse } from '@platform/shared';
import { DEFAULT_LEGAL_COUNTRY } from '@platform/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** The legal documents that apply to a country (the United Kingdom's by default, SPEC §9). */
export function getCurrentLegalDocuments(
  country: string = DEFAULT_LEGAL_COUNTRY,
  signal?: AbortSignal,
): Promise<CurrentLegalDocumentsResponse> {
  return apiFetch<CurrentLegalDocumentsResponse>(
    `/server-api/legal-documents?country=${encodeURIComponent(country)}`,
    { signal, authenticated: false },
  );
}

export const currentLegalDocumentsQueryOptions = (country: string = DEFAULT_LEGAL_COUNTRY) =>
  queryOptions({
    queryKey: ['legal-documents', country],
    queryFn: ({ signal }) => getCurrentLegalDocuments(country, signal),
    staleTime: 5 * 60_000,
  });

export const useCurrentLegalDocuments = (country?: string) =>
  useQuery(currentLegalDocumentsQueryOptions(country));
