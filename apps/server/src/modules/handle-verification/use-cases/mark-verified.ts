import { HANDLE_VERIFICATION_MESSAGES as MESSAGES } from '@platform/shared';
import type { Executor } from '../../../db/client';
import { isUniqueViolation } from '../../../db/unique-violation';
import type { HandleVerificationContext } from '../handle-verification.context';
import { ACCOUNT_TAKEN_INDEX, type AttemptRow } from '../handle-verification.repository';
import { notReady, refused } from '../handle-verification-rules';

/**
 * Records the attempt's handle as the creator's, in one transaction with the attempt's end. The handle must
 * still be the one the attempt was for, and the platform account must not be another creator's.
 */
export async function markVerified(
  context: HandleVerificationContext,
  proof: { attempt: AttemptRow; accountId: string | null; handleKey: string; by: string | null },
  executor?: Executor,
): Promise<void> {
  const { attempt, accountId, by } = proof;
  const work = async (tx: Executor) => {
    const now = context.clock.now();
    const handle = await context.repository.lockHandle(tx, attempt.creatorId, attempt.platform);
    if (!handle || handle.handleKey !== attempt.handle.toLowerCase()) throw notReady(MESSAGES.handleChanged);
    if (accountId) {
      const holder = await context.repository.holderOfAccount(
        tx,
        attempt.platform,
        accountId,
        attempt.creatorId,
      );
      if (holder) throw refused(MESSAGES.verifiedByAnother);
    }
    await context.repository.updateAttempt(tx, attempt.id, {
      status: 'VERIFIED',
      decidedAt: now,
      decidedBy: by,
    });
    await context.repository.saveVerified(tx, {
      creatorId: attempt.creatorId,
      platform: attempt.platform,
      handleKey: handle.handleKey,
      accountId,
      method: attempt.method,
      attemptId: attempt.id,
      verifiedBy: by,
      verifiedAt: now,
    });
  };
  try {
    await (executor ? work(executor) : context.db.transaction(work));
  } catch (error) {
    // Two creators proving the same account at the same moment: the index decides, the second is told.
    if (isUniqueViolation(error, ACCOUNT_TAKEN_INDEX)) throw refused(MESSAGES.verifiedByAnother);
    throw error;
  }
}
