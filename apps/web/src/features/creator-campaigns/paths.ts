import { paths } from '../../lib/paths';

/** Where a creator reads one campaign. */
export const campaignReaderPath = (id: string) => `${paths.campaigns}/${encodeURIComponent(id)}`;
