import { HANDLE_VERIFICATION_MESSAGES, isUuid, type Entry, type EntryRejectionBody } from '@platform/shared';
import type { Executor } from '../../../db/client';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import { SCHEDULER_ACTOR } from '../../audit/audit.service';
import type { CampaignFacts } from '../../campaigns/campaigns.service';
import type { EntriesContext, StaffEntryMove } from '../entries.context';
import type { EntryRow } from '../entries.repository';
import { moveEntry, toEntry } from '../entry-moves';

/** Who reviews: a member of staff, or nobody when the entry's review deadline passed (ADR 037). */
export type EntryReviewer = StaffCaller | null;

/** What a review records beside the move: who reviewed and when, and a rejection's reason. */
function reviewPatch(
  reviewer: EntryReviewer,
  move: StaffEntryMove,
  now: Date,
  rejection?: EntryRejectionBody,
) {
  const reviewedBy = reviewer?.accountId ?? null;
  const patch: Partial<EntryRow> =
    move === 'reject'
      ? {
          rejectionReason: rejection?.reason ?? 'OTHER',
          rejectionNote: rejection?.note || null,
          reviewedAt: now,
          reviewedBy,
        }
      : move === 'approve'
        ? { reviewedAt: now, reviewedBy, autoApproved: reviewer === null }
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

/**
 * Approves, rejects or archives an entry already locked in `tx`: the one path of every review, a
 * reviewer's or the review deadline's, so that what higher modules do with it (a slot taken under the
 * campaign's lock) happens alike.
 */
export async function reviewLockedEntry(
  context: EntriesContext,
  tx: Executor,
  review: {
    row: EntryRow;
    campaign: CampaignFacts;
    move: StaffEntryMove;
    reviewer: EntryReviewer;
    rejection?: EntryRejectionBody | undefined;
  },
): Promise<EntryRow> {
  const { row, move, reviewer, campaign } = review;
  if (move === 'approve' && row.kind === 'POST') await requireVerifiedAccount(context, tx, row);
  const patch = reviewPatch(reviewer, move, context.clock.now(), review.rejection);
  // The rewards take the campaign's row lock before anything else of this move touches the campaign
  // (the notification's row refers to it): two approvals then queue on one lock, never on each other.
  for (const listener of context.reviewedListeners) {
    await listener(tx, { entry: row, move, from: row.status });
  }
  const actor = reviewer ?? SCHEDULER_ACTOR;
  return moveEntry(context, tx, { row, event: move, actor, patch }, campaign);
}

type StaffReview = { entryId: string; move: StaffEntryMove; rejection?: EntryRejectionBody | undefined };

/**
 * One entry of a campaign already in the caller's scope approved, rejected or archived in the caller's
 * transaction: a higher module's decision and the entry's move then stand or fall together.
 */
export async function reviewEntryIn(
  context: EntriesContext,
  tx: Executor,
  caller: StaffCaller,
  campaign: CampaignFacts,
  review: StaffReview,
): Promise<Entry> {
  const { entryId, move } = review;
  const row = isUuid(entryId) ? await context.repository.lockById(tx, entryId) : undefined;
  if (!row || row.campaignId !== campaign.id) throw errors.notFound();
  return toEntry(
    await reviewLockedEntry(context, tx, {
      row,
      campaign,
      move,
      reviewer: caller,
      rejection: review.rejection,
    }),
  );
}

/** One entry of a campaign already in the caller's scope approved, rejected or archived, in its transaction. */
export function reviewEntryOf(
  context: EntriesContext,
  caller: StaffCaller,
  campaign: CampaignFacts,
  review: StaffReview,
): Promise<Entry> {
  return context.db.transaction((tx) => reviewEntryIn(context, tx, caller, campaign, review));
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
