import { SOCIAL_HANDLE_MESSAGES, type CreatorPlatform, type HandleCheckResponse } from '@platform/shared';
import type { RequestUser } from '../../../principal';
import type { CreatorContext } from '../creator.context';
import { creatorRepository as repository, handleKey } from '../creator.repository';

/** GET /server-api/creator/validate-handle/{platform}/{handle}: is it free for this creator? */
export async function checkHandleAvailability(
  { db }: CreatorContext,
  user: RequestUser,
  platform: CreatorPlatform,
  handle: string,
): Promise<HandleCheckResponse> {
  const [holder] = await repository.holdersOf(db, [{ platform, key: handleKey(handle) }], user.accountId);
  return holder ? { available: false, message: SOCIAL_HANDLE_MESSAGES.selectedInHoc } : { available: true };
}
