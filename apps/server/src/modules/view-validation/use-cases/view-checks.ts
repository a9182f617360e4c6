import type { CreatorHold, EntryViewChecks } from '@platform/shared';
import type { RequestUser } from '../../../principal';
import { decisionOf, toFigures } from '../held-entries';
import type { ViewValidationContext } from '../view-validation.context';
import type { HoldRow } from '../view-validation.repository';

/** A hold as its creator reads it: why, in the signals' sentences, never the score or the weights. */
export const toCreatorHold = (hold: HoldRow): CreatorHold => ({
  id: hold.id,
  status: hold.status,
  heldAt: hold.heldAt.toISOString(),
  reasons: hold.signals.map((signal) => signal.sentence),
  canAppeal: hold.status === 'HELD',
  appeal:
    hold.appealedAt && hold.appealNote !== null
      ? { note: hold.appealNote, appealedAt: hold.appealedAt.toISOString() }
      : null,
  decision: decisionOf(hold),
});

/**
 * GET /server-api/creator/campaigns/{id}/view-checks: each of the creator's entries to a campaign they may
 * see, with how its figure stands (provisional or validated, and when) and its hold, if any.
 */
export async function viewChecks(
  context: ViewValidationContext,
  user: RequestUser,
  campaignId: string,
): Promise<EntryViewChecks> {
  const { data: entries } = await context.entries.mine(user, campaignId);
  const ids = entries.map((entry) => entry.id);
  const [figures, holds] = await Promise.all([
    context.metrics.figuresOf(ids),
    context.repository.holdsOfEntries(context.db, ids),
  ]);
  const holdOf = new Map(holds.map((hold) => [hold.entryId, hold]));
  return {
    items: entries.map((entry) => {
      const hold = holdOf.get(entry.id);
      return {
        entryId: entry.id,
        postLink: entry.postLink,
        status: entry.status,
        figures: toFigures(figures.get(entry.id)),
        hold: hold ? toCreatorHold(hold) : null,
      };
    }),
  };
}
