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
];
