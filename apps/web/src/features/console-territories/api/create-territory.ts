import type { Territory, TerritoryBody } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { territoriesPath, territoriesQueryKey } from './paths';

export function createTerritory(body: TerritoryBody): Promise<Territory> {
  return apiFetch<Territory>(territoriesPath(), { method: 'POST', body });
}

export function useCreateTerritory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTerritory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: territoriesQueryKey }),
  });
}
