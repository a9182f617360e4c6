import type {
  CreatorConsoleDetail,
  CreatorConsoleListResponse,
  CreatorDetailsBody,
  CreatorNote,
  CreatorReminder,
  LookupListResponse,
  MessageResponse,
  TaxVerificationBody,
} from '@platform/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** The console's creators: `/server-api/marketing/creators`. */
export const creatorsPath = (rest = '') => `/server-api/marketing/creators${rest}`;

/** Every cached list and page starts with this key, so one action refreshes them all. */
export const creatorsQueryKey = ['creators-console'] as const;

/** The list's filters as the address bar and the server both spell them; absent means any. */
export const CREATOR_FILTER_KEYS = [
  'search',
  'country',
  'onboardingStatus',
  'platform',
  'genreId',
  'agencyId',
  'kycStatus',
  'taxStatus',
  'territoryId',
  'audienceClusterId',
] as const;
export type CreatorFilterKey = (typeof CREATOR_FILTER_KEYS)[number];
export type CreatorFilters = Partial<Record<CreatorFilterKey, string>>;

export function creatorsQueryString(filters: CreatorFilters, page: number, pageSize: number): string {
  const query = new URLSearchParams();
  for (const key of CREATOR_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) query.set(key, value);
  }
  query.set('page', String(page));
  query.set('pageSize', String(pageSize));
  return query.toString();
}

export function listCreators(
  filters: CreatorFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<CreatorConsoleListResponse> {
  return apiFetch<CreatorConsoleListResponse>(
    `${creatorsPath()}?${creatorsQueryString(filters, page, pageSize)}`,
    signal ? { signal } : {},
  );
}

export function useCreatorList(filters: CreatorFilters, page: number, pageSize: number) {
  return useQuery(
    queryOptions({
      queryKey: [...creatorsQueryKey, 'list', filters, page, pageSize],
      queryFn: ({ signal }) => listCreators(filters, page, pageSize, signal),
      // The table keeps showing the last page while the next one loads, rather than jumping to skeletons.
      placeholderData: keepPreviousData,
    }),
  );
}

const creatorPath = (id: string, action = '') =>
  creatorsPath(`/${encodeURIComponent(id)}${action ? `/${action}` : ''}`);

export function useCreator(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...creatorsQueryKey, 'detail', id],
      queryFn: ({ signal }) => apiFetch<CreatorConsoleDetail>(creatorPath(id), { signal }),
    }),
  );
}

/** An action on one creator; the lists and the page are read again once it is done. */
function useCreatorAction<Result, Input = void>(request: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: creatorsQueryKey }),
  });
}

export const useAddCreatorNote = (id: string) =>
  useCreatorAction((body: string) =>
    apiFetch<CreatorNote>(creatorPath(id, 'notes'), { method: 'POST', body: { body } }),
  );

export const useRemindCreator = (id: string) =>
  useCreatorAction(() => apiFetch<CreatorReminder>(creatorPath(id, 'remind'), { method: 'POST' }));

export const useEditCreatorDetails = (id: string) =>
  useCreatorAction((body: CreatorDetailsBody) =>
    apiFetch<CreatorConsoleDetail>(creatorPath(id), { method: 'PATCH', body }),
  );

/** Support's check by hand of the creator's VAT number or ABN; answers the creator's page. */
export const useVerifyCreatorTax = (id: string) =>
  useCreatorAction((body: TaxVerificationBody) =>
    apiFetch<CreatorConsoleDetail>(creatorPath(id, 'tax-verification'), { method: 'POST', body }),
  );

export const useEndCreatorSessions = (id: string) =>
  useCreatorAction(() => apiFetch<MessageResponse>(creatorPath(id, 'end-sessions'), { method: 'POST' }));

export const useResendCreatorVerification = (id: string) =>
  useCreatorAction(() =>
    apiFetch<MessageResponse>(creatorPath(id, 'resend-verification'), { method: 'POST' }),
  );

/**
 * The live genres, agencies or audience clusters, sorted by name, for the list's filters and the details
 * dialog: the first 100, which a curated list does not pass (every staff role may read them). `slug` is
 * the kind as the console's lookups path spells it (LOOKUP_KIND_SLUGS).
 */
export function useLookupOptions(slug: 'genres' | 'agencies' | 'audience-clusters') {
  return useQuery(
    queryOptions({
      queryKey: ['creators-console', 'lookups', slug],
      queryFn: ({ signal }) =>
        apiFetch<LookupListResponse>(`/server-api/marketing/lookups/${slug}?pageSize=100`, { signal }),
      staleTime: 5 * 60_000,
      select: (page) => page.items.map((item) => ({ value: item.id, label: item.name })),
    }),
  );
}
