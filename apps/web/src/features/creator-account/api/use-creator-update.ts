import type { CreatorInfo } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creatorInfoQueryOptions } from './get-creator-info';

/**
 * A change to the creator's account whose answer is the whole account: it replaces the cached one at
 * once (the wizard moves to the next step without another request), and the profile card follows.
 */
export function useCreatorUpdate<Variables>(update: (variables: Variables) => Promise<CreatorInfo>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: update,
    onSuccess: (info) => {
      queryClient.setQueryData(creatorInfoQueryOptions().queryKey, info);
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
