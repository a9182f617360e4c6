import type { CampaignsService } from '../modules/campaigns/campaigns.service';
import type { EntriesService } from '../modules/entries/entries.service';
import type { NotificationsService } from '../modules/notifications/notifications.service';

/**
 * One run of the entries digest (ADR 031): the campaigns with entries waiting, each with its team and
 * territories, handed to the notifications module, which tells each reviewer once a period. Answers how
 * many people were told.
 */
export async function sendEntriesDigests(services: {
  entriesService: Pick<EntriesService, 'waitingForReview'>;
  campaignsService: Pick<CampaignsService, 'reachOf'>;
  notificationsService: Pick<NotificationsService, 'sendEntriesDigests'>;
}): Promise<number> {
  const waiting = await services.entriesService.waitingForReview();
  if (waiting.length === 0) return 0;
  const reaches = new Map(
    (await services.campaignsService.reachOf(waiting.map((campaign) => campaign.campaignId))).map((reach) => [
      reach.id,
      reach,
    ]),
  );
  return services.notificationsService.sendEntriesDigests(
    waiting.flatMap((campaign) => {
      const reach = reaches.get(campaign.campaignId);
      return reach
        ? [{ ...reach, waiting: campaign.waiting, newestSubmittedAt: campaign.newestSubmittedAt }]
        : [];
    }),
  );
}
