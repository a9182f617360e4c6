import type { CampaignForecast, CampaignReport, SharedReport } from '@platform/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../lib/api-client';
import { campaignReportPath, reportsQueryKey, sharedReportPath } from './paths';

export function useCampaignReport(campaignId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...reportsQueryKey, 'report', campaignId],
      queryFn: ({ signal }) =>
        apiFetch<CampaignReport>(campaignReportPath(campaignId, '/report'), { signal }),
    }),
  );
}

export function useCampaignForecast(campaignId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...reportsQueryKey, 'forecast', campaignId],
      queryFn: ({ signal }) =>
        apiFetch<CampaignForecast>(campaignReportPath(campaignId, '/forecast'), { signal }),
    }),
  );
}

/**
 * The report behind a shared link. It is read without an account: no token is sent, so neither a visitor
 * nor a signed-in person is sent to sign in. A link that no longer works is a 404, which no retry mends.
 */
export function useSharedReport(token: string) {
  return useQuery(
    queryOptions({
      queryKey: [...reportsQueryKey, 'shared', token],
      queryFn: ({ signal }) =>
        apiFetch<SharedReport>(sharedReportPath(token), { signal, authenticated: false }),
      retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
    }),
  );
}
