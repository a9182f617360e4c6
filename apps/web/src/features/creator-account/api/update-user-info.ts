import type { CreatorInfo, UserInfoBody } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { creatorPath } from './paths';
import { useCreatorUpdate } from './use-creator-update';

export type UserInfoChange = { creatorId: string; body: UserInfoBody; skipAgencyForm?: boolean };

/** The agency (or none: skipAgencyForm), and the acceptance of new terms (SPEC §7). */
export function updateUserInfo({ creatorId, body, skipAgencyForm }: UserInfoChange): Promise<CreatorInfo> {
  const query = skipAgencyForm ? '?skipAgencyForm=true' : '';
  return apiFetch<CreatorInfo>(creatorPath(`/${encodeURIComponent(creatorId)}/user-info${query}`), {
    method: 'PATCH',
    body,
  });
}

export const useUpdateUserInfo = () => useCreatorUpdate(updateUserInfo);
