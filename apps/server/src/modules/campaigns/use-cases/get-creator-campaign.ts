import { isServableScanStatus, isUuid } from '@platform/shared';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import { creatorCampaigns } from '../campaign-access';
import { creatorCard, toCampaignAsset, type CreatorCampaignDetailFacts } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/** A campaign the creator may see, as they read it before joining (GET /server-api/campaigns/{id}), or 404. */
export async function getCreatorCampaign(
  context: CampaignsContext,
  user: RequestUser,
  id: string,
): Promise<CreatorCampaignDetailFacts> {
  if (!isUuid(id)) throw errors.notFound();
  const [row] = await creatorCampaigns(context, user.accountId, id);
  if (!row) throw errors.notFound();
  const assets = await repository.assetsOf(context.db, row.id);
  return {
    ...creatorCard(row, assets, (await repository.fundingOf(context.db, row.id)).succeededMinor),
    brief: row.brief,
    currency: row.currency,
    reward: row.reward,
    requirements: row.requirements,
    validation: row.validation,
    assets: assets.filter((asset) => isServableScanStatus(asset.scanStatus)).map(toCampaignAsset),
  };
}
