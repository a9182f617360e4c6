import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_STATUS_CAPABILITIES,
  nextCampaignStatus,
  type CampaignDetail,
} from '@platform/shared';
import { errors } from '../../../errors';
import {
  actorOf,
  archived,
  lockInScope,
  notAllowed,
  type CampaignAction,
  type CampaignsCaller,
} from '../campaign-access';
import { moveCampaign } from '../campaign-moves';
import { campaignDetail } from '../campaign-views';
import type { CampaignsContext, PlannedCampaign } from '../campaigns.context';

/**
 * Submit, approve, reject, unpublish, republish, pause or resume, as the state machine allows (409
 * otherwise); `reason` is a rejection's or a pause's.
 */
export async function actOnCampaign(
  context: CampaignsContext,
  caller: CampaignsCaller,
  id: string,
  action: CampaignAction,
  reason?: string,
): Promise<CampaignDetail> {
  const { db, clock } = context;
  const [result, planned] = await db.transaction(async (tx) => {
    const row = await lockInScope(tx, caller, id);
    if (row.archivedAt) throw archived();
    const to = nextCampaignStatus(row.status, action);
    if (!to) throw notAllowed(row.status);
    if (action === 'resume') {
      for (const listener of context.resumingListeners) await listener(tx, row.id);
    }
    if (action === 'submit' && row.startsAt.getTime() <= clock.now().getTime()) {
      throw errors.validation([{ field: 'startsAt', message: CAMPAIGN_MESSAGES.startPassed }]);
    }
    await moveCampaign(context, tx, row, to, actorOf(caller), {
      action: `campaign.${action}`,
      ...(reason ? { reason } : {}),
    });
    const plan: PlannedCampaign | null = CAMPAIGN_STATUS_CAPABILITIES[to].scheduledMove
      ? { id: row.id, startsAt: row.startsAt, endsAt: row.endsAt }
      : null;
    return [await campaignDetail(tx, row.id), plan] as const;
  });
  // Approved or republished: its start and end are queued at their times. (Its dates cannot change
  // while it stays approved: a change of dates sends it back to PENDING, and its next approval queues
  // the new times; jobs for the old ones find nothing to move.)
  if (planned) await context.scheduler?.planned(planned);
  return result;
}
