import type { Territory } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { territoriesPath, territoriesQueryKey } from './paths';

export function archiveTerritory(id: string): Promise<Territory> {
  return apiFetch<Territory>(territoriesPath(`/${encodeURIComponent(id)}/archive`), { method: 'POST' });
}

export function useArchiveTerritory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveTerritory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: territoriesQueryKey }),
  });
}
