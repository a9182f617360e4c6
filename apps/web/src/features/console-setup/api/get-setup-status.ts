import type { SetupStatusResponse } from '@platform/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function getSetupStatus(signal?: AbortSignal): Promise<SetupStatusResponse> {
  return apiFetch<SetupStatusResponse>('/api/setup/status', { signal });
}

export const setupStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['setup', 'status'],
    queryFn: ({ signal }) => getSetupStatus(signal),
  });

export function useSetupStatus() {
  return useQuery(setupStatusQueryOptions());
}
