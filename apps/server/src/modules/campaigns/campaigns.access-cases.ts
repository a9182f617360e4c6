import { randomUUID } from 'node:crypto';
import { access, type CampaignStatus } from '@platform/shared';
import { campaignAssets } from '../../db/schema/index';
import { targetCampaignId, type AccessCase, type CaseSetup } from '../../test/access-cases';
import { campaignBody, TINY_PNG } from '../../test/factories';

const CAMPAIGNS = '/server-api/marketing/campaigns';

const homeBody = ({ context, world }: CaseSetup) =>
  campaignBody(context, { teamId: world.homeTeam.id, territoryIds: [world.homeTerritory.id] });

const move = (
  action: 'submit' | 'approve' | 'unpublish' | 'republish' | 'resume',
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

/** A stored, scanned image of the campaign `target` asks for (or of no campaign): its id and path. */
async function targetAsset(setup: CaseSetup, status: CampaignStatus = 'DRAFT') {
  const campaignId = await targetCampaignId(setup, status);
  const id = randomUUID();
  const storageKey = `campaign-assets/${campaignId}/${id}.png`;
  if (setup.target !== 'missing') {
    await setup.context.storage.put(storageKey, TINY_PNG, 'image/png');
    await setup.context.db.insert(campaignAssets).values({
      id,
      campaignId,
      fileType: 'image',
      fileName: 'cover.png',
      contentType: 'image/png',
      size: TINY_PNG.length,
      storageKey,
      scanStatus: 'SUCCESS',
      uploadedAt: setup.context.clock.now(),
      createdAt: setup.context.clock.now(),
    });
  }
  return { campaignId, id, storageKey };
}

export const campaignsAccessCases: AccessCase[] = [
  {
    route: `GET ${CAMPAIGNS}`,
    expect: access.staff('READ', 'CAMPAIGN', { scoped: true }),
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: `${CAMPAIGNS}?search=winter&status=DRAFT` }),
  },
  {
    route: `GET ${CAMPAIGNS}/teams`,
    expect: access.staff('READ', 'CAMPAIGN', { scoped: true }),
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: `${CAMPAIGNS}/teams?page=1&pageSize=20` }),
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
  move('resume', 'APPROVE', 'PAUSED'),
  {
    route: `POST ${CAMPAIGNS}/{id}/pause`,
    expect: access.staff('APPROVE', 'CAMPAIGN', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${CAMPAIGNS}/${await targetCampaignId(setup, 'LIVE')}/pause`,
      body: { reason: 'The artist’s single is delayed.' },
    }),
  },
  {
    route: `GET ${CAMPAIGNS}/{id}/fundings`,
    expect: access.staff('READ', 'CAMPAIGN_BUDGET', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `${CAMPAIGNS}/${await targetCampaignId(setup)}/fundings`,
    }),
  },
  {
    // Narrowed to no team: only a grant over every campaign (the Admin's) records money received.
    route: `POST ${CAMPAIGNS}/{id}/fundings/transfer`,
    expect: access.staff('EDIT', 'CAMPAIGN_BUDGET', { scoped: false }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${CAMPAIGNS}/${await targetCampaignId(setup)}/fundings/transfer`,
      body: { amountMinor: 10_000, reference: 'BACS 0001' },
    }),
  },
  {
    route: `POST ${CAMPAIGNS}/{id}/fundings/top-up`,
    expect: access.staff('EDIT', 'CAMPAIGN_BUDGET', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${CAMPAIGNS}/${await targetCampaignId(setup)}/fundings/top-up`,
      body: { amountMinor: 10_000 },
    }),
    // No payments provider in the matrix's app: an allowed caller is told an Admin records a transfer.
    allowedStatus: 409,
  },
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
  {
    route: `POST ${CAMPAIGNS}/{id}/assets`,
    expect: access.staff('EDIT', 'CAMPAIGN', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${CAMPAIGNS}/${await targetCampaignId(setup)}/assets`,
      body: { fileName: 'cover.png', contentType: 'image/png', size: TINY_PNG.length },
    }),
  },
  {
    // Completing an upload already taken in answers the file as it is.
    route: `POST ${CAMPAIGNS}/{id}/assets/{assetId}/complete`,
    expect: access.staff('EDIT', 'CAMPAIGN', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => {
      const asset = await targetAsset(setup);
      return { method: 'POST', url: `${CAMPAIGNS}/${asset.campaignId}/assets/${asset.id}/complete` };
    },
  },
  {
    route: `DELETE ${CAMPAIGNS}/{id}/assets/{assetId}`,
    expect: access.staff('EDIT', 'CAMPAIGN', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => {
      const asset = await targetAsset(setup);
      return { method: 'DELETE', url: `${CAMPAIGNS}/${asset.campaignId}/assets/${asset.id}` };
    },
  },
  {
    // Any signed-in caller who may see the campaign: staff in their scope, a creator of its territory.
    route: 'GET /server-api/asset/status/{encodedPath}',
    expect: access.signedIn,
    targetsRecord: true,
    request: async (setup) => {
      const asset = await targetAsset(setup, 'PUBLISHED');
      return { method: 'GET', url: `/server-api/asset/status/${encodeURIComponent(asset.storageKey)}` };
    },
  },
  {
    // Anyone, with or without a session: a published campaign's scanned files are public (SPEC §7).
    route: 'GET /server-api/campaign-assets/{*}',
    expect: access.public,
    targetsRecord: false,
    request: async (setup) => {
      const asset = await targetAsset(setup, 'PUBLISHED');
      return { method: 'GET', url: `/server-api/${asset.storageKey}` };
    },
  },
];
