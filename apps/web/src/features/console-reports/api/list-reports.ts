import type { CampaignStatus, CampaignSummary, Paged } from '@platform/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reportListPath, reportsQueryKey } from './paths';

export interface ReportListParams {
  page: number;
  pageSize: number;
  search: string;
  status: CampaignStatus | null;
}

export function reportListQuery(params: ReportListParams): string {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.search.trim()) query.set('search', params.search.trim());
  if (params.status) query.set('status', params.status);
  return query.toString();
}

/** The campaigns whose report the caller may read, a page at a time. */
export function useReportList(params: ReportListParams) {
  return useQuery(
    queryOptions({
      queryKey: [...reportsQueryKey, 'list', params],
      queryFn: ({ signal }) =>
        apiFetch<Paged<CampaignSummary>>(`${reportListPath}?${reportListQuery(params)}`, { signal }),
      // The table keeps showing the last page while the next one loads, rather than jumping to skeletons.
      placeholderData: keepPreviousData,
    }),
  );
}
