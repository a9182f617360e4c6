import { ledgerAccounts } from '../ledger';
import type { PaymentsContext } from '../payments.context';

/** What a campaign's rewards had committed at the end of each UTC day from `from` to `to`, for forecasts. */
export async function campaignCommittedByDay(
  context: PaymentsContext,
  campaignId: string,
  from: string,
  to: string,
): Promise<{ date: string; committedMinor: number }[]> {
  const days = await context.repository.balanceByDayOf(
    context.db,
    ledgerAccounts.campaignRewards(campaignId),
    from,
    to,
  );
  return days.map(({ date, balance }) => ({ date, committedMinor: balance }));
}
