import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_MESSAGES,
  ENTRY_MESSAGES,
  FUNDING_MESSAGES,
  RSVP_MESSAGES,
  type CampaignDetail,
  type CampaignStatus,
  type CreatorCampaignDetail,
} from '@platform/shared';
import { auditLog, campaigns } from '../../db/schema/index';
import {
  createCampaign,
  createWorld,
  joinedCreator,
  signedIn,
  createCreator,
  giveHandle,
  type World,
} from '../../test/factories';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';

let context: TestApp;
let world: World;
beforeAll(async () => {
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

const CAMPAIGNS = '/server-api/marketing/campaigns';
const REASON = 'The artist’s new single is delayed: entries reopen next week.';

const homeCampaign = (status: CampaignStatus, overrides: { endsAt?: string; startsAt?: string } = {}) =>
  createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status,
    ...overrides,
  });

const manager = () => world.as('CampaignManager');

const pause = (id: string, reason: unknown = REASON) =>
  manager().post(`${CAMPAIGNS}/${id}/pause`, { reason });

const rowOf = async (id: string) =>
  (await context.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];

const auditOf = async (id: string) =>
  context.db
    .select({ action: auditLog.action, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.targetId, id))
    .orderBy(asc(auditLog.at), asc(auditLog.id));

describe('pausing and resuming by people', () => {
  it('pauses a live campaign with a reason, shows it to staff, and resumes it, each move in the history and the audit log', async () => {
    const campaign = await homeCampaign('LIVE');

    const paused = await pause(campaign.id, `  ${REASON}  `);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<CampaignDetail>()).toMatchObject({ status: 'PAUSED', pausedReason: REASON });
    const detail = (await manager().get(`${CAMPAIGNS}/${campaign.id}`)).json<CampaignDetail>();
    expect(detail.pausedReason).toBe(REASON);
    expect(detail.history.at(-1)).toMatchObject({
      from: 'LIVE',
      to: 'PAUSED',
      reason: REASON,
      by: { email: world.account('CampaignManager').email },
    });

    const resumed = await manager().post(`${CAMPAIGNS}/${campaign.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<CampaignDetail>()).toMatchObject({ status: 'LIVE', pausedReason: null });
    expect((await rowOf(campaign.id))?.pausedReason).toBeNull();
    expect(resumed.json<CampaignDetail>().history.map((entry) => entry.to)).toEqual([
      'LIVE',
      'PAUSED',
      'LIVE',
    ]);
    expect((await auditOf(campaign.id)).map((row) => row.action)).toEqual([
      'campaign.pause',
      'campaign.resume',
    ]);
    expect((await auditOf(campaign.id))[0]?.after).toEqual({ status: 'PAUSED', reason: REASON });
  });

  it('asks for a reason in the spec’s words', async () => {
    const campaign = await homeCampaign('LIVE');
    for (const body of [{ reason: '' }, { reason: '   ' }, {}]) {
      const refused = await manager().post(`${CAMPAIGNS}/${campaign.id}/pause`, body);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).details).toEqual([
        { field: 'reason', message: CAMPAIGN_MESSAGES.pauseReasonRequired },
      ]);
    }
    expect((await rowOf(campaign.id))?.status).toBe('LIVE');
  });

  it('refuses to pause a campaign that is not live, and to resume one that is not paused (409)', async () => {
    for (const status of ['DRAFT', 'PENDING', 'PUBLISHED', 'UNPUBLISH', 'ENDED', 'PAUSED'] as const) {
      const campaign = await homeCampaign(status);
      const refused = await pause(campaign.id);
      expect([status, refused.statusCode]).toEqual([status, 409]);
      expect(errorOf(refused).message).toBe(CAMPAIGN_MESSAGES.transitionNotAllowed(status));
    }
    for (const status of ['LIVE', 'PUBLISHED', 'ENDED'] as const) {
      const campaign = await homeCampaign(status);
      const refused = await manager().post(`${CAMPAIGNS}/${campaign.id}/resume`);
      expect([status, refused.statusCode]).toEqual([status, 409]);
    }
  });

  it('lets only those who approve the team’s campaigns pause and resume them', async () => {
    const campaign = await homeCampaign('LIVE');
    expect(
      (await world.as('CampaignMarketer').post(`${CAMPAIGNS}/${campaign.id}/pause`, { reason: REASON }))
        .statusCode,
    ).toBe(403);
    const elsewhere = await createCampaign(context, {
      teamId: world.otherTeam.id,
      territoryIds: [world.otherTerritory.id],
      status: 'LIVE',
    });
    expect((await pause(elsewhere.id)).statusCode).toBe(404);
    expect(
      (await world.as('Admin').post(`${CAMPAIGNS}/${campaign.id}/pause`, { reason: REASON })).statusCode,
    ).toBe(200);
  });

  it('takes a paused campaign down, its reason gone with the pause', async () => {
    const campaign = await homeCampaign('LIVE');
    await pause(campaign.id);
    const down = await manager().post(`${CAMPAIGNS}/${campaign.id}/unpublish`);
    expect(down.json<CampaignDetail>()).toMatchObject({ status: 'UNPUBLISH', pausedReason: null });
  });
});

describe('a paused campaign', () => {
  it('still ends at its end date, by the scheduler', async () => {
    const endsAt = new Date(context.clock.now().getTime() + 60_000);
    const campaign = await homeCampaign('LIVE', {
      startsAt: new Date(endsAt.getTime() - 3_600_000).toISOString(),
      endsAt: endsAt.toISOString(),
    });
    await pause(campaign.id);
    await context.services.campaigns.runSchedule();
    expect((await rowOf(campaign.id))?.status).toBe('PAUSED');

    context.clock.advance(60_000);
    await context.services.campaigns.runSchedule();
    const row = await rowOf(campaign.id);
    expect([row?.status, row?.pausedReason]).toEqual(['ENDED', null]);
    expect((await auditOf(campaign.id)).map((entry) => entry.action)).toEqual([
      'campaign.pause',
      'campaign.end',
    ]);
  });

  it('takes no joins and no entries, and tells the creator why it is paused', async () => {
    const campaign = await homeCampaign('LIVE');
    const taking = await joinedCreator(context, campaign.id);
    await pause(campaign.id);

    const newcomer = await signedIn(context, await createCreator(context));
    await giveHandle(context, newcomer.account.id, 'TikTok');
    const join = await newcomer.as.post('/server-api/campaigns/rsvp', {
      campaignId: campaign.id,
      creatorId: newcomer.account.id,
    });
    expect([join.statusCode, errorOf(join).message]).toEqual([409, RSVP_MESSAGES.paused]);

    const entry = await taking.as.post('/server-api/campaigns/entry', {
      campaignId: campaign.id,
      postLink: 'https://www.tiktok.com/@casey/video/7400000000000000123',
      platform: 'TikTok',
    });
    expect([entry.statusCode, errorOf(entry).message]).toEqual([409, ENTRY_MESSAGES.paused]);

    const seen = await taking.as.get(`/server-api/campaigns/${campaign.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<CreatorCampaignDetail>()).toMatchObject({ status: 'PAUSED', pausedReason: REASON });
  });
});

describe('the pause of a spent budget', () => {
  it('is the system’s, once; whether it may resume is for the rewards module to say', async () => {
    const campaign = await homeCampaign('LIVE');
    const moved = await context.db.transaction((tx) =>
      context.services.campaigns.pauseForSpentBudget(tx, campaign.id),
    );
    expect(moved).toBe(true);
    const detail = (await manager().get(`${CAMPAIGNS}/${campaign.id}`)).json<CampaignDetail>();
    expect(detail).toMatchObject({ status: 'PAUSED', pausedReason: FUNDING_MESSAGES.budgetSpent });
    expect(detail.history.at(-1)).toMatchObject({
      to: 'PAUSED',
      by: null,
      reason: FUNDING_MESSAGES.budgetSpent,
    });
    // Not twice: a paused campaign does not pause again.
    expect(
      await context.db.transaction((tx) => context.services.campaigns.pauseForSpentBudget(tx, campaign.id)),
    ).toBe(false);

    // Its prizes leave all of its budget to reserve: nothing refuses the resume (pay per view: ADR 038).
    const resumed = await manager().post(`${CAMPAIGNS}/${campaign.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<CampaignDetail>()).toMatchObject({ status: 'LIVE', pausedReason: null });
  });
});
