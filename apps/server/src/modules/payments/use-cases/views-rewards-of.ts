import type { Executor } from '../../../db/client';
import type { PaymentsContext } from '../payments.context';

/**
 * A campaign's pay-per-view rewards (rule VIEWS), active or released, in the caller's transaction when
 * given: which entries were reserved already, and what each creator holds against their cap.
 */
export function viewsRewardsOf(context: PaymentsContext, campaignId: string, executor?: Executor) {
  return context.repository.viewsRewardsOf(executor ?? context.db, campaignId);
}
