import type { EntryBulkResult, EntryRejectionBody } from '@platform/shared';
import { AppError } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import type { EntriesContext, StaffEntryMove } from '../entries.context';
import { reviewEntryOf } from './review-entry';

/**
 * One move for many entries of a campaign, each in its own transaction: an entry that cannot move
 * (reviewed meanwhile, not of this campaign) is reported with the words a single move would answer,
 * and the others still move.
 */
export async function reviewEntries(
  context: EntriesContext,
  caller: StaffCaller,
  campaignId: string,
  entryIds: readonly string[],
  move: StaffEntryMove,
  rejection?: EntryRejectionBody,
): Promise<EntryBulkResult> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  const results: EntryBulkResult['results'] = [];
  for (const entryId of new Set(entryIds)) {
    try {
      results.push({
        entryId,
        entry: await reviewEntryOf(context, caller, campaign, { entryId, move, rejection }),
        message: null,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      results.push({ entryId, entry: null, message: error.message });
    }
  }
  return { results };
}
