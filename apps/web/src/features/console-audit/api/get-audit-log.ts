import type { AuditLogQuery, AuditLogResponse } from '@platform/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { auditQueryString } from './audit-filters';

export function getAuditLog(query: AuditLogQuery, signal?: AbortSignal): Promise<AuditLogResponse> {
  return apiFetch<AuditLogResponse>(`/server-api/marketing/audit-log${auditQueryString(query)}`, { signal });
}

export const auditLogQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: ['audit-log', 'entries', query],
    queryFn: ({ signal }) => getAuditLog(query, signal),
    // Another page or filter keeps the rows on screen until its own arrive, so the table does not jump.
    placeholderData: keepPreviousData,
  });

/** A page of the log; `enabled` is false while the filters cannot be sent (an end date before the start). */
export function useAuditLog(query: AuditLogQuery, enabled = true) {
  return useQuery({ ...auditLogQueryOptions(query), enabled });
}
