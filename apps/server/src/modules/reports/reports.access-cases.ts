import { access } from '@platform/shared';
import { targetCampaignId, type AccessCase } from '../../test/access-cases';

export const reportsAccessCases: AccessCase[] = [
  {
    route: 'GET /server-api/marketing/campaigns/{id}/report',
    expect: access.staff('VIEW', 'CAMPAIGN_REPORT', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/marketing/campaigns/${await targetCampaignId(setup, 'LIVE')}/report`,
    }),
  },
  {
    route: 'GET /server-api/marketing/campaigns/{id}/forecast',
    expect: access.staff('VIEW', 'FORECAST_REPORT', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/marketing/campaigns/${await targetCampaignId(setup, 'LIVE')}/forecast`,
    }),
  },
  {
    route: 'GET /server-api/marketing/reports',
    expect: access.staff('VIEW', 'CAMPAIGN_REPORT', { scoped: true }),
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/marketing/reports?search=winter&status=LIVE' }),
  },
];
