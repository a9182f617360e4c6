import type { SetupChecklistResponse } from '@platform/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function getSetupChecklist(signal?: AbortSignal): Promise<SetupChecklistResponse> {
  return apiFetch<SetupChecklistResponse>('/server-api/marketing/setup-checklist', { signal });
}

export const setupChecklistQueryOptions = () =>
  queryOptions({
    queryKey: ['setup', 'checklist'],
    queryFn: ({ signal }) => getSetupChecklist(signal),
  });

/** Read again each time the page opens: the items are done on other pages of the console. */
export function useSetupChecklist() {
  return useQuery({ ...setupChecklistQueryOptions(), refetchOnMount: 'always' });
}
