import { DEACTIVATION_MESSAGE } from '@platform/shared';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import type { CreatorContext } from '../creator.context';
import { creatorRepository as repository } from '../creator.repository';
import { advance, own } from '../onboarding';

/**
 * GET /server-api/creator/user/{id}/deactivate: the account can no longer sign in, every session ends,
 * its devices get no more notifications, and the creator's handles are free for another account (the
 * person may come back under a new one).
 */
export async function deactivateCreator(
  context: CreatorContext,
  user: RequestUser,
  id: string,
): Promise<string> {
  const { db, clock, authService } = context;
  await own(context, user, id);
  await db.transaction(async (tx) => {
    const row = await repository.lock(tx, user.accountId);
    if (!row || row.onboardingStatus === 'INACTIVE') throw errors.notFound();
    const now = clock.now();
    await repository.update(tx, row.accountId, {
      onboardingStatus: advance(row.onboardingStatus, 'deactivated'),
      deactivatedAt: now,
      walletNextAttemptAt: null,
      updatedAt: now,
    });
    await repository.deleteHandles(tx, row.accountId);
    await repository.deleteDevices(tx, row.accountId);
    await authService.disableAccount(tx, row.accountId);
  });
  return DEACTIVATION_MESSAGE;
}
