import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RSVP_MESSAGES,
  type CampaignRsvp,
  type CampaignStatus,
  type CampaignType,
  type CreatorInvitation,
  type EligibleCreator,
  type Paged,
  type Rsvp,
} from '@platform/shared';
import { auditLog, campaignRsvps } from '../../db/schema/index';
import {
  createCampaign,
  createCreator,
  createWorld,
  giveHandle,
  signedIn,
  type SignedIn,
  type World,
} from '../../test/factories';
import { createTestApp, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';

let context: TestApp;
let world: World;
beforeAll(async () => {
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[] } };

const RSVP = '/server-api/campaigns/rsvp';
const staffPath = (campaignId: string, rest = '') => `/server-api/marketing/campaigns/${campaignId}${rest}`;

/** A campaign of the home team and territory (where the world's people work and live). */
const homeCampaign = (type: CampaignType = 'CHALLENGE', status: CampaignStatus = 'LIVE') =>
  createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    type,
    status,
  });

/** A fresh ACTIVE creator of the home territory, signed in, with a TikTok handle unless told otherwise. */
async function newCreator(options: { handle?: boolean; country?: string } = {}): Promise<SignedIn> {
  const account = await createCreator(context, { ...(options.country ? { country: options.country } : {}) });
  if (options.handle !== false) await giveHandle(context, account.id, 'TikTok');
  return signedIn(context, account);
}

const rowsOf = async (campaignId: string) =>
  (
    await context.db
      .select({ total: count() })
      .from(campaignRsvps)
      .where(eq(campaignRsvps.campaignId, campaignId))
  )[0]?.total ?? 0;

describe('joining a CHALLENGE campaign', () => {
  it('takes an eligible creator straight to ACCEPT, answers a second join with the same RSVP, and audits it', async () => {
    const campaign = await homeCampaign();
    const creator = await newCreator();
    const body = { campaignId: campaign.id, creatorId: creator.account.id };

    const joined = await creator.as.post(RSVP, body);
    expect(joined.statusCode, joined.body).toBe(201);
    const rsvp = joined.json<Rsvp>();
    expect(rsvp).toMatchObject({ campaignId: campaign.id, creatorId: creator.account.id, status: 'ACCEPT' });

    const again = await creator.as.post(RSVP, body);
    expect(again.statusCode).toBe(200);
    expect(again.json<Rsvp>().id).toBe(rsvp.id);

    const found = await creator.as.post(`${RSVP}/search`, body);
    expect(found.json<{ data: Rsvp[] }>().data).toEqual([rsvp]);
    const audited = await context.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.targetId, rsvp.id));
    expect(audited).toEqual([{ action: 'rsvp.join', actorId: creator.account.id }]);
  });

  it('makes one RSVP of ten joins at once', async () => {
    const campaign = await homeCampaign('CHALLENGE', 'PUBLISHED');
    const creator = await newCreator();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        creator.as.post(RSVP, { campaignId: campaign.id, creatorId: creator.account.id }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((answer) => answer.json<Rsvp>().id)).size).toBe(1);
    expect(await rowsOf(campaign.id)).toBe(1);
  });

  it('asks for a handle on the campaign’s platform first, and writes nothing', async () => {
    const campaign = await homeCampaign();
    const creator = await newCreator({ handle: false });
    await giveHandle(context, creator.account.id, 'Instagram');
    const refused = await creator.as.post(RSVP, { campaignId: campaign.id, creatorId: creator.account.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().error.message).toBe(RSVP_MESSAGES.handleNeeded('TikTok'));
    expect(await rowsOf(campaign.id)).toBe(0);
  });

  it('refuses a BESPOKE or ended campaign with a reason, and hides what the creator may not see', async () => {
    const creator = await newCreator();
    const join = (campaignId: string, creatorId = creator.account.id) =>
      creator.as.post(RSVP, { campaignId, creatorId });

    const bespoke = await join((await homeCampaign('BESPOKE')).id);
    expect([bespoke.statusCode, bespoke.json<ErrorBody>().error.message]).toEqual([
      409,
      RSVP_MESSAGES.inviteOnly,
    ]);
    const ended = await join((await homeCampaign('CHALLENGE', 'ENDED')).id);
    expect([ended.statusCode, ended.json<ErrorBody>().error.message]).toEqual([
      409,
      RSVP_MESSAGES.notRunning,
    ]);

    expect((await join((await homeCampaign('CHALLENGE', 'DRAFT')).id)).statusCode).toBe(404);
    const elsewhere = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.otherTerritory.id],
      status: 'LIVE',
    });
    expect((await join(elsewhere.id)).statusCode).toBe(404);
    const live = await homeCampaign();
    expect((await join(live.id, world.account('Creator').id)).statusCode).toBe(404);

    const onboarding = await signedIn(context, await createCreator(context, { status: 'KYC_CHECK' }));
    await giveHandle(context, onboarding.account.id, 'TikTok');
    const early = await onboarding.as.post(RSVP, { campaignId: live.id, creatorId: onboarding.account.id });
    expect(early.statusCode).toBe(404);
    expect(await rowsOf(live.id)).toBe(0);
  });

  it('answers bad input with the field’s message, never a 500', async () => {
    const creator = await newCreator();
    const bad = await creator.as.post(RSVP, { campaignId: 'nope', creatorId: creator.account.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().error.details).toEqual([
      { field: 'campaignId', message: RSVP_MESSAGES.campaignUnknown },
    ]);
    const answer = await creator.as.patch(`${RSVP}/${crypto.randomUUID()}`, { status: 'MAYBE' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<ErrorBody>().error.details).toEqual([
      { field: 'status', message: RSVP_MESSAGES.answerRequired },
    ]);
  });
});

describe('invitations to a BESPOKE campaign', () => {
  const invitationsOf = async (creator: SignedIn) =>
    (await creator.as.get(`${RSVP}/invitations`)).json<{ data: CreatorInvitation[] }>().data;

  it('are answered by each creator: one accepts, one declines and is asked again, one is unselected', async () => {
    const campaign = await homeCampaign('BESPOKE', 'PUBLISHED');
    const [ada, ben] = [await newCreator(), await newCreator()];
    const marketer = world.as('CampaignMarketer');

    const invited = await marketer.post(staffPath(campaign.id, '/invitations'), {
      creatorIds: [ada.account.id, ben.account.id, ada.account.id],
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json<{ invited: Rsvp[] }>().invited.map((rsvp) => rsvp.status)).toEqual([
      'INVITED',
      'INVITED',
    ]);
    const [adaInvitation] = await invitationsOf(ada);
    expect(adaInvitation?.campaign).toMatchObject({ id: campaign.id, name: campaign.name });

    const accepted = await ada.as.patch(`${RSVP}/${adaInvitation?.rsvp.id}`, { status: 'ACCEPT' });
    expect(accepted.json<Rsvp>().status).toBe('ACCEPT');
    const [benInvitation] = await invitationsOf(ben);
    const declined = await ben.as.patch(`${RSVP}/${benInvitation?.rsvp.id}`, { status: 'DECLINE' });
    expect(declined.json<Rsvp>().status).toBe('DECLINE');
    expect(await invitationsOf(ben)).toEqual([]);
    expect((await ben.as.patch(`${RSVP}/${benInvitation?.rsvp.id}`, { status: 'ACCEPT' })).statusCode).toBe(
      409,
    );

    const again = await marketer.post(staffPath(campaign.id, `/rsvps/${benInvitation?.rsvp.id}/reinvite`));
    expect(again.json<Rsvp>().status).toBe('REINVITED');
    expect((await invitationsOf(ben)).map((invitation) => invitation.rsvp.status)).toEqual(['REINVITED']);
    expect(
      (await ben.as.patch(`${RSVP}/${benInvitation?.rsvp.id}`, { status: 'ACCEPT' })).json<Rsvp>().status,
    ).toBe('ACCEPT');

    const unselected = await marketer.post(
      staffPath(campaign.id, `/rsvps/${adaInvitation?.rsvp.id}/unselect`),
    );
    expect(unselected.json<Rsvp>().status).toBe('UNSELECTED');
    const withdrawn = await marketer.post(
      staffPath(campaign.id, `/rsvps/${adaInvitation?.rsvp.id}/uninvite`),
    );
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json<ErrorBody>().error.message).toBe(RSVP_MESSAGES.notAllowed);

    const listed = await world.as('CampaignViewer').get(staffPath(campaign.id, '/rsvps?status=ACCEPT'));
    const page = listed.json<Paged<CampaignRsvp>>();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ creatorId: ben.account.id, creator: { name: 'Casey Creator' } });
    expect(page.items[0]?.creator.handle).toMatch(/^casey_/);

    const actions = await context.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'rsvp'), eq(auditLog.targetLabel, campaign.name)));
    expect(actions.map((row) => row.action).sort()).toEqual(
      [
        'rsvp.accept',
        'rsvp.accept',
        'rsvp.decline',
        'rsvp.invite',
        'rsvp.invite',
        'rsvp.reinvite',
        'rsvp.unselect',
      ].sort(),
    );
  });

  it('invites nobody when one creator cannot take part, and only to a published BESPOKE campaign', async () => {
    const campaign = await homeCampaign('BESPOKE', 'LIVE');
    const local = await newCreator();
    const abroad = await newCreator({ country: 'AU' });
    const marketer = world.as('CampaignMarketer');

    const refused = await marketer.post(staffPath(campaign.id, '/invitations'), {
      creatorIds: [local.account.id, abroad.account.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error.details).toEqual([
      { field: 'creatorIds.1', message: RSVP_MESSAGES.creatorNotEligible },
    ]);
    expect(await rowsOf(campaign.id)).toBe(0);

    const challenge = await homeCampaign('CHALLENGE');
    const open = await marketer.post(staffPath(challenge.id, '/invitations'), {
      creatorIds: [local.account.id],
    });
    expect([open.statusCode, open.json<ErrorBody>().error.message]).toEqual([409, RSVP_MESSAGES.openToAll]);
    const draft = await homeCampaign('BESPOKE', 'DRAFT');
    const early = await marketer.post(staffPath(draft.id, '/invitations'), {
      creatorIds: [local.account.id],
    });
    expect([early.statusCode, early.json<ErrorBody>().error.message]).toEqual([
      409,
      RSVP_MESSAGES.notPublished,
    ]);
    const none = await marketer.post(staffPath(campaign.id, '/invitations'), { creatorIds: [] });
    expect(none.json<ErrorBody>().error.details).toEqual([
      { field: 'creatorIds', message: RSVP_MESSAGES.inviteRequired },
    ]);
  });

  it('keeps each campaign’s RSVPs to its own routes and to staff in scope', async () => {
    const campaign = await homeCampaign('BESPOKE', 'LIVE');
    const other = await homeCampaign('BESPOKE', 'LIVE');
    const creator = await newCreator();
    const marketer = world.as('CampaignMarketer');
    const [rsvp] = (
      await marketer.post(staffPath(campaign.id, '/invitations'), { creatorIds: [creator.account.id] })
    ).json<{ invited: Rsvp[] }>().invited;
    expect((await marketer.post(staffPath(other.id, `/rsvps/${rsvp?.id}/uninvite`))).statusCode).toBe(404);
    expect(
      (await world.as('CampaignViewer').post(staffPath(campaign.id, `/rsvps/${rsvp?.id}/uninvite`)))
        .statusCode,
    ).toBe(403);

    const abroad = await createCampaign(context, {
      teamId: world.otherTeam.id,
      territoryIds: [world.homeTerritory.id],
      type: 'BESPOKE',
      status: 'LIVE',
    });
    expect((await marketer.get(staffPath(abroad.id, '/rsvps'))).statusCode).toBe(404);
    expect(
      (await marketer.post(staffPath(abroad.id, '/invitations'), { creatorIds: [creator.account.id] }))
        .statusCode,
    ).toBe(404);
    expect((await creator.as.patch(`${RSVP}/${rsvp?.id}`, { status: 'ACCEPT' })).json<Rsvp>().status).toBe(
      'ACCEPT',
    );
    const stranger = await newCreator();
    expect((await stranger.as.patch(`${RSVP}/${rsvp?.id}`, { status: 'DECLINE' })).statusCode).toBe(404);
  });

  it('finds the creators a campaign may invite by name or handle, with where each stands already', async () => {
    const campaign = await homeCampaign('BESPOKE', 'LIVE');
    const marketer = world.as('CampaignMarketer');
    const handle = `zoe_${crypto.randomUUID().slice(0, 8)}`;
    const local = await createCreator(context);
    await giveHandle(context, local.id, 'TikTok', handle);
    const abroad = await createCreator(context, { country: 'AU' });
    await giveHandle(context, abroad.id, 'TikTok', `${handle}_au`);
    const onboarding = await createCreator(context, { status: 'KYC_CHECK' });
    await giveHandle(context, onboarding.id, 'TikTok', `${handle}_kyc`);
    const find = async (search: string) =>
      (
        await marketer.get(staffPath(campaign.id, `/eligible-creators?search=${encodeURIComponent(search)}`))
      ).json<Paged<EligibleCreator>>();

    const found = await find(handle.toUpperCase());
    expect(found.total).toBe(1);
    expect(found.items).toEqual([
      { id: local.id, name: 'Casey Creator', country: 'GB', handle, rsvpStatus: null },
    ]);

    await marketer.post(staffPath(campaign.id, '/invitations'), { creatorIds: [local.id] });
    expect((await find(handle)).items[0]?.rsvpStatus).toBe('INVITED');
    const everyone = (await marketer.get(staffPath(campaign.id, '/eligible-creators?pageSize=100'))).json<
      Paged<EligibleCreator>
    >();
    expect(everyone.items.map((creator) => creator.id)).toContain(local.id);
    expect(everyone.items.map((creator) => creator.id)).not.toContain(abroad.id);
    expect(everyone.items.map((creator) => creator.id)).not.toContain(onboarding.id);
    expect(everyone.items.every((creator) => creator.country === 'GB')).toBe(true);
    expect((await find('50%_off')).total).toBe(0);
    const out = await world.as('CampaignMarketer').get(staffPath(crypto.randomUUID(), '/eligible-creators'));
    expect(out.statusCode).toBe(404);
  });
});
