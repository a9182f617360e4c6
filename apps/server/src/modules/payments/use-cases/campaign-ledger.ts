import { ledgerAccounts } from '../ledger';
import type { PaymentsContext } from '../payments.context';

/**
 * What a campaign's rewards have committed (its ledger balance) and when that last moved, for its report,
 * whose route checks the scope.
 */
export async function campaignLedger(
  context: PaymentsContext,
  campaignId: string,
): Promise<{ committedMinor: number; lastLineAt: Date | null }> {
  const { balance, lastAt } = await context.repository.balanceWithTimeOf(
    context.db,
    ledgerAccounts.campaignRewards(campaignId),
  );
  return { committedMinor: balance, lastLineAt: lastAt };
}
