import type { CreatorPlatform, HandleCheckResponse } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { creatorPath } from './paths';

/** Whether another account holds the handle (SPEC §5: 'This handle is already selected in HOC'). */
export function checkHandle(
  platform: CreatorPlatform,
  handle: string,
  signal?: AbortSignal,
): Promise<HandleCheckResponse> {
  return apiFetch<HandleCheckResponse>(
    creatorPath(`/validate-handle/${encodeURIComponent(platform)}/${encodeURIComponent(handle)}`),
    { signal },
  );
}
