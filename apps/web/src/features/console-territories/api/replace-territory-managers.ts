import type { Territory, TerritoryManagersBody } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { territoriesPath, territoriesQueryKey } from './paths';

export function replaceTerritoryManagers({
  id,
  body,
}: {
  id: string;
  body: TerritoryManagersBody;
}): Promise<Territory> {
  return apiFetch<Territory>(territoriesPath(`/${encodeURIComponent(id)}/managers`), { method: 'PUT', body });
}

export function useReplaceTerritoryManagers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceTerritoryManagers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: territoriesQueryKey }),
  });
}
