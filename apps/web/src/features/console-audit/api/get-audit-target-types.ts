import type { AuditTargetTypesResponse } from '@platform/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function getAuditTargetTypes(signal?: AbortSignal): Promise<AuditTargetTypesResponse> {
  return apiFetch<AuditTargetTypesResponse>('/server-api/marketing/audit-log/target-types', { signal });
}

export const auditTargetTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['audit-log', 'target-types'],
    queryFn: ({ signal }) => getAuditTargetTypes(signal),
  });

/** The kinds of record the log holds, for the target type filter. */
export function useAuditTargetTypes() {
  return useQuery(auditTargetTypesQueryOptions());
}
