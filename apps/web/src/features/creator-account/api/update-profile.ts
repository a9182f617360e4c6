import type { CreatorInfo, CreatorProfileBody } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { creatorPath } from './paths';
import { useCreatorUpdate } from './use-creator-update';

export function updateProfile(body: CreatorProfileBody): Promise<CreatorInfo> {
  return apiFetch<CreatorInfo>(creatorPath(), { method: 'PATCH', body });
}

export const useUpdateProfile = () => useCreatorUpdate(updateProfile);
