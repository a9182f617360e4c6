import { hourlySignedLink } from '../../../adapters/storage/hourly-signed-link';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import { entryChecksRepository } from '../entry-checks.repository';
import type { OriginalityContext } from '../originality.context';

/**
 * GET /server-api/creator/campaigns/{id}/entry-posters: the poster of each of the caller's uploaded
 * entries to a campaign they may see, for their entry cards. An entry not fingerprinted yet has none.
 */
export async function entryPosters(
  context: OriginalityContext,
  user: RequestUser,
  campaignId: string,
): Promise<{ items: { entryId: string; posterUrl: string }[] }> {
  const campaign = await context.campaignsService.creatorCampaignFacts(user.accountId, campaignId);
  if (!campaign) throw errors.notFound();
  const posters = await entryChecksRepository.postersOf(context.db, user.accountId, campaign.id);
  return {
    items: await Promise.all(
      posters.flatMap(({ entryId, posterKey }) =>
        posterKey
          ? [
              hourlySignedLink(context.storage, context.clock, posterKey).then((posterUrl) => ({
                entryId,
                posterUrl,
              })),
            ]
          : [],
      ),
    ),
  };
}
