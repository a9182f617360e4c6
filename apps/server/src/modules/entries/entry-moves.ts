import {
  campaignStatusAllows,
  ENTRY_ERROR_CODES,
  ENTRY_MESSAGES,
  nextEntryStatus,
  type Entry,
  type EntryReviewEvent,
  type EntryStatus,
  type NotificationEvent,
} from '@platform/shared';
import type { Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { Actor, RequestUser } from '../../principal';
import type { SCHEDULER_ACTOR } from '../audit/audit.service';
import type { CampaignFacts } from '../campaigns/campaigns.service';
import type { EntriesContext } from './entries.context';
import type { EntryRow } from './entries.repository';

export const toEntry = (row: EntryRow): Entry => ({
  id: row.id,
  campaignId: row.campaignId,
  creatorId: row.creatorId,
  platform: row.platform,
  kind: row.kind,
  postLink: row.postLink,
  videoKey: row.videoKey,
  status: row.status,
  rejection: row.rejectionReason ? { reason: row.rejectionReason, note: row.rejectionNote } : null,
  submittedAt: row.submittedAt.toISOString(),
  reviewDueAt: row.reviewDueAt?.toISOString() ?? null,
  changeRequest: row.status === 'CHANGES_REQUESTED' ? row.changeRequest : null,
  autoApproved: row.autoApproved,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

const ENTRY_NOTIFICATION_EVENTS: Record<
  EntryRow['kind'],
  Partial<Record<EntryRow['status'], NotificationEvent>>
> = {
  POST: {
    SUBMITTED: 'POST_SUBMITTED',
    CHANGES_REQUESTED: 'ENTRY_CHANGES_REQUESTED',
    APPROVED: 'POST_APPROVED',
    REJECTED: 'POST_REJECTED',
    ARCHIVED: 'POST_ARCHIVED',
  },
  VIDEO: {
    SUBMITTED: 'VIDEO_SUBMITTED',
    CHANGES_REQUESTED: 'ENTRY_CHANGES_REQUESTED',
    APPROVED: 'VIDEO_APPROVED',
    REJECTED: 'VIDEO_REJECTED',
  },
};

/** Who moves an entry: its creator, a reviewer, or the platform itself when a review deadline passes. */
export type EntryMover = Actor | typeof SCHEDULER_ACTOR;

/** How a refused move names the entry's status and the move, in a sentence. */
const ENTRY_STATUS_WORDS: Record<EntryStatus, string> = {
  SUBMITTED: 'waiting for review',
  CHANGES_REQUESTED: 'waiting for its creator’s changes',
  APPROVED: 'approved',
  REJECTED: 'rejected',
  ARCHIVED: 'archived',
};
const EVENT_WORDS: Record<EntryReviewEvent, string> = {
  approve: 'approved',
  reject: 'rejected',
  'request-changes': 'sent back for changes',
  revise: 'revised',
  archive: 'archived',
};

const RETRY_AFTER_BUSY_SECONDS = 30;

/** Runs an entry write when there is room for it, or answers code 16 at once when there is none. */
export function gated<Result>(context: EntriesContext, write: () => Promise<Result>): Promise<Result> {
  const { writes, writeLimits } = context;
  if (writes.activeCount >= writeLimits.concurrent && writes.pendingCount >= writeLimits.queued) {
    return Promise.reject(
      new AppError(503, ENTRY_ERROR_CODES.highTraffic, ENTRY_MESSAGES.highTraffic, undefined, {
        'retry-after': String(RETRY_AFTER_BUSY_SECONDS),
      }),
    );
  }
  return writes(write);
}

/**
 * Tells the creator what became of their entry (SPEC §4 events), in the transaction that moved it. An
 * archived video has no event of its own in the spec, so only posts are told of archiving.
 */
export function tellCreator(
  context: EntriesContext,
  tx: Executor,
  row: EntryRow,
  campaign: { id: string; name: string },
): Promise<unknown> {
  const event = ENTRY_NOTIFICATION_EVENTS[row.kind][row.status];
  if (!event) return Promise.resolve();
  return context.notifications.notify(tx, {
    accountId: row.creatorId,
    event,
    campaignId: campaign.id,
    campaignName: campaign.name,
    rejection:
      row.status === 'REJECTED' && row.rejectionReason
        ? { reason: row.rejectionReason, note: row.rejectionNote }
        : null,
    ...(row.status === 'CHANGES_REQUESTED' && row.changeRequest ? { subject: row.changeRequest } : {}),
  });
}

/** A campaign the creator may see, or a 404. */
export async function visibleCampaign(context: EntriesContext, user: RequestUser, campaignId: string) {
  const campaign = await context.campaignsService.creatorCampaignFacts(user.accountId, campaignId);
  if (!campaign) throw errors.notFound();
  return campaign;
}

/** A campaign the creator may see and takes part in, or why they may not enter it. */
export async function enterable(
  context: EntriesContext,
  user: RequestUser,
  campaignId: string,
): Promise<CampaignFacts> {
  const campaign = await context.campaignsService.creatorCampaignFacts(user.accountId, campaignId);
  if (!campaign) throw errors.notFound();
  if (!(await context.rsvpsService.isTakingPart(user.accountId, campaign.id)))
    throw errors.conflict(ENTRY_MESSAGES.notTakingPart);
  if (!campaignStatusAllows(campaign.status, 'acceptsEntries')) {
    throw errors.conflict(campaign.status === 'PAUSED' ? ENTRY_MESSAGES.paused : ENTRY_MESSAGES.notLive);
  }
  return campaign;
}

/** Moves an entry by its state machine, audited, and tells its creator, in the caller's transaction. */
export async function moveEntry(
  context: EntriesContext,
  tx: Executor,
  move: { row: EntryRow; event: EntryReviewEvent; actor: EntryMover; patch: Partial<EntryRow> },
  campaign: { id: string; name: string },
): Promise<EntryRow> {
  const { row, event } = move;
  const to = nextEntryStatus(row.status, event);
  if (!to)
    throw errors.conflict(
      `This entry is ${ENTRY_STATUS_WORDS[row.status]}: it cannot be ${EVENT_WORDS[event]} now.`,
    );
  const moved = await context.repository.update(tx, row.id, {
    ...move.patch,
    status: to,
    updatedAt: context.clock.now(),
  });
  await context.audit.record(tx, {
    actor: move.actor,
    action: `entry.${event}`,
    target: { type: 'entry', id: row.id, label: campaign.name },
    before: { status: row.status, postLink: row.postLink },
    after: {
      status: to,
      postLink: moved.postLink,
      ...(moved.rejectionReason && to === 'REJECTED' ? { reason: moved.rejectionReason } : {}),
      ...(to === 'CHANGES_REQUESTED' ? { changeRequest: moved.changeRequest } : {}),
      ...(to === 'APPROVED' && moved.autoApproved ? { autoApproved: true } : {}),
    },
  });
  await tellCreator(context, tx, moved, campaign);
  return moved;
}
