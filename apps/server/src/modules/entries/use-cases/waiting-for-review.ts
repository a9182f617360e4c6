import type { EntriesContext } from '../entries.context';

/** The campaigns with entries waiting for review: how many each, and when the newest arrived. */
export async function waitingForReview(
  context: EntriesContext,
): Promise<{ campaignId: string; waiting: number; newestSubmittedAt: Date }[]> {
  return (await context.repository.waitingByCampaign(context.db)).flatMap((row) =>
    row.newestSubmittedAt ? [{ ...row, newestSubmittedAt: row.newestSubmittedAt }] : [],
  );
}
