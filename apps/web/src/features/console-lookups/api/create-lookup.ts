import type { CreateLookupBody, Lookup, LookupKind } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { lookupsPath, lookupsQueryKey } from './paths';

export function createLookup(kind: LookupKind, body: CreateLookupBody): Promise<Lookup> {
  return apiFetch<Lookup>(lookupsPath(kind), { method: 'POST', body });
}

export function useCreateLookup(kind: LookupKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLookupBody) => createLookup(kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupsQueryKey(kind) }),
  });
}
