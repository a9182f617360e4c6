import type { Lookup, LookupKind, UpdateLookupBody } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { lookupsPath, lookupsQueryKey } from './paths';

export function updateLookup(kind: LookupKind, id: string, body: UpdateLookupBody): Promise<Lookup> {
  return apiFetch<Lookup>(lookupsPath(kind, `/${id}`), { method: 'PATCH', body });
}

export function useUpdateLookup(kind: LookupKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateLookupBody }) => updateLookup(kind, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupsQueryKey(kind) }),
  });
}
