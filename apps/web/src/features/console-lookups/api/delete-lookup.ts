import type { DeleteLookupResponse, LookupKind } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { lookupsPath, lookupsQueryKey } from './paths';

/** Deletes the lookup, or archives it when it is in use: the answer says which. */
export function deleteLookup(kind: LookupKind, id: string): Promise<DeleteLookupResponse> {
  return apiFetch<DeleteLookupResponse>(lookupsPath(kind, `/${id}`), { method: 'DELETE' });
}

export function useDeleteLookup(kind: LookupKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteLookup(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupsQueryKey(kind) }),
  });
}
