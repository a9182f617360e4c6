import type { Executor } from '../../../db/client';
import { ledgerAccounts } from '../ledger';
import type { PaymentsContext } from '../payments.context';

/**
 * What a campaign's rewards had committed at the end of each UTC day from `from` to `to`, for forecasts and
 * the budget's pacing (in the caller's transaction, when given).
 */
export async function campaignCommittedByDay(
  context: PaymentsContext,
  campaignId: string,
  from: string,
  to: string,
  executor?: Executor,
): Promise<{ date: string; committedMinor: number }[]> {
  const days = await context.repository.balanceByDayOf(
    executor ?? context.db,
    ledgerAccounts.campaignRewards(campaignId),
    from,
    to,
  );
  return days.map(({ date, balance }) => ({ date, committedMinor: balance }));
}
