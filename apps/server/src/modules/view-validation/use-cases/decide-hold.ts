import {
  ENTRY_REJECTION_LABELS,
  HOLD_MESSAGES,
  isOpenHold,
  type HeldEntry,
  type HoldAcceptBody,
  type HoldExcludeBody,
  type HoldRejectBody,
} from '@platform/shared';
import { errors } from '../../../errors';
import { holdConflict, lockOpenHold, recordDecision, type HoldDecider } from '../hold-decisions';
import type { ViewValidationContext } from '../view-validation.context';
import { holdDetail, heldInScope } from './hold-queue';

const viewsWord = (views: number) => (views === 1 ? '1 view' : `${views.toLocaleString('en-GB')} views`);

/** POST /server-api/marketing/holds/{id}/accept: the entry's figures stand, and its earnings go on. */
export async function acceptHold(
  context: ViewValidationContext,
  caller: HoldDecider,
  id: string,
  body: HoldAcceptBody,
): Promise<HeldEntry> {
  const { campaignName } = await heldInScope(context, caller, id);
  await context.db.transaction(async (tx) => {
    const hold = await lockOpenHold(context, tx, id);
    await recordDecision(context, tx, caller, {
      hold,
      event: 'accept',
      patch: { decisionNote: body.note ?? null },
      campaignName,
      words: 'Your views were accepted as they are, and your earnings are no longer held.',
      announced: { excludedViews: null, reason: body.note ?? null },
    });
  });
  return holdDetail(context, caller, id);
}

/**
 * POST /server-api/marketing/holds/{id}/exclude: the views gained between `from` and `to`, a window within
 * the entry's readings, are taken off its figure on every board (the metrics module works them out).
 */
export async function excludeHeldViews(
  context: ViewValidationContext,
  caller: HoldDecider,
  id: string,
  body: HoldExcludeBody,
): Promise<HeldEntry> {
  const { hold, campaignName } = await heldInScope(context, caller, id);
  if (!isOpenHold(hold.status)) throw holdConflict(HOLD_MESSAGES.decided);
  const from = new Date(body.from);
  const to = new Date(body.to);
  const span = await context.metrics.readingsSpanOf(hold.entryId);
  if (!span) throw holdConflict(HOLD_MESSAGES.noReadings);
  if (from < span.first || to > span.last) {
    throw errors.validation([{ field: 'from', message: HOLD_MESSAGES.windowOutsideReadings }]);
  }
  await context.db.transaction(async (tx) => {
    const locked = await lockOpenHold(context, tx, id);
    const { views } = await context.metrics.excludeViews(tx, {
      entryId: locked.entryId,
      from,
      to,
      reason: body.reason,
      holdId: locked.id,
      by: caller.accountId,
    });
    await recordDecision(context, tx, caller, {
      hold: locked,
      event: 'exclude',
      patch: { decisionNote: body.reason, excludedFrom: from, excludedTo: to, excludedViews: views },
      campaignName,
      words: `${viewsWord(views)} gained in a short window no longer count towards your entry: ${body.reason}`,
      announced: { excludedViews: views, reason: body.reason },
    });
  });
  return holdDetail(context, caller, id);
}

/** The entry's move on a rejected hold: one waiting for review is rejected, an approved one archived. */
const ENTRY_MOVE_ON_REJECTION = { SUBMITTED: 'reject', APPROVED: 'archive' } as const;

/**
 * POST /server-api/marketing/holds/{id}/reject: the views are not real. The entry is rejected (or, once
 * approved, archived, which gives back a slot or a prize not yet approved) through the entries module's own
 * review, as the staff caller; an entry in another status stays as it is.
 */
export async function rejectHeldEntry(
  context: ViewValidationContext,
  caller: HoldDecider,
  id: string,
  body: HoldRejectBody,
): Promise<HeldEntry> {
  const row = await heldInScope(context, caller, id);
  const { hold, campaignName } = row;
  const campaign = await context.campaigns.staffCampaignFacts(caller, hold.campaignId);
  const move =
    row.entryStatus === 'SUBMITTED' || row.entryStatus === 'APPROVED'
      ? ENTRY_MOVE_ON_REJECTION[row.entryStatus]
      : null;
  // The entry's move and the hold's decision stand or fall together.
  await context.db.transaction(async (tx) => {
    const locked = await lockOpenHold(context, tx, id);
    if (move) {
      await context.entries.reviewIn(tx, caller, campaign, {
        entryId: hold.entryId,
        move,
        rejection: { reason: body.reason, note: body.note },
      });
    }
    await recordDecision(context, tx, caller, {
      hold: locked,
      event: 'reject',
      patch: { decisionNote: body.note, rejectionReason: body.reason },
      campaignName,
      words: `Your entry was rejected because its views could not be accepted (${ENTRY_REJECTION_LABELS[body.reason].toLowerCase()}): ${body.note}`,
      announced: { excludedViews: null, reason: body.reason },
    });
  });
  return holdDetail(context, caller, id);
}
