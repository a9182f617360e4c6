import type { TrackingPermissions, TrackingPermissionsInput } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { creatorInfoQueryOptions } from './get-creator-info';
import { creatorPath } from './paths';

export async function updateTracking(
  trackingPermissions: TrackingPermissionsInput,
): Promise<TrackingPermissions> {
  const answer = await apiFetch<{ trackingPermissions: TrackingPermissions }>(creatorPath('/user/tracking'), {
    method: 'PATCH',
    body: { trackingPermissions },
  });
  return answer.trackingPermissions;
}

export function useUpdateTracking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTracking,
    onSuccess: (trackingPermissions) =>
      queryClient.setQueryData(creatorInfoQueryOptions().queryKey, (info) =>
        info ? { ...info, trackingPermissions } : info,
      ),
  });
}
