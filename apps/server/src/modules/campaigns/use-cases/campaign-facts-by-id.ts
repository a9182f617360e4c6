import { isUuid } from '@platform/shared';
import { factsOf, type CampaignFacts } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/**
 * A campaign's facts whoever asks, or null: for a caller already given the campaign another way, such as
 * a signed report link made by staff who could see it.
 */
export async function campaignFactsById(
  context: CampaignsContext,
  id: string,
): Promise<CampaignFacts | null> {
  const row = isUuid(id) ? await repository.findById(context.db, id) : undefined;
  return row ? factsOf(row) : null;
}
