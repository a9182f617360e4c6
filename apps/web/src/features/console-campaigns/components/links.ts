import { paths } from '../../../lib/paths';

export const campaignListPath = paths.consoleCampaigns;
export const newCampaignPath = `${paths.consoleCampaigns}/new`;
export const campaignDetailPath = (id: string) => `${paths.consoleCampaigns}/${encodeURIComponent(id)}`;
export const campaignEditPath = (id: string) => `${campaignDetailPath(id)}/edit`;
