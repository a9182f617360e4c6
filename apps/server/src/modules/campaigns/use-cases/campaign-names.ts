import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/** The names of campaigns, by id, for lists that show which campaign each row is about. */
export const campaignNames = (context: CampaignsContext, ids: string[]): Promise<Map<string, string>> =>
  repository.namesOf(context.db, ids);
