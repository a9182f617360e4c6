import type { Executor } from '../../../db/client';
import type { PaymentsContext } from '../payments.context';

/** FIRST_COME_FIRST_SERVE slots a campaign's rewards hold now (in the caller's transaction, when given). */
export function slotsTaken(
  context: PaymentsContext,
  campaignId: string,
  executor?: Executor,
): Promise<number> {
  return context.repository.activeSlots(executor ?? context.db, campaignId);
}
