import { ERROR_CODES, HOLD_MESSAGES, isOpenHold, nextHoldStatus, type HoldEvent } from '@platform/shared';
import type { Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { StaffCaller } from '../../principal';
import type { HoldDecided, ViewValidationContext } from './view-validation.context';
import type { HoldRow } from './view-validation.repository';

/** A staff caller of a decision, with the request id the audit log records. */
export type HoldDecider = StaffCaller & { requestId?: string };

export const holdConflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);

/** The hold, locked until `tx` ends, still open; a hold decided already is a 409. */
export async function lockOpenHold(
  context: ViewValidationContext,
  tx: Executor,
  holdId: string,
): Promise<HoldRow> {
  const hold = await context.repository.hold(tx, holdId, { lock: true });
  if (!hold) throw errors.notFound();
  if (!isOpenHold(hold.status)) throw holdConflict(HOLD_MESSAGES.decided);
  return hold;
}

type Decision = {
  hold: HoldRow;
  event: Exclude<HoldEvent, 'appeal'>;
  patch: Partial<HoldRow>;
  campaignName: string;
  /** What the creator is told became of the check, in plain words. */
  words: string;
  announced: Pick<HoldDecided, 'excludedViews' | 'reason'>;
};

/**
 * Records a decision on an open hold in `tx`: the hold moves by its machine, the move is audited with
 * before and after, the creator is told, and higher modules hear of it in the same transaction.
 */
export async function recordDecision(
  context: ViewValidationContext,
  tx: Executor,
  caller: HoldDecider,
  decision: Decision,
): Promise<HoldRow> {
  const { hold, event } = decision;
  const outcome = nextHoldStatus(hold.status, event);
  if (outcome !== 'ACCEPTED' && outcome !== 'EXCLUDED' && outcome !== 'REJECTED') {
    throw holdConflict(HOLD_MESSAGES.decided);
  }
  const decided = await context.repository.update(tx, hold.id, {
    ...decision.patch,
    status: outcome,
    decidedAt: context.clock.now(),
    decidedBy: caller.accountId,
  });
  await context.audit.record(tx, {
    actor: caller,
    action: `hold.${event}`,
    target: { type: 'hold', id: hold.id, label: decision.campaignName },
    before: { status: hold.status, entryId: hold.entryId },
    after: {
      status: outcome,
      note: decided.decisionNote,
      ...(decided.rejectionReason ? { rejectionReason: decided.rejectionReason } : {}),
      ...(decided.excludedFrom && decided.excludedTo
        ? {
            excludedFrom: decided.excludedFrom.toISOString(),
            excludedTo: decided.excludedTo.toISOString(),
            excludedViews: decided.excludedViews,
          }
        : {}),
    },
  });
  await context.notifications.notify(tx, {
    accountId: hold.creatorId,
    event: 'HOLD_DECIDED',
    campaignId: hold.campaignId,
    campaignName: decision.campaignName,
    subject: decision.words,
  });
  for (const listener of context.decidedListeners) {
    await listener(tx, { holdId: hold.id, entryId: hold.entryId, outcome, ...decision.announced });
  }
  return decided;
}
