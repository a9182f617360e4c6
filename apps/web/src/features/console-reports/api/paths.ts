/** The reports the console reads: `/server-api/marketing/…`. */
export const reportListPath = '/server-api/marketing/reports';

/** One campaign's report, forecast or links: `…/campaigns/{id}/report`, `…/forecast`, `…/report/shares`. */
export const campaignReportPath = (campaignId: string, rest = '') =>
  `/server-api/marketing/campaigns/${encodeURIComponent(campaignId)}${rest}`;

/** The report a link was made for, read without an account. */
export const sharedReportPath = (token: string) => `/server-api/shared-reports/${encodeURIComponent(token)}`;

/** Every cached report, forecast and list of links starts with this key. */
export const reportsQueryKey = ['reports'] as const;
