import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CAMPAIGN_VALIDATION,
  FUNDING_MESSAGES,
  type CampaignBudget,
  type RewardBasis,
} from '@platform/shared';
import { and, asc, eq } from 'drizzle-orm';
import { campaigns, entryHolds, notifications, rewards } from '../../db/schema/index';
import { createCampaign, createCreator, createWorld, signedIn, type World } from '../../test/factories';
import { expectLedgerBalanced } from '../../test/ledger';
import { createTestApp, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';
import { postEntry, recordReading } from '../../test/entry-fixtures';

let context: TestApp;
let world: World;
beforeAll(async () => {
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** £5 per 1,000 views from 1,000 views, £100 an entry, £150 a creator. */
const REWARD = {
  type: 'PAY_PER_VIEW' as const,
  ratePerThousand: 500,
  minimumViews: 1000,
  capPerEntry: 10_000,
  capPerCreator: 15_000,
};

const accrue = () => context.services.rewards.accruePayPerView();

/** A LIVE pay-per-view campaign begun 5 days ago, ending in 10, whose figures lock a day after entry. */
const payPerView = (budget: number, fundedMinor?: number) =>
  createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    budget,
    ...(fundedMinor === undefined ? {} : { fundedMinor }),
    reward: REWARD,
    validation: { ...DEFAULT_CAMPAIGN_VALIDATION, lockDays: 1 },
    startsAt: new Date(context.clock.now().getTime() - 5 * DAY).toISOString(),
    endsAt: new Date(context.clock.now().getTime() + 10 * DAY).toISOString(),
  });

/**
 * An approved entry submitted `hoursAgo` (validated 24 hours after that) with `views` read an hour after
 * its submission, of a new creator unless told.
 */
async function entry(
  campaignId: string,
  views: number,
  options: { creatorId?: string; hoursAgo?: number } = {},
) {
  const creatorId = options.creatorId ?? (await createCreator(context)).id;
  const submittedAt = new Date(context.clock.now().getTime() - (options.hoursAgo ?? 48) * HOUR);
  const posted = await postEntry(context, { campaignId, creatorId, submittedAt });
  await recordReading(context, posted.id, {
    views,
    likes: Math.floor(views / 10),
    readAt: new Date(submittedAt.getTime() + HOUR),
  });
  return { id: posted.id, creatorId };
}

const viewsRewards = async (campaignId: string) =>
  (
    await context.db
      .select({ entryId: rewards.entryId, amountMinor: rewards.amountMinor, basis: rewards.basis })
      .from(rewards)
      .where(and(eq(rewards.campaignId, campaignId), eq(rewards.rule, 'VIEWS')))
      .orderBy(asc(rewards.createdAt))
  ).map((row) => ({ ...row, basis: row.basis as Extract<RewardBasis, { kind: 'VIEWS' }> }));

const amountOf = async (campaignId: string, entryId: string) =>
  (await viewsRewards(campaignId)).find((row) => row.entryId === entryId)?.amountMinor ?? null;

const statusOf = async (campaignId: string) =>
  (await context.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0];

const budgetOf = async (campaignId: string) => {
  const { as } = await signedIn(context, world.account('CampaignManager'));
  const answer = await as.get(`/server-api/marketing/campaigns/${campaignId}/budget`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<CampaignBudget>();
};

describe('PAY_PER_VIEW accrual', () => {
  it('pays from the minimum at the rate, up to the entry cap, once', async () => {
    const campaign = await payPerView(100_000);
    const under = await entry(campaign.id, 999);
    const over = await entry(campaign.id, 1_500);
    const capped = await entry(campaign.id, 50_000);
    const provisional = await entry(campaign.id, 5_000, { hoursAgo: 2 });
    const first = await accrue();
    expect(first).toMatchObject({ reserved: 2, amountMinor: 750 + 10_000 });
    expect(await amountOf(campaign.id, under.id)).toBeNull();
    expect(await amountOf(campaign.id, provisional.id)).toBeNull();
    const rows = await viewsRewards(campaign.id);
    expect(rows.find((row) => row.entryId === over.id)?.basis).toMatchObject({
      kind: 'VIEWS',
      views: 1_500,
      ratePerThousand: 500,
      earnedMinor: 750,
      cappedBy: null,
    });
    expect(rows.find((row) => row.entryId === capped.id)).toMatchObject({
      amountMinor: 10_000,
      basis: { earnedMinor: 25_000, cappedBy: 'ENTRY_CAP' },
    });
    expect(await accrue()).toMatchObject({ reserved: 0 });
    await expectLedgerBalanced(context);
  });

  it('holds the creator cap across their entries in the order they were validated', async () => {
    const campaign = await payPerView(100_000);
    const creator = await createCreator(context);
    const earlier = await entry(campaign.id, 30_000, { creatorId: creator.id, hoursAgo: 60 });
    const later = await entry(campaign.id, 30_000, { creatorId: creator.id, hoursAgo: 50 });
    const third = await entry(campaign.id, 30_000, { creatorId: creator.id, hoursAgo: 40 });
    await accrue();
    expect(await amountOf(campaign.id, earlier.id)).toBe(10_000);
    const rows = await viewsRewards(campaign.id);
    expect(rows.find((row) => row.entryId === later.id)).toMatchObject({
      amountMinor: 5_000,
      basis: { cappedBy: 'CREATOR_CAP', order: 2 },
    });
    expect(await amountOf(campaign.id, third.id)).toBeNull();
  });

  it('pays the entry meeting the end of the budget what is left, later ones nothing, and pauses', async () => {
    const campaign = await payPerView(25_000);
    const first = await entry(campaign.id, 20_000, { hoursAgo: 70 });
    const second = await entry(campaign.id, 20_000, { hoursAgo: 60 });
    const third = await entry(campaign.id, 20_000, { hoursAgo: 50 });
    const fourth = await entry(campaign.id, 20_000, { hoursAgo: 40 });
    const summary = await accrue();
    expect(summary).toMatchObject({ reserved: 3, amountMinor: 25_000, paused: 1 });
    expect(await amountOf(campaign.id, first.id)).toBe(10_000);
    expect(await amountOf(campaign.id, second.id)).toBe(10_000);
    const rows = await viewsRewards(campaign.id);
    expect(rows.find((row) => row.entryId === third.id)).toMatchObject({
      amountMinor: 5_000,
      basis: { cappedBy: 'BUDGET', order: 3 },
    });
    expect(await amountOf(campaign.id, fourth.id)).toBeNull();
    expect(await statusOf(campaign.id)).toMatchObject({ status: 'PAUSED' });
    expect((await statusOf(campaign.id))?.pausedReason).toMatch(/budget is spent/);
    const budget = await budgetOf(campaign.id);
    expect(budget).toMatchObject({ committedMinor: 25_000, leftMinor: 0, fundingState: 'FUNDED' });
    expect(budget.pacing.alertsSent).toEqual([50, 80, 95]);
    expect(await accrue()).toMatchObject({ reserved: 0 });
    await expectLedgerBalanced(context);
  });

  it('keeps a spent campaign paused until it is topped up, however it was paused', async () => {
    const { as: manager } = await signedIn(context, world.account('CampaignManager'));
    const staff = '/server-api/marketing/campaigns';
    const campaign = await payPerView(20_000);
    // Paused by its manager first; the budget is spent while it stays paused.
    expect((await manager.post(`${staff}/${campaign.id}/pause`, { reason: 'New artwork' })).statusCode).toBe(
      200,
    );
    await entry(campaign.id, 40_000, { hoursAgo: 70 });
    await entry(campaign.id, 40_000, { hoursAgo: 69 });
    await accrue();
    expect((await budgetOf(campaign.id)).leftMinor).toBe(0);
    const refused = await manager.post(`${staff}/${campaign.id}/resume`);
    expect([refused.statusCode, refused.json<{ error: { message: string } }>().error.message]).toEqual([
      409,
      FUNDING_MESSAGES.resumeNeedsTopUp,
    ]);
    expect((await statusOf(campaign.id))?.status).toBe('PAUSED');

    const { as: admin } = await signedIn(context, world.account('Admin'));
    const transfer = await admin.post(`${staff}/${campaign.id}/fundings/transfer`, {
      amountMinor: 5_000,
      reference: 'BACS 7001',
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    // The top-up is spent again before anyone resumes: its entries were waiting for money.
    await entry(campaign.id, 40_000, { hoursAgo: 68 });
    await accrue();
    expect((await manager.post(`${staff}/${campaign.id}/resume`)).statusCode).toBe(409);

    await admin.post(`${staff}/${campaign.id}/fundings/transfer`, {
      amountMinor: 5_000,
      reference: 'BACS 7002',
    });
    const resumed = await manager.post(`${staff}/${campaign.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((await statusOf(campaign.id))?.status).toBe('LIVE');
  });

  it('never reserves beyond what is funded', async () => {
    const campaign = await payPerView(100_000, 15_000);
    for (let index = 0; index < 3; index += 1) await entry(campaign.id, 20_000, { hoursAgo: 70 - index });
    await accrue();
    const rows = await viewsRewards(campaign.id);
    expect(rows.map((row) => row.amountMinor)).toEqual([10_000, 5_000]);
    const budget = await budgetOf(campaign.id);
    expect(budget).toMatchObject({
      budgetMinor: 100_000,
      fundedMinor: 15_000,
      fundingState: 'PARTLY_FUNDED',
      committedMinor: 15_000,
      leftMinor: 0,
    });
  });

  it('answers the simulator’s figures for the whole budget and for what is left of it', async () => {
    const campaign = await payPerView(100_000);
    await entry(campaign.id, 4_000, { hoursAgo: 70 });
    await accrue();
    expect((await budgetOf(campaign.id)).payPerView).toEqual({
      budget: { viewsBudgetBuys: 200_000, viewsToEntryCap: 20_000, creatorsAtCap: 6, entriesAtCap: 10 },
      left: { viewsBudgetBuys: 196_000, viewsToEntryCap: 20_000, creatorsAtCap: 6, entriesAtCap: 9 },
    });
    const spent = await payPerView(20_000);
    await entry(spent.id, 40_000, { hoursAgo: 70 });
    await entry(spent.id, 40_000, { hoursAgo: 69 });
    await accrue();
    expect((await budgetOf(spent.id)).payPerView?.left, 'nothing left buys nothing').toBeNull();
    const prizes = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'LIVE',
    });
    expect((await budgetOf(prizes.id)).payPerView).toBeNull();
  });

  it('leaves a held entry until its hold is decided, then gives it its turn', async () => {
    const campaign = await payPerView(100_000);
    const held = await entry(campaign.id, 4_000, { hoursAgo: 70 });
    const holdId = randomUUID();
    await context.db.insert(entryHolds).values({
      id: holdId,
      entryId: held.id,
      campaignId: campaign.id,
      creatorId: held.creatorId,
      status: 'HELD',
      score: 60,
      signals: [],
      heldAt: context.clock.now(),
    });
    const free = await entry(campaign.id, 2_000, { hoursAgo: 60 });
    await accrue();
    expect(await amountOf(campaign.id, held.id)).toBeNull();
    expect(await amountOf(campaign.id, free.id)).toBe(1_000);
    await context.db
      .update(entryHolds)
      .set({ status: 'ACCEPTED', decidedAt: context.clock.now() })
      .where(eq(entryHolds.id, holdId));
    await accrue();
    const rows = await viewsRewards(campaign.id);
    expect(rows.find((row) => row.entryId === held.id)).toMatchObject({
      amountMinor: 2_000,
      basis: { order: 2 },
    });
  });

  it('tells the managers once at each share of the budget, and answers the pacing', async () => {
    const campaign = await payPerView(20_000);
    await entry(campaign.id, 20_000, { hoursAgo: 70 });
    await accrue();
    const told = async () =>
      context.db
        .select({ body: notifications.body, accountId: notifications.accountId })
        .from(notifications)
        .where(and(eq(notifications.campaignId, campaign.id), eq(notifications.event, 'BUDGET_ALERT')));
    const manager = world.account('CampaignManager');
    const afterHalf = (await told()).filter((row) => row.accountId === manager.id);
    expect(afterHalf).toHaveLength(1);
    expect(afterHalf[0]?.body).toMatch(/50 % of the budget/);
    expect(afterHalf[0]?.body).toMatch(/£100\.00 of £200\.00 reserved; about 6 days left at this rate\./);
    await Promise.all([
      entry(campaign.id, 2_000, { hoursAgo: 60 }),
      entry(campaign.id, 2_000, { hoursAgo: 59 }),
    ]);
    await Promise.all([accrue(), accrue(), accrue()]);
    await entry(campaign.id, 14_000, { hoursAgo: 50 });
    await Promise.all([accrue(), accrue()]);
    const thresholds = (await told())
      .filter((row) => row.accountId === manager.id)
      .map((row) => Number(/^(\d+) %/.exec(row.body)?.[1]));
    expect(thresholds.sort((a, b) => a - b)).toEqual([50, 80, 95]);
    const budget = await budgetOf(campaign.id);
    // £190 reserved over the 6 UTC days since the day it began (today counts), £10 left.
    expect(budget.pacing).toEqual({ burnPerDayMinor: 3_166, runwayDays: 0.3, alertsSent: [50, 80, 95] });
  });

  it('never overspends when 50 creators’ figures are validated at once and runs overlap', async () => {
    const campaign = await payPerView(100_000);
    // Nearly spent: £950 of £1,000 reserved already.
    for (let index = 0; index < 10; index += 1) await entry(campaign.id, 19_000, { hoursAgo: 200 - index });
    await accrue();
    expect((await budgetOf(campaign.id)).committedMinor).toBe(95_000);
    await context.db
      .update(campaigns)
      .set({ status: 'LIVE', pausedReason: null })
      .where(eq(campaigns.id, campaign.id));
    const submittedHoursAgo = 30;
    for (let index = 0; index < 50; index += 1) {
      await entry(campaign.id, 3_000 + index * 100, { hoursAgo: submittedHoursAgo });
    }
    await Promise.all([accrue(), accrue(), accrue(), accrue(), accrue()]);
    const budget = await budgetOf(campaign.id);
    expect(budget.committedMinor).toBe(100_000);
    expect(budget.leftMinor).toBe(0);
    const total = (await viewsRewards(campaign.id)).reduce((sum, row) => sum + row.amountMinor, 0);
    expect(total).toBe(100_000);
    expect(new Set((await viewsRewards(campaign.id)).map((row) => row.entryId)).size).toBe(
      (await viewsRewards(campaign.id)).length,
    );
    await expectLedgerBalanced(context);
  });
});
