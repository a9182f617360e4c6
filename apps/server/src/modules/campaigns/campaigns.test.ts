import { randomUUID } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CampaignBody,
  CampaignDetail,
  CampaignSummary,
  CreatorCampaignCard,
  CreatorCampaignDetail,
  Paged,
} from '@platform/shared';
import { auditLog, campaigns } from '../../db/schema/index';
import {
  actingAs,
  campaignBody,
  createCampaign,
  createCreator,
  createStaffMember,
  createTeam,
  createTerritory,
  createWorld,
  signIn,
  type World,
} from '../../test/factories';
import { createTestApp, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';

let context: TestApp;
let world: World;
/** node-postgres's warnings of a query sent on a connection still running one, from the file's start. */
const overlappingQueries: string[] = [];
const noteOverlappingQuery = (warning: Error) => {
  if (warning.message.includes('already executing a query')) overlappingQueries.push(warning.message);
};
beforeAll(async () => {
  process.on('warning', noteOverlappingQuery);
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  world = await createWorld(context);
});
afterAll(async () => {
  process.off('warning', noteOverlappingQuery);
  await context?.close();
});

type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[] } };

const CAMPAIGNS = '/server-api/marketing/campaigns';

const homeBody = (overrides: Partial<CampaignBody> = {}) =>
  campaignBody(context, { teamId: world.homeTeam.id, territoryIds: [world.homeTerritory.id], ...overrides });

const campaignCount = async () =>
  (await context.db.select({ total: count() }).from(campaigns))[0]?.total ?? 0;

const auditActions = async (campaignId: string) =>
  (
    await context.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, campaignId))
      .orderBy(asc(auditLog.at))
  ).map((row) => row.action);

async function draftAsMarketer(overrides: Partial<CampaignBody> = {}): Promise<CampaignDetail> {
  const response = await world.as('CampaignMarketer').post(CAMPAIGNS, homeBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CampaignDetail>();
}

describe('drafting a campaign', () => {
  it('lets a CampaignMarketer draft in their team, keeping only links and line breaks of the brief', async () => {
    const response = await world
      .as('CampaignMarketer')
      .post(
        CAMPAIGNS,
        homeBody({ brief: 'Hello<script>alert(1)</script> <b>there</b><br><a href="javascript:x()">x</a>' }),
      );
    expect(response.statusCode).toBe(201);
    const campaign = response.json<CampaignDetail>();
    expect(campaign).toMatchObject({
      status: 'DRAFT',
      team: { id: world.homeTeam.id },
      territories: [{ id: world.homeTerritory.id }],
      brief: 'Hello there<br /><a>x</a>',
      budget: 175000,
      currency: 'GBP',
      reward: { type: 'TOP_PRIZES', prizes: [100000, 50000, 25000] },
    });
    expect(campaign.history.map(({ from, to, by }) => [from, to, by?.email])).toEqual([
      [null, 'DRAFT', world.account('CampaignMarketer').email],
    ]);
    expect(await auditActions(campaign.id)).toEqual(['campaign.create']);
  });

  it('refuses rewards that could pay more than the budget, on the budget field, and writes nothing', async () => {
    const before = await campaignCount();
    const response = await world.as('CampaignMarketer').post(CAMPAIGNS, homeBody({ budget: 100000 }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.details).toEqual([
      {
        field: 'budget',
        message:
          'The rewards can pay out up to £1,750.00, more than the budget of £1,000.00. Raise the budget or lower the rewards.',
      },
    ]);
    expect(await campaignCount()).toBe(before);
  });

  it('refuses a team outside the marketer’s own and territories that do not exist, on their fields', async () => {
    const before = await campaignCount();
    const response = await world
      .as('CampaignMarketer')
      .post(CAMPAIGNS, homeBody({ teamId: world.otherTeam.id, territoryIds: [randomUUID()] }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.details).toEqual([
      { field: 'teamId', message: 'Choose one of your teams' },
      {
        field: 'territoryIds',
        message: 'One of the chosen territories is no longer on the list. Please choose again.',
      },
    ]);
    expect(await campaignCount()).toBe(before);
  });

  it('answers malformed bodies with 400s in the error format, never a 5xx', async () => {
    for (const body of [null, [], 'text', { ...homeBody(), reward: null }, { ...homeBody(), budget: '12' }]) {
      const response = await world.as('CampaignMarketer').post(CAMPAIGNS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorBody>().error.code).toBeTruthy();
    }
  });

  it('does not let a CampaignViewer draft', async () => {
    expect((await world.as('CampaignViewer').post(CAMPAIGNS, homeBody())).statusCode).toBe(403);
  });
});

describe('review', () => {
  it('takes a draft through submit, reject with a reason, edit, resubmit and approve, all in the history and the audit log', async () => {
    const draft = await draftAsMarketer();
    const marketer = world.as('CampaignMarketer');
    const manager = world.as('CampaignManager');

    expect((await marketer.post(`${CAMPAIGNS}/${draft.id}/submit`)).json<CampaignDetail>().status).toBe(
      'PENDING',
    );
    expect((await marketer.post(`${CAMPAIGNS}/${draft.id}/approve`)).statusCode).toBe(403);
    const editWhilePending = await marketer.put(`${CAMPAIGNS}/${draft.id}`, homeBody({ name: 'Changed' }));
    expect(editWhilePending.statusCode).toBe(409);

    const rejected = await manager.post(`${CAMPAIGNS}/${draft.id}/reject`, {
      reason: 'Lower the first prize.',
    });
    expect(rejected.json<CampaignDetail>()).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Lower the first prize.',
    });
    expect((await marketer.post(`${CAMPAIGNS}/${draft.id}/submit`)).statusCode).toBe(409);

    const edited = await marketer.put(
      `${CAMPAIGNS}/${draft.id}`,
      homeBody({ name: draft.name, reward: { type: 'TOP_PRIZES', prizes: [75000, 50000, 25000] } }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json<CampaignDetail>()).toMatchObject({ status: 'DRAFT', rejectionReason: null });
    await marketer.post(`${CAMPAIGNS}/${draft.id}/submit`);
    const approved = (await manager.post(`${CAMPAIGNS}/${draft.id}/approve`)).json<CampaignDetail>();
    expect(approved.status).toBe('PUBLISHED');
    expect(approved.history.map(({ from, to, reason }) => [from, to, reason])).toEqual([
      [null, 'DRAFT', null],
      ['DRAFT', 'PENDING', null],
      ['PENDING', 'REJECTED', 'Lower the first prize.'],
      ['REJECTED', 'DRAFT', null],
      ['DRAFT', 'PENDING', null],
      ['PENDING', 'PUBLISHED', null],
    ]);
    expect(await auditActions(draft.id)).toEqual([
      'campaign.create',
      'campaign.submit',
      'campaign.reject',
      'campaign.edit',
      'campaign.edit',
      'campaign.submit',
      'campaign.approve',
    ]);
  });

  it('needs a reason to reject', async () => {
    const campaign = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'PENDING',
    });
    const response = await world
      .as('CampaignManager')
      .post(`${CAMPAIGNS}/${campaign.id}/reject`, { reason: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.details).toEqual([
      { field: 'reason', message: 'Tell the marketer what to change' },
    ]);
  });

  it('refuses to send for review a draft whose start has passed, on the start', async () => {
    const past = new Date(context.clock.now().getTime() - 3600_000).toISOString();
    const campaign = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      startsAt: past,
    });
    const response = await world.as('CampaignMarketer').post(`${CAMPAIGNS}/${campaign.id}/submit`);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.details).toEqual([
      {
        field: 'startsAt',
        message: 'The start time has passed. Choose a later start before sending this for review.',
      },
    ]);
  });

  it('answers a move the status does not allow with 409', async () => {
    const campaign = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'ENDED',
    });
    for (const action of ['submit', 'approve', 'unpublish', 'republish']) {
      const response = await world.as('Admin').post(`${CAMPAIGNS}/${campaign.id}/${action}`);
      expect(response.statusCode, action).toBe(409);
      expect(response.json<ErrorBody>().error.message).toBe(
        'This cannot be done while the campaign is ENDED.',
      );
    }
  });
});

describe('changing an approved campaign', () => {
  /** Published, with dates fixed so that a body sending them again changes nothing material. */
  const dates = () => {
    const start = new Date(context.clock.now().getTime() + 24 * 3600_000);
    return {
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 7 * 24 * 3600_000).toISOString(),
    };
  };
  const published = (fixed: ReturnType<typeof dates>) =>
    createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'PUBLISHED',
      ...fixed,
    });

  it('keeps it published when only its words change', async () => {
    const fixed = dates();
    const campaign = await published(fixed);
    const response = await world
      .as('CampaignMarketer')
      .put(`${CAMPAIGNS}/${campaign.id}`, homeBody({ name: 'Winter Lights, renamed', ...fixed }));
    expect(response.json<CampaignDetail>()).toMatchObject({
      status: 'PUBLISHED',
      name: 'Winter Lights, renamed',
    });
  });

  it('needs CAMPAIGN_EDIT_ACTION to change the budget, and then sends it back to review', async () => {
    const fixed = dates();
    const campaign = await published(fixed);
    const richer = homeBody({ budget: 500000, ...fixed });
    const refused = await world.as('CampaignMarketer').put(`${CAMPAIGNS}/${campaign.id}`, richer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.message).toBe(
      'Changing the reward, budget or dates of an approved campaign needs the campaign edit permission.',
    );
    const [unchanged] = await context.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(unchanged?.budget).toBe(175000);

    const accepted = await world.as('CampaignManager').put(`${CAMPAIGNS}/${campaign.id}`, richer);
    expect(accepted.json<CampaignDetail>()).toMatchObject({ status: 'PENDING', budget: 500000 });
  });
});

describe('unpublishing, copying and archiving', () => {
  it('unpublishes and republishes a published campaign', async () => {
    const campaign = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'PUBLISHED',
    });
    const manager = world.as('CampaignManager');
    expect((await manager.post(`${CAMPAIGNS}/${campaign.id}/unpublish`)).json<CampaignDetail>().status).toBe(
      'UNPUBLISH',
    );
    expect((await manager.post(`${CAMPAIGNS}/${campaign.id}/republish`)).json<CampaignDetail>().status).toBe(
      'PUBLISHED',
    );
  });

  it('copies a campaign into a new draft of the same team and archives one that is not running', async () => {
    const original = await draftAsMarketer();
    const copy = await world.as('CampaignMarketer').post(`${CAMPAIGNS}/${original.id}/copy`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json<CampaignDetail>()).toMatchObject({
      status: 'DRAFT',
      name: `Copy of ${original.name}`,
      team: original.team,
      territories: original.territories,
      reward: original.reward,
    });
    const archived = await world.as('CampaignMarketer').post(`${CAMPAIGNS}/${original.id}/archive`);
    expect(archived.json<CampaignDetail>().archived).toBe(true);
    expect((await world.as('CampaignMarketer').post(`${CAMPAIGNS}/${original.id}/archive`)).statusCode).toBe(
      409,
    );
    const list = await world
      .as('CampaignMarketer')
      .get(`${CAMPAIGNS}?search=${encodeURIComponent(original.name)}`);
    expect(list.json<Paged<CampaignSummary>>().items.map((item) => item.id)).toEqual([
      copy.json<CampaignDetail>().id,
    ]);
  });
});

describe('the console list', () => {
  it('shows team-scoped staff their teams’ campaigns, a TerritoryManager those of their territories, filtered and paged', async () => {
    const team = await createTeam(context);
    const territory = await createTerritory(context, { countries: ['DE'] });
    const marketer = await createStaffMember(context, { role: 'CampaignMarketer', teamIds: [team.id] });
    const manager = await createStaffMember(context, {
      role: 'TerritoryManager',
      territoryIds: [territory.id],
    });
    const mine = await createCampaign(context, {
      teamId: team.id,
      territoryIds: [territory.id],
      platform: 'Youtube',
    });
    await createCampaign(context, { teamId: team.id, territoryIds: [territory.id], status: 'LIVE' });
    await createCampaign(context, { teamId: world.otherTeam.id, territoryIds: [world.otherTerritory.id] });

    const asMarketer = actingAs(context, await signIn(context, marketer));
    const page = (await asMarketer.get(`${CAMPAIGNS}?pageSize=1`)).json<Paged<CampaignSummary>>();
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    const youtube = (await asMarketer.get(`${CAMPAIGNS}?platform=Youtube`)).json<Paged<CampaignSummary>>();
    expect(youtube.items.map((item) => item.id)).toEqual([mine.id]);
    const live = (await asMarketer.get(`${CAMPAIGNS}?status=LIVE`)).json<Paged<CampaignSummary>>();
    expect(live.total).toBe(1);

    const asManager = actingAs(context, await signIn(context, manager));
    expect((await asManager.get(CAMPAIGNS)).json<Paged<CampaignSummary>>().total).toBe(2);
    expect((await asManager.get(`${CAMPAIGNS}/${mine.id}`)).statusCode).toBe(200);
    expect((await asMarketer.get(`${CAMPAIGNS}?status=NOPE`)).statusCode).toBe(400);
  });
});

describe('the schedule', () => {
  it('makes a published campaign LIVE at its start and ENDED at its end, once, by the scheduler', async () => {
    const start = new Date(context.clock.now().getTime() + 60_000);
    const campaign = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'PUBLISHED',
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3600_000).toISOString(),
    });
    const statusOf = async () =>
      (await context.db.select().from(campaigns).where(eq(campaigns.id, campaign.id)))[0]?.status;

    await context.services.campaigns.runSchedule();
    expect(await statusOf()).toBe('PUBLISHED');
    context.clock.advance(60_000);
    await Promise.all([context.services.campaigns.runSchedule(), context.services.campaigns.runSchedule()]);
    expect(await statusOf()).toBe('LIVE');
    context.clock.advance(3600_000);
    await context.services.campaigns.runSchedule();
    expect(await statusOf()).toBe('ENDED');
    expect(await auditActions(campaign.id)).toEqual(['campaign.start', 'campaign.end']);
  });
});

describe('what creators see', () => {
  it('shows an ACTIVE creator the published, live and ended campaigns of their territories, and nothing else', async () => {
    const territory = await createTerritory(context, { countries: ['FR'] });
    const creator = await createCreator(context, { country: 'FR' });
    const asCreator = actingAs(context, await signIn(context, creator));
    const inTerritory = (status: 'PUBLISHED' | 'LIVE' | 'ENDED' | 'DRAFT' | 'PENDING' | 'UNPUBLISH') =>
      createCampaign(context, { teamId: world.homeTeam.id, territoryIds: [territory.id], status });
    const live = await inTerritory('LIVE');
    const published = await inTerritory('PUBLISHED');
    const ended = await inTerritory('ENDED');
    const hidden = await Promise.all([
      inTerritory('DRAFT'),
      inTerritory('PENDING'),
      inTerritory('UNPUBLISH'),
    ]);
    const elsewhere = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.otherTerritory.id],
      status: 'LIVE',
    });

    const list = (await asCreator.get('/server-api/campaigns?sorted=true&onlyEnded=')).json<
      CreatorCampaignCard[]
    >();
    expect(list.map((card) => card.id)).toEqual([live.id, published.id]);
    expect(list[0]).toMatchObject({
      maxPayout: { amount: 175000, currency: 'GBP' },
      campaignEntriesCount: 0,
    });
    const endedList = (await asCreator.get('/server-api/campaigns?onlyEnded=true')).json<
      CreatorCampaignCard[]
    >();
    expect(endedList.map((card) => card.id)).toEqual([ended.id]);

    const detail = await asCreator.get(`/server-api/campaigns/${live.id}`);
    expect(detail.json<CreatorCampaignDetail>()).toMatchObject({
      id: live.id,
      reward: { type: 'TOP_PRIZES', prizes: [100000, 50000, 25000] },
      requirements: { hashtags: ['#WinterLights'] },
    });
    for (const id of [...hidden.map((campaign) => campaign.id), elsewhere.id, 'not-an-id']) {
      expect((await asCreator.get(`/server-api/campaigns/${id}`)).statusCode, id).toBe(404);
    }
  });

  it('shows a creator who has not finished onboarding no campaign at all', async () => {
    const territory = await createTerritory(context, { countries: ['ES'] });
    const creator = await createCreator(context, { country: 'ES', status: 'KYC_CHECK' });
    const live = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [territory.id],
      status: 'LIVE',
    });
    const asCreator = actingAs(context, await signIn(context, creator));
    expect((await asCreator.get('/server-api/campaigns')).json()).toEqual([]);
    expect((await asCreator.get(`/server-api/campaigns/${live.id}`)).statusCode).toBe(404);
  });
});

describe('the teams a campaign picker offers', () => {
  it('lists a marketer’s own live teams, and every live team to a role that sees all campaigns', async () => {
    type TeamPage = { items: { id: string }[]; total: number };
    // Sessions of its own: the schedule's tests move the clock past the first ones.
    const people = await createWorld(context);
    const teamsOf = async (role: 'CampaignMarketer' | 'Admin') => {
      const response = await people.as(role).get(`${CAMPAIGNS}/teams?page=1&pageSize=100`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TeamPage>().items.map((team) => team.id);
    };
    expect(await teamsOf('CampaignMarketer')).toEqual([people.homeTeam.id]);
    const everyTeam = await teamsOf('Admin');
    expect(everyTeam).toEqual(expect.arrayContaining([people.homeTeam.id, people.otherTeam.id]));
    const refused = await people.as('Creator').get(`${CAMPAIGNS}/teams`);
    expect(refused.statusCode).toBe(403);
  });
});

describe('the database connection', () => {
  // A transaction holds one connection, which runs one query at a time: queries sent together on it
  // would only queue, and node-postgres warns (once a process) that version 9 refuses them.
  it('never gets a query while it runs another, through every call above (on PostgreSQL)', async () => {
    // Sessions of its own: the schedule's tests move the clock past the first ones.
    const people = await createWorld(context);
    const marketer = people.as('CampaignMarketer');
    const body = campaignBody(context, {
      teamId: people.homeTeam.id,
      territoryIds: [people.homeTerritory.id],
    });
    const drafted = await marketer.post(CAMPAIGNS, body);
    expect(drafted.statusCode, drafted.body).toBe(201);
    const read = await marketer.get(`${CAMPAIGNS}/${drafted.json<CampaignDetail>().id}`);
    expect(read.statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(overlappingQueries).toEqual([]);
  });
});
