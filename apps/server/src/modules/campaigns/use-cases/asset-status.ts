import { grantScope } from '@platform/shared';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import { creatorCampaigns } from '../campaign-access';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository, type CampaignRow } from '../campaigns.repository';

/** Whether a staff member's grant to read campaigns reaches this one. */
async function staffReach(
  context: CampaignsContext,
  user: RequestUser,
  campaign: CampaignRow,
): Promise<boolean> {
  const scope = grantScope(user.role, 'READ', 'CAMPAIGN');
  if (scope === 'team') {
    return (await context.teamsService.teamIdsOf(user.accountId)).includes(campaign.teamId);
  }
  if (scope === 'territory') {
    const managed = new Set(await context.territoriesService.managedTerritoryIds(user.accountId));
    return (await repository.territoryIdsOf(context.db, campaign.id)).some((territoryId) =>
      managed.has(territoryId),
    );
  }
  return scope === 'all';
}

/**
 * GET /server-api/asset/status/{encodedPath}: a file's scan status (SPEC §4), for whoever may see
 * its campaign: staff in their scope, a creator when the campaign is theirs to see. Else 404.
 */
export async function assetStatus(
  context: CampaignsContext,
  user: RequestUser,
  path: string,
): Promise<string> {
  const found = await repository.assetByKey(context.db, path);
  if (!found) throw errors.notFound();
  const { asset, campaign } = found;
  if (user.role === 'Creator') {
    const visible = await creatorCampaigns(context, user.accountId);
    if (!visible.some((candidate) => candidate.id === campaign.id)) throw errors.notFound();
    return asset.scanStatus;
  }
  if (!(await staffReach(context, user, campaign))) throw errors.notFound();
  return asset.scanStatus;
}
