import { randomUUID } from 'node:crypto';
import { access, type CampaignStatus } from '@platform/shared';
import type { AccessCase, CaseSetup } from '../../test/access-cases';
import { campaignBody, createCampaign } from '../../test/factories';

const CAMPAIGNS = '/server-api/marketing/campaigns';

/**
 * The campaign a call points at: a fresh one of the caller's team and territory (in scope for team- and
 * territory-scoped grants alike), a fresh one of the other team and territory, or none at all. Fresh, in
 * the status the call needs, since these calls move and change them.
 */
async function targetCampaignId(
  { context, world, target }: CaseSetup,
  status: CampaignStatus = 'DRAFT',
): Promise<string> {
  if (target === 'missing') return randomUUID();
  const [team, territory] =
    target === 'in-scope' ? [world.homeTeam, world.homeTerritory] : [world.otherTeam, world.otherTerritory];
  return (await createCampaign(context, { teamId: team.id, territoryIds: [territory.id], status })).id;
}

const homeBody = ({ context, world }: CaseSetup) =>
  campaignBody(context, { teamId: world.homeTeam.id, territoryIds: [world.homeTerritory.id] });

const move = (
  action: 'submit' | 'approve' | 'unpublish' | 'republish',
  grant: 'EDIT' | 'APPROVE',
  from: CampaignStatus,
): AccessCase => ({
  route: `POST ${CAMPAIGNS}/{id}/${action}`,
  expect: access.staff(grant, 'CAMPAIGN', { scoped: true }),
  targetsRecord: true,
  request: async (setup) => ({
    method: 'POST',
    url: `${CAMPAIGNS}/${await targetCampaignId(setup, from)}/${action}`,
  }),
});

export const campaignsAccessCases: AccessCase[] = [
  {
    route: `GET ${CAMPAIGNS}`,
    expect: access.staff('READ', 'CAMPAIGN', { scoped: true }),
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: `${CAMPAIGNS}?search=winter&status=DRAFT` }),
  },
  {
    route: `GET ${CAMPAIGNS}/{id}`,
    expect: access.staff('READ', 'CAMPAIGN', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({ method: 'GET', url: `${CAMPAIGNS}/${await targetCampaignId(setup)}` }),
  },
  {
    route: `POST ${CAMPAIGNS}`,
    expect: access.staff('CREATE', 'CAMPAIGN', { scoped: true }),
    targetsRecord: false,
    request: async (setup) => ({ method: 'POST', url: CAMPAIGNS, body: homeBody(setup) }),
  },
  {
    route: `PUT ${CAMPAIGNS}/{id}`,
    expect: access.staff('EDIT', 'CAMPAIGN', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'PUT',
      url: `${CAMPAIGNS}/${await targetCampaignId(setup)}`,
      body: homeBody(setup),
    }),
  },
  move('submit', 'EDIT', 'DRAFT'),
  move('approve', 'APPROVE', 'PENDING'),
  move('unpublish', 'APPROVE', 'PUBLISHED'),
  move('republish', 'APPROVE', 'UNPUBLISH'),
  {
    route: `POST ${CAMPAIGNS}/{id}/reject`,
    expect: access.staff('REJECT', 'CAMPAIGN', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${CAMPAIGNS}/${await targetCampaignId(setup, 'PENDING')}/reject`,
      body: { reason: 'Lower the first prize.' },
    }),
  },
  {
    route: `POST ${CAMPAIGNS}/{id}/copy`,
    expect: access.staff('COPY', 'CAMPAIGN', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({ method: 'POST', url: `${CAMPAIGNS}/${await targetCampaignId(setup)}/copy` }),
  },
  {
    route: `POST ${CAMPAIGNS}/{id}/archive`,
    expect: access.staff('ARCHIVE', 'CAMPAIGN', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${CAMPAIGNS}/${await targetCampaignId(setup)}/archive`,
    }),
  },
  {
    route: 'GET /server-api/campaigns',
    expect: access.creator,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/campaigns?sorted=true&onlyEnded=false' }),
  },
  {
    route: 'GET /server-api/campaigns/{id}',
    expect: access.creator,
    targetsRecord: true,
    // The world's creator lives in the home territory; a campaign elsewhere is not theirs to see.
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/campaigns/${await targetCampaignId(setup, 'PUBLISHED')}`,
    }),
  },
];
