import type { CreatorInfo } from '@platform/shared';
import type { RequestUser } from '../../../principal';
import type { CreatorContext } from '../creator.context';
import { creatorInfo } from '../creator-info';
import { own } from '../onboarding';

/** GET /server-api/creator/info: the creator's own account. */
export async function getCreatorInfo(context: CreatorContext, user: RequestUser): Promise<CreatorInfo> {
  await own(context, user);
  return creatorInfo(context, user);
}
