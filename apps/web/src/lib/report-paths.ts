import { paths } from './paths';

// Apart from `paths`, which every page loads: only the console's campaign and report pages need it.
/** One campaign's report in the console (the console's `reports/:campaignId`). */
export const consoleReportPath = (campaignId: string) =>
  `${paths.consoleReports}/${encodeURIComponent(campaignId)}`;
