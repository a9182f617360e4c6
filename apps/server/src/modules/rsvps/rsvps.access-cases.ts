import { randomUUID } from 'node:crypto';
import { access, type RsvpStatus } from '@platform/shared';
import { campaignRsvps } from '../../db/schema/index';
import { targetCampaignId, type AccessCase, type CaseSetup } from '../../test/access-cases';
import { createCreator, giveHandle } from '../../test/factories';

const RSVP = '/server-api/campaigns/rsvp';
const STAFF = '/server-api/marketing/campaigns';

/** The creator a creator route acts for: the caller when a creator calls, else a fresh one. */
const creatorIdFor = async ({ context, caller }: CaseSetup): Promise<string> => {
  const id = caller?.role === 'Creator' ? caller.id : (await createCreator(context)).id;
  await giveHandle(context, id, 'TikTok');
  return id;
};

/**
 * An RSVP in `status` on a live BESPOKE campaign the target asks for: in scope, the caller's own (a
 * creator) on a campaign of the home team and territory; out of scope, another creator's on a campaign
 * elsewhere; missing, ids of nothing.
 */
async function targetRsvp(setup: CaseSetup, status: RsvpStatus) {
  const campaignId = await targetCampaignId(setup, 'LIVE', 'BESPOKE');
  if (setup.target === 'missing') return { campaignId, id: randomUUID() };
  const creatorId =
    setup.target === 'in-scope' ? await creatorIdFor(setup) : (await createCreator(setup.context)).id;
  const id = randomUUID();
  const now = setup.context.clock.now();
  await setup.context.db
    .insert(campaignRsvps)
    .values({ id, campaignId, creatorId, status, invitedBy: null, createdAt: now, updatedAt: now });
  return { campaignId, id };
}

const staffMove = (move: 'reinvite' | 'uninvite' | 'unselect', from: RsvpStatus): AccessCase => ({
  route: `POST ${STAFF}/{id}/rsvps/{rsvpId}/${move}`,
  expect: access.staff(move === 'unselect' ? 'ASSIGN' : 'INVITE', 'CAMPAIGN_CREATOR', { scoped: true }),
  targetsRecord: true,
  request: async (setup) => {
    const rsvp = await targetRsvp(setup, from);
    return { method: 'POST', url: `${STAFF}/${rsvp.campaignId}/rsvps/${rsvp.id}/${move}` };
  },
});

export const rsvpsAccessCases: AccessCase[] = [
  {
    route: `POST ${RSVP}`,
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: RSVP,
      body: { campaignId: await targetCampaignId(setup, 'LIVE'), creatorId: await creatorIdFor(setup) },
    }),
  },
  {
    route: `PATCH ${RSVP}/{id}`,
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'PATCH',
      url: `${RSVP}/${(await targetRsvp(setup, 'INVITED')).id}`,
      body: { status: 'DECLINE' },
    }),
  },
  {
    route: `POST ${RSVP}/search`,
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${RSVP}/search`,
      body: { campaignId: await targetCampaignId(setup, 'LIVE'), creatorId: await creatorIdFor(setup) },
    }),
  },
  {
    route: `GET ${RSVP}/invitations`,
    expect: access.creator,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: `${RSVP}/invitations` }),
  },
  {
    route: `GET ${STAFF}/{id}/rsvps`,
    expect: access.staff('READ', 'CAMPAIGN_CREATOR', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `${STAFF}/${await targetCampaignId(setup, 'LIVE', 'BESPOKE')}/rsvps?status=INVITED`,
    }),
  },
  {
    route: `GET ${STAFF}/{id}/eligible-creators`,
    expect: access.staff('INVITE', 'CAMPAIGN_CREATOR', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `${STAFF}/${await targetCampaignId(setup, 'LIVE', 'BESPOKE')}/eligible-creators?search=casey`,
    }),
  },
  {
    route: `POST ${STAFF}/{id}/invitations`,
    expect: access.staff('INVITE', 'CAMPAIGN_CREATOR', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${STAFF}/${await targetCampaignId(setup, 'LIVE', 'BESPOKE')}/invitations`,
      body: { creatorIds: [(await createCreator(setup.context)).id] },
    }),
  },
  staffMove('reinvite', 'DECLINE'),
  staffMove('uninvite', 'INVITED'),
  staffMove('unselect', 'ACCEPT'),
];
