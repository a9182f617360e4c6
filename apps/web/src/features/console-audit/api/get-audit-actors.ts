import type { AuditActorsResponse } from '@platform/shared';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SearchItems } from '../../../components/inputs/searchable-items';
import { apiFetch } from '../../../lib/api-client';
import { auditQueryString } from './audit-filters';

export function getAuditActors(search: string, signal?: AbortSignal): Promise<AuditActorsResponse> {
  return apiFetch<AuditActorsResponse>(
    `/server-api/marketing/audit-log/actors${auditQueryString({ search })}`,
    { signal },
  );
}

export const auditActorsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['audit-log', 'actors', search],
    queryFn: ({ signal }) => getAuditActors(search, signal),
  });

/** The person filter's search: the people in the log whose email matches, as dropdown entries. */
export function useAuditActorSearch(): SearchItems {
  const queryClient = useQueryClient();
  return useCallback<SearchItems>(
    // The field ignores an answer to a search it has moved on from, so a search is not cancelled: its
    // answer is cached for when the same text is typed again.
    async (search) => {
      const { items } = await queryClient.fetchQuery(auditActorsQueryOptions(search.trim()));
      return items.map((actor) => ({ id: actor.id, name: actor.email }));
    },
    [queryClient],
  );
}
