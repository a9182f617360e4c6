import { randomUUID } from 'node:crypto';
import { access, type ReportShare } from '@platform/shared';
import { targetCampaignId, type AccessCase, type CaseSetup } from '../../test/access-cases';

const sharers = access.staff('SHARE', 'REPORT', { scoped: true });

/** A link to the target campaign's report, made by an Admin (who may share any); none for a missing one. */
async function targetShare(setup: CaseSetup): Promise<{ campaignId: string; shareId: string; url: string }> {
  const campaignId = await targetCampaignId(setup, 'LIVE');
  if (setup.target === 'missing') return { campaignId, shareId: randomUUID(), url: '' };
  const answer = await setup.world
    .as('Admin')
    .post(`/server-api/marketing/campaigns/${campaignId}/report/shares`, {});
  if (answer.statusCode !== 201) throw new Error(`sharing answered ${answer.statusCode}: ${answer.body}`);
  const share = answer.json<ReportShare>();
  return { campaignId, shareId: share.id, url: share.url };
}

export const reportSharesAccessCases: AccessCase[] = [
  {
    route: 'POST /server-api/marketing/campaigns/{id}/report/shares',
    expect: sharers,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `/server-api/marketing/campaigns/${await targetCampaignId(setup, 'LIVE')}/report/shares`,
      body: { expiresInDays: 7 },
    }),
  },
  {
    route: 'GET /server-api/marketing/campaigns/{id}/report/shares',
    expect: sharers,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/marketing/campaigns/${await targetCampaignId(setup, 'LIVE')}/report/shares`,
    }),
  },
  {
    route: 'POST /server-api/marketing/campaigns/{id}/report/shares/{shareId}/revoke',
    expect: sharers,
    targetsRecord: true,
    request: async (setup) => {
      const { campaignId, shareId } = await targetShare(setup);
      return {
        method: 'POST',
        url: `/server-api/marketing/campaigns/${campaignId}/report/shares/${shareId}/revoke`,
      };
    },
  },
  {
    // Anyone holding the link, with or without a session: the signed token is the credential.
    route: 'GET /server-api/shared-reports/{token}',
    expect: access.public,
    targetsRecord: false,
    request: async (setup) => {
      const { url } = await targetShare(setup);
      return { method: 'GET', url: `/server-api/shared-reports/${url.split('/').at(-1) ?? ''}` };
    },
  },
];
