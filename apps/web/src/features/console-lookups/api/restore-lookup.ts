import type { Lookup, LookupKind } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { lookupsPath, lookupsQueryKey } from './paths';

export function restoreLookup(kind: LookupKind, id: string): Promise<Lookup> {
  return apiFetch<Lookup>(lookupsPath(kind, `/${id}/restore`), { method: 'POST' });
}

export function useRestoreLookup(kind: LookupKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => restoreLookup(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupsQueryKey(kind) }),
  });
}
