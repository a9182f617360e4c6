import type { CreatorContext } from '../creator.context';
import { creatorRepository as repository, type CreatorRow } from '../creator.repository';
import { createWallet, WALLET_CLAIM_MS } from '../wallet';

/** Tries to create the creator's payout wallet once, and records what happened. */
export async function settleWallet(context: CreatorContext, row: CreatorRow): Promise<CreatorRow> {
  const patch = await createWallet(context, row);
  return context.db.transaction(async (tx) => {
    const locked = await repository.lock(tx, row.accountId);
    // Deactivated, or settled by another attempt, while the provider was being asked.
    if (!locked || !['ARTIST_SELECTION', 'WALLET_CREATION_FAILED'].includes(locked.onboardingStatus)) {
      return locked ?? row;
    }
    return repository.update(tx, row.accountId, patch);
  });
}

/** The wallet job: every creator whose wallet creation is due again gets one more attempt. */
export async function retryDueWallets(context: CreatorContext, limit = 20): Promise<number> {
  const { db, clock } = context;
  const now = clock.now();
  const claimed = await db.transaction((tx) =>
    repository.claimDueWallets(tx, now, new Date(now.getTime() + WALLET_CLAIM_MS), limit),
  );
  for (const row of claimed) await settleWallet(context, row);
  return claimed.length;
}
