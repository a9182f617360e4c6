import { countryCoverage, type CountryCoverage } from '@platform/shared';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/**
 * The countries whose creators may see the campaign: those its live territories cover. For a caller
 * who has already been given the campaign (`staffCampaignFacts`).
 */
export async function creatorCoverage(
  context: CampaignsContext,
  campaignId: string,
): Promise<CountryCoverage> {
  const ids = new Set(await repository.territoryIdsOf(context.db, campaignId));
  const territories = await context.territoriesService.activeForCreators();
  return countryCoverage(
    territories.filter((territory) => ids.has(territory.id)).map((territory) => territory.countryCodeISO2),
  );
}
