import type { Executor } from '../../../db/client';
import { ledgerAccounts } from '../ledger';
import type { PaymentsContext } from '../payments.context';

/** What a campaign's rewards have committed of its budget: the ledger's balance of its rewards account. */
export function committedOf(
  context: PaymentsContext,
  campaignId: string,
  executor?: Executor,
): Promise<number> {
  return context.repository.balanceOf(executor ?? context.db, ledgerAccounts.campaignRewards(campaignId));
}
