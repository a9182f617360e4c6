import type { Territory, TerritoryUpdateBody } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { territoriesPath, territoriesQueryKey } from './paths';

export function updateTerritory({ id, body }: { id: string; body: TerritoryUpdateBody }): Promise<Territory> {
  return apiFetch<Territory>(territoriesPath(`/${encodeURIComponent(id)}`), { method: 'PATCH', body });
}

export function useUpdateTerritory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTerritory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: territoriesQueryKey }),
  });
}
