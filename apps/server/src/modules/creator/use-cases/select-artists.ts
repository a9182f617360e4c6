import {
  choiceMissing,
  CREATOR_MESSAGES,
  hasReachedStep,
  type ArtistSelectionBody,
  type CreatorInfo,
} from '@platform/shared';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import type { CreatorContext } from '../creator.context';
import { creatorRepository as repository } from '../creator.repository';
import { creatorInfo } from '../creator-info';
import { assertEmailVerified, invalidFields, own } from '../onboarding';
import { settleWallet } from './settle-wallet';

/**
 * PATCH /server-api/creator/artist-selection. At ARTIST_SELECTION it also creates the payout wallet:
 * success makes the creator ACTIVE; a failure leaves them at WALLET_CREATION_FAILED and the wallet job
 * tries again with backoff.
 */
export async function selectArtists(
  context: CreatorContext,
  user: RequestUser,
  body: ArtistSelectionBody,
): Promise<CreatorInfo> {
  const { db, clock, lookupsService } = context;
  const current = await own(context, user);
  assertEmailVerified(user);
  if (!hasReachedStep(current.onboardingStatus, 'ARTIST_SELECTION'))
    throw errors.conflict(CREATOR_MESSAGES.stepNotReached);
  if (choiceMissing(body.artistIds, await lookupsService.hasLive('artist'))) {
    throw invalidFields([{ field: 'artistIds', message: CREATOR_MESSAGES.artistsRequired }]);
  }
  const artists = await lookupsService.liveNames('artist', body.artistIds);
  if (body.artistIds.some((id) => !artists.has(id))) {
    throw invalidFields([{ field: 'artistIds', message: CREATOR_MESSAGES.artistUnknown }]);
  }
  const saved = await db.transaction(async (tx) => {
    const row = await repository.lock(tx, user.accountId);
    if (!row || row.onboardingStatus === 'INACTIVE') throw errors.notFound();
    return repository.update(tx, row.accountId, {
      artistIds: [...new Set(body.artistIds)],
      updatedAt: clock.now(),
    });
  });
  if (saved.onboardingStatus === 'ARTIST_SELECTION') await settleWallet(context, saved);
  return creatorInfo(context, user);
}
