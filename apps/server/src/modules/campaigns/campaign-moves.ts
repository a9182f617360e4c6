import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_STATUS_CAPABILITIES,
  nextCampaignStatus,
  territoryCoverage,
  type CampaignEvent,
  type CampaignStatus,
} from '@platform/shared';
import type { Executor } from '../../db/client';
import type { Actor } from '../../principal';
import { SCHEDULER_ACTOR } from '../audit/audit.service';
import type { CampaignReach } from '../notifications/notifications.service';
import type { CampaignsContext } from './campaigns.context';
import { campaignsRepository as repository, type CampaignRow } from './campaigns.repository';

type Mover = Actor | typeof SCHEDULER_ACTOR;

export const reachOf = async (tx: Executor, row: CampaignRow): Promise<CampaignReach> => ({
  id: row.id,
  name: row.name,
  teamId: row.teamId,
  territoryIds: await repository.territoryIdsOf(tx, row.id),
});

/**
 * Tells, in the transaction that makes the campaign LIVE, each ACTIVE creator in its territories who
 * chose the artist it is for (its "Brand or artist" names an artist of the catalogue) at ARTIST_SELECTION.
 */
async function tellCreatorsOfLive(context: CampaignsContext, tx: Executor, row: CampaignRow) {
  const { creatorNotifier, creatorService, territoriesService } = context;
  const artist = row.brandOrArtist.trim();
  const fans = await creatorService.activeCreatorsOfArtistNamed(artist, tx);
  if (fans.length === 0) return;
  const territories = await territoriesService.countriesOf(await repository.territoryIdsOf(tx, row.id), tx);
  for (const fan of fans) {
    const country = fan.country;
    if (!country || !territories.some((codes) => territoryCoverage(codes, country) > 0)) continue;
    await creatorNotifier(tx, {
      accountId: fan.accountId,
      event: 'CAMPAIGN_LIVE',
      campaignId: row.id,
      campaignName: row.name,
      subject: artist,
    });
  }
}

/**
 * Tells, in the move's transaction, the staff who must act on it (ADR 031): a campaign sent for review
 * (or back to it) reaches those who may approve it; an approval or a rejection reaches whoever sent it for
 * review and whoever created it, if they may still see it. Nobody is told of their own move.
 */
async function tellStaffOfMove(
  context: CampaignsContext,
  tx: Executor,
  move: { row: CampaignRow; to: CampaignStatus; actor: Mover; reason: string | undefined },
) {
  const { staffNotifier } = context;
  const { row, to, actor, reason } = move;
  const link = `/console/campaigns/${row.id}`;
  const except = [actor.accountId];
  if (to === 'PENDING') {
    await staffNotifier(tx, {
      event: 'CAMPAIGN_SUBMITTED',
      work: { action: 'APPROVE', resource: 'CAMPAIGN' },
      campaign: await reachOf(tx, row),
      link,
      except,
    });
    return;
  }
  if (row.status !== 'PENDING' || (to !== 'PUBLISHED' && to !== 'REJECTED')) return;
  const sentForReview = (await repository.historyOf(tx, row.id)).findLast((entry) => entry.to === 'PENDING');
  const among = [sentForReview?.byId, row.createdBy].filter((id): id is string => Boolean(id));
  if (among.length === 0) return;
  await staffNotifier(tx, {
    event: to === 'PUBLISHED' ? 'CAMPAIGN_APPROVED' : 'CAMPAIGN_REJECTED',
    work: { action: 'READ', resource: 'CAMPAIGN' },
    campaign: await reachOf(tx, row),
    link,
    among,
    except,
    ...(to === 'REJECTED' && reason ? { rejection: { reason: null, note: reason } } : {}),
  });
}

/** Moves a locked campaign to `to`, in its history and the audit log. */
export async function moveCampaign(
  context: CampaignsContext,
  tx: Executor,
  row: CampaignRow,
  to: CampaignStatus,
  actor: Mover,
  options: { action: string; reason?: string },
) {
  const now = context.clock.now();
  await repository.update(tx, row.id, {
    status: to,
    updatedAt: now,
    ...(to === 'REJECTED' ? { rejectionReason: options.reason ?? null } : {}),
    // The reason creators read while it is paused; gone once it moves on (ADR 038).
    pausedReason: to === 'PAUSED' ? (options.reason ?? null) : null,
  });
  await repository.recordStatus(tx, {
    id: randomUUID(),
    campaignId: row.id,
    fromStatus: row.status,
    toStatus: to,
    byAccountId: actor.accountId,
    reason: options.reason ?? null,
    at: now,
  });
  await context.audit.record(tx, {
    actor,
    action: options.action,
    target: { type: 'campaign', id: row.id, label: row.name },
    before: { status: row.status },
    after: { status: to, ...(options.reason ? { reason: options.reason } : {}) },
  });
  await tellStaffOfMove(context, tx, { row, to, actor, reason: options.reason });
  if (to === 'LIVE') await tellCreatorsOfLive(context, tx, row);
}

/** The scheduler's move from the campaign's status, if its time has come by `now`. */
function dueMove(row: CampaignRow, now: number): CampaignEvent | null {
  const scheduled = CAMPAIGN_STATUS_CAPABILITIES[row.status].scheduledMove;
  return scheduled && row[scheduled.at].getTime() <= now ? scheduled.event : null;
}

/**
 * Makes the scheduler's moves of one campaign whose time has come, under its row lock, in one
 * transaction: PUBLISHED to LIVE at its start once the money received covers its budget (ADR 038),
 * LIVE or PAUSED to ENDED at its end (both, when it was approved after its end). The status and times are read again under the lock, by this clock, so a job that is
 * stale (the campaign changed since it was queued), repeated or early moves nothing, and two workers
 * never move one campaign twice. Answers how many moves it made.
 */
export const moveWhenDue = (context: CampaignsContext, id: string): Promise<number> =>
  context.db.transaction(async (tx) => {
    let row = await repository.lockById(tx, id);
    let moves = 0;
    while (row) {
      const event = dueMove(row, context.clock.now().getTime());
      const to = event && nextCampaignStatus(row.status, event);
      if (!event || !to) break;
      // Unfunded, it waits at PUBLISHED; the sweep keeps finding it due, and starts it once funded.
      if (event === 'start' && (await repository.fundingOf(tx, row.id)).succeededMinor < row.budget) break;
      await moveCampaign(context, tx, row, to, SCHEDULER_ACTOR, { action: `campaign.${event}` });
      row = { ...row, status: to };
      moves += 1;
    }
    return moves;
  });
