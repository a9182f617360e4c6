import { HANDLE_VERIFICATION_MESSAGES, isUuid, type Entry, type EntryRejectionBody } from '@platform/shared';
import type { Executor } from '../../../db/client';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import type { CampaignFacts } from '../../campaigns/campaigns.service';
import type { EntriesContext, StaffEntryMove } from '../entries.context';
import type { EntryRow } from '../entries.repository';
import { moveEntry, toEntry } from '../entry-moves';

/** What a review records beside the move: who reviewed and when, and a rejection's reason. */
function reviewPatch(caller: StaffCaller, move: StaffEntryMove, now: Date, rejection?: EntryRejectionBody) {
  const patch: Partial<EntryRow> =
    move === 'reject'
      ? {
          rejectionReason: rejection?.reason ?? 'OTHER',
          rejectionNote: rejection?.note || null,
          reviewedAt: now,
          reviewedBy: caller.accountId,
        }
      : move === 'approve'
        ? { reviewedAt: now, reviewedBy: caller.accountId }
        : {};
  return patch;
}

/**
 * A post is paid for only when its account is proven the creator's (ADR 036): an entry from a handle not
 * yet verified cannot be approved, and the reviewer is told why and what the creator can do.
 */
async function requireVerifiedAccount(context: EntriesContext, tx: Executor, row: EntryRow): Promise<void> {
  const account = await context.handleVerification.verifiedAccountOn(tx, row.creatorId, row.platform);
  if (!account.verified) {
    throw errors.conflict(
      HANDLE_VERIFICATION_MESSAGES.entryAccountUnverified(
        row.platform,
        account.handle ?? row.postAccount ?? '',
      ),
    );
  }
}

/** One entry of a campaign already in the caller's scope approved, rejected or archived, in its transaction. */
export function reviewEntryOf(
  context: EntriesContext,
  caller: StaffCaller,
  campaign: CampaignFacts,
  review: { entryId: string; move: StaffEntryMove; rejection?: EntryRejectionBody | undefined },
): Promise<Entry> {
  const { entryId, move } = review;
  return context.db.transaction(async (tx) => {
    const row = isUuid(entryId) ? await context.repository.lockById(tx, entryId) : undefined;
    if (!row || row.campaignId !== campaign.id) throw errors.notFound();
    if (move === 'approve' && row.kind === 'POST') await requireVerifiedAccount(context, tx, row);
    const patch = reviewPatch(caller, move, context.clock.now(), review.rejection);
    // The rewards take the campaign's row lock before anything else of this move touches the campaign
    // (the notification's row refers to it): two approvals then queue on one lock, never on each other.
    for (const listener of context.reviewedListeners) {
      await listener(tx, { entry: row, move, from: row.status });
    }
    return toEntry(await moveEntry(context, tx, { row, event: move, actor: caller, patch }, campaign));
  });
}

/** Approve, reject (with a reason) or archive one entry of a campaign in the caller's scope. */
export async function reviewEntry(
  context: EntriesContext,
  caller: StaffCaller,
  campaignId: string,
  entryId: string,
  move: StaffEntryMove,
  rejection?: EntryRejectionBody,
): Promise<Entry> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  return reviewEntryOf(context, caller, campaign, { entryId, move, rejection });
}
