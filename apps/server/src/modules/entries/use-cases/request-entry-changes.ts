import { ENTRY_MESSAGES, isUuid, type Entry, type EntryChangeRequestBody } from '@platform/shared';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import type { EntriesContext } from '../entries.context';
import { moveEntry, toEntry } from '../entry-moves';

/**
 * POST …/marketing/campaigns/{id}/entries/{entryId}/request-changes: instead of rejecting, the reviewer
 * asks the creator to change an entry waiting for review, where the campaign allows it (ADR 037). The
 * creator is told with the reviewer's note, and revises the entry back into the queue. Nothing is won or
 * given back by it, so the higher modules are not told.
 */
export async function requestEntryChanges(
  context: EntriesContext,
  caller: StaffCaller,
  campaignId: string,
  entryId: string,
  body: EntryChangeRequestBody,
): Promise<Entry> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  return context.db.transaction(async (tx) => {
    const row = isUuid(entryId) ? await context.repository.lockById(tx, entryId) : undefined;
    if (!row || row.campaignId !== campaign.id) throw errors.notFound();
    if (!campaign.validation.changeRequests) throw errors.conflict(ENTRY_MESSAGES.changeRequestsOff);
    if (row.status !== 'SUBMITTED') throw errors.conflict(ENTRY_MESSAGES.changesOnlyWhileWaiting);
    const patch = { changeRequest: body.note, reviewedAt: context.clock.now(), reviewedBy: caller.accountId };
    return toEntry(
      await moveEntry(context, tx, { row, event: 'request-changes', actor: caller, patch }, campaign),
    );
  });
}
