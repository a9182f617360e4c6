import type { CreateReportShare, ReportShare, ReportShareList } from '@platform/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { campaignReportPath, reportsQueryKey } from './paths';

const sharesKey = (campaignId: string) => [...reportsQueryKey, 'shares', campaignId] as const;
const sharesPath = (campaignId: string, rest = '') => campaignReportPath(campaignId, `/report/shares${rest}`);

export function useReportShares(campaignId: string) {
  return useQuery(
    queryOptions({
      queryKey: sharesKey(campaignId),
      queryFn: ({ signal }) => apiFetch<ReportShareList>(sharesPath(campaignId), { signal }),
    }),
  );
}

/** A new link, then the list read again. */
export function useCreateReportShare(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportShare) =>
      apiFetch<ReportShare>(sharesPath(campaignId), { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharesKey(campaignId) }),
  });
}

export function useRevokeReportShare(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) =>
      apiFetch<ReportShare>(sharesPath(campaignId, `/${encodeURIComponent(shareId)}/revoke`), {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharesKey(campaignId) }),
  });
}
