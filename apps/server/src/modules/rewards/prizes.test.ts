import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VALIDATION_AFTER_END_HOURS,
  type CampaignBody,
  type CampaignBudget,
  type Payment,
} from '@platform/shared';
import { and, eq } from 'drizzle-orm';
import { auditLog, campaigns, prizeSettlements } from '../../db/schema/index';
import { createCampaign, createCreator, createWorld, signedIn, type World } from '../../test/factories';
import { expectLedgerBalanced } from '../../test/ledger';
import { createTestApp, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';
import { postEntry, recordReading } from '../../test/entry-fixtures';
import type { ClosedBoards } from './rewards.service';

let context: TestApp;
let world: World;
beforeAll(async () => {
  context = await createTestApp({
    authRateLimits: NO_AUTH_RATE_LIMITS,
    environment: { PRIZES_SETTLE_AFTER_MINUTES: '30' },
  });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

const STAFF = '/server-api/marketing';
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const SETTLE_AFTER = 30 * 60 * 1000;
/** Entries' figures are validated 72 hours after the end at the latest (ADR 037); prizes wait for it. */
const VALIDATED = VALIDATION_AFTER_END_HOURS * HOUR;

/** The campaign manager, signed in now: days pass in these tests, and sessions end. */
const manager = async () => (await signedIn(context, world.account('CampaignManager'))).as;

const settle = (boards: ClosedBoards = context.services.metrics) =>
  context.services.rewards.settleClosedBoards(boards);

/**
 * The closed boards, with `campaignId`'s board handed to no run until `runs` runs have asked for it: every
 * run has then looked for the boards already settled before any of them settles one, as workers starting
 * at the same moment would.
 */
function boardsReadTogether(campaignId: string, runs: number): ClosedBoards {
  let asked = 0;
  let everyRunAsked = () => {};
  const together = new Promise<void>((resolve) => {
    everyRunAsked = resolve;
  });
  return {
    async closedBoard(id, closure, places) {
      const board = await context.services.metrics.closedBoard(id, closure, places);
      if (id !== campaignId) return board;
      asked += 1;
      if (asked === runs) everyRunAsked();
      await together;
      return board;
    },
  };
}

/** The settlements recorded for a campaign's boards. */
const settlementsOf = (campaignId: string) =>
  context.db
    .select({
      period: prizeSettlements.period,
      ranked: prizeSettlements.ranked,
      prizesGiven: prizeSettlements.prizesGiven,
    })
    .from(prizeSettlements)
    .where(eq(prizeSettlements.campaignId, campaignId));

/** What the audit log says of each settlement of a campaign's boards. */
async function settleAuditsOf(campaignId: string) {
  const rows = await context.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'prizes.settle'), eq(auditLog.targetId, campaignId)));
  return rows.map(({ after }) => ({ period: after?.period, prizesGiven: after?.prizesGiven }));
}

/** A LIVE campaign of the home team that began a day ago and ends in `days`, giving prizes by rank. */
async function prizeCampaign(reward: CampaignBody['reward'], budget: number, days: number) {
  const startsAt = new Date(context.clock.now().getTime() - DAY);
  return createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    budget,
    reward,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + (days + 1) * DAY).toISOString(),
  });
}

/** An approved entry of a new creator, submitted `minutesAgo`, with a reading of `views` read now. */
async function rankedEntry(campaignId: string, views: number | null, minutesAgo = 60) {
  const creator = await createCreator(context);
  const entry = await postEntry(context, {
    campaignId,
    creatorId: creator.id,
    submittedAt: new Date(context.clock.now().getTime() - minutesAgo * 60 * 1000),
  });
  if (views !== null) await recordReading(context, entry.id, { views, likes: views / 10 });
  return { creator, entryId: entry.id };
}

async function paymentsOfCampaign(campaignId: string): Promise<Payment[]> {
  const answer = await (await manager()).get(`${STAFF}/campaigns/${campaignId}/payments?pageSize=50`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ items: Payment[] }>().items;
}

const budgetOf = async (campaignId: string) =>
  (await (await manager()).get(`${STAFF}/campaigns/${campaignId}/budget`)).json<CampaignBudget>();

describe('TOP_PRIZES', () => {
  it('gives the prizes by the frozen ranks once the board has closed and the delay passed, and only once', async () => {
    const campaign = await prizeCampaign({ type: 'TOP_PRIZES', prizes: [30000, 20000, 10000] }, 60000, 2);
    const fourth = await rankedEntry(campaign.id, 900);
    const tiedLater = await rankedEntry(campaign.id, 5000, 30);
    const tiedEarlier = await rankedEntry(campaign.id, 5000, 90);
    const leader = await rankedEntry(campaign.id, 12000);
    const unranked = await rankedEntry(campaign.id, null);

    expect(await settle()).toEqual({ boards: 0, prizes: 0 });
    context.clock.advance(2 * DAY);
    // A reading after the close changes nothing: the board is frozen at its close.
    await recordReading(context, fourth.entryId, { views: 1_000_000 });
    expect(await settle(), 'closed, but not yet past the delay').toEqual({ boards: 0, prizes: 0 });

    context.clock.advance(SETTLE_AFTER);
    expect(await settle(), 'past the delay, but the figures are provisional').toEqual({
      boards: 0,
      prizes: 0,
    });
    context.clock.advance(VALIDATED - SETTLE_AFTER);
    expect(await settle()).toEqual({ boards: 1, prizes: 3 });
    expect(await settle(), 'a second run gives nothing').toEqual({ boards: 0, prizes: 0 });

    const payments = await paymentsOfCampaign(campaign.id);
    const byEntry = new Map(payments.map((payment) => [payment.entryId, payment]));
    expect(payments).toHaveLength(3);
    expect(byEntry.get(leader.entryId)).toMatchObject({
      amountMinor: 30000,
      status: 'PENDING',
      reward: { rule: 'PRIZE', rank: 1, period: null, basis: { kind: 'RANK', rank: 1, ranked: 5 } },
    });
    expect(byEntry.get(tiedEarlier.entryId)?.reward).toMatchObject({ rank: 2 });
    expect(byEntry.get(tiedLater.entryId)?.reward).toMatchObject({ rank: 3 });
    expect(byEntry.has(fourth.entryId)).toBe(false);
    expect(byEntry.has(unranked.entryId)).toBe(false);

    const mine = (
      await (await signedIn(context, leader.creator)).as.post('/server-api/creator/payment/search', {})
    ).json<{ data: Payment[] }>().data;
    expect(mine.map((payment) => payment.reward.basis)).toEqual([
      {
        kind: 'RANK',
        rank: 1,
        ranked: 5,
        views: 12000,
        likes: 1200,
        comments: null,
        shares: null,
        readAt: expect.any(String) as string,
        source: 'tiktok-business',
        closedAt: expect.any(String) as string,
      },
    ]);
    expect(await budgetOf(campaign.id)).toMatchObject({ committedMinor: 60000, leftMinor: 0, slots: null });
    await expectLedgerBalanced(context);
  });

  describe('settled by three workers at the same moment', () => {
    /**
     * Three runs that each find the board not yet settled before any of them settles it: only the board's
     * own claim stands between them and settling it three times.
     */
    async function settledTogether(budget: number) {
      const campaign = await prizeCampaign({ type: 'TOP_PRIZES', prizes: [5000, 2500] }, budget, 1);
      const winner = await rankedEntry(campaign.id, 300);
      const runnerUp = await rankedEntry(campaign.id, 200);
      await rankedEntry(campaign.id, 100);
      context.clock.advance(DAY + VALIDATED);

      const boards = boardsReadTogether(campaign.id, 3);
      const runs = await Promise.allSettled([settle(boards), settle(boards), settle(boards)]);
      return { campaign, winner, runnerUp, runs };
    }

    it('pays each winner one prize when the budget holds enough to pay them twice', async () => {
      const { campaign, winner, runnerUp, runs } = await settledTogether(100_000);

      expect(
        runs.flatMap((run) => (run.status === 'rejected' ? [String(run.reason)] : [])),
        'no run fails',
      ).toEqual([]);
      const payments = await paymentsOfCampaign(campaign.id);
      expect(payments.map((payment) => [payment.entryId, payment.amountMinor]).sort()).toEqual(
        [
          [winner.entryId, 5000],
          [runnerUp.entryId, 2500],
        ].sort(),
      );
      expect(await budgetOf(campaign.id)).toMatchObject({ committedMinor: 7500, leftMinor: 92_500 });
      expect(await settlementsOf(campaign.id)).toEqual([{ period: 0, ranked: 3, prizesGiven: 2 }]);
      expect(await settleAuditsOf(campaign.id)).toEqual([{ period: 0, prizesGiven: 2 }]);
      await expectLedgerBalanced(context);
    });

    it('keeps the prize count the board recorded and writes one audit row for it, when the budget is spent', async () => {
      const { campaign, runs } = await settledTogether(7500);

      expect(
        runs.map((run) => (run.status === 'fulfilled' ? run.value.prizes : String(run.reason))).sort(),
        'prizes given by each run',
      ).toEqual([0, 0, 2]);
      expect(await settlementsOf(campaign.id), 'the count of prizes given').toEqual([
        { period: 0, ranked: 3, prizesGiven: 2 },
      ]);
      expect(await settleAuditsOf(campaign.id), 'one prizes.settle row').toEqual([
        { period: 0, prizesGiven: 2 },
      ]);
      expect((await paymentsOfCampaign(campaign.id)).map((payment) => payment.amountMinor).sort()).toEqual([
        2500, 5000,
      ]);
      expect(await settle(), 'a later run gives nothing').toEqual({ boards: 0, prizes: 0 });
      expect(await settlementsOf(campaign.id)).toEqual([{ period: 0, ranked: 3, prizesGiven: 2 }]);
      await expectLedgerBalanced(context);
    });
  });

  it('never gives more than the budget holds, even when the prizes were set above it', async () => {
    const campaign = await prizeCampaign({ type: 'TOP_PRIZES', prizes: [4000, 3000, 2000] }, 9000, 1);
    // The budget cut below the table after approval, as only a direct change could.
    await context.db.update(campaigns).set({ budget: 6500 }).where(eq(campaigns.id, campaign.id));
    await rankedEntry(campaign.id, 30);
    await rankedEntry(campaign.id, 20);
    await rankedEntry(campaign.id, 10);
    context.clock.advance(DAY + VALIDATED);

    expect(await settle()).toEqual({ boards: 1, prizes: 2 });
    const ranks = (await paymentsOfCampaign(campaign.id)).map((payment) => payment.reward.rank).sort();
    expect(ranks, 'first and third fit in 6,500; second would not after first').toEqual([1, 3]);
    expect(await budgetOf(campaign.id)).toMatchObject({ committedMinor: 6000, leftMinor: 500 });
  });

  it('withdraws a prize whose entry is archived before its payment is approved; an approved one stays', async () => {
    const campaign = await prizeCampaign({ type: 'TOP_PRIZES', prizes: [2000, 1000] }, 3000, 1);
    const first = await rankedEntry(campaign.id, 50);
    const second = await rankedEntry(campaign.id, 40);
    context.clock.advance(DAY + VALIDATED);
    await settle();
    const payments = await paymentsOfCampaign(campaign.id);
    const firstPayment = payments.find((payment) => payment.entryId === first.entryId);
    expect((await (await manager()).post(`${STAFF}/payments/${firstPayment?.id}/approve`)).statusCode).toBe(
      200,
    );

    for (const { entryId } of [first, second]) {
      const archived = await (
        await manager()
      ).post(`${STAFF}/campaigns/${campaign.id}/entries/${entryId}/archive`);
      expect(archived.statusCode, archived.body).toBe(200);
    }

    const after = new Map(
      (await paymentsOfCampaign(campaign.id)).map((payment) => [payment.entryId, payment]),
    );
    expect(after.get(first.entryId)?.status).toBe('APPROVED');
    expect(after.get(second.entryId)).toMatchObject({
      status: 'REJECTED',
      rejectionReason: expect.any(String) as string,
    });
    expect(await budgetOf(campaign.id)).toMatchObject({ committedMinor: 2000, leftMinor: 1000 });
    expect(await settle(), 'a withdrawn prize is not given again').toEqual({ boards: 0, prizes: 0 });
    await expectLedgerBalanced(context);
  });
});

describe('SPRINT', () => {
  it('settles each period when it closes, ranking the entries submitted in it', async () => {
    const start = context.clock.now();
    const campaign = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'LIVE',
      budget: 30000,
      reward: { type: 'SPRINT', periodDays: 7, prizes: [7000, 3000] },
      startsAt: new Date(start.getTime() - 10 * 60 * 1000).toISOString(),
      endsAt: new Date(start.getTime() - 10 * 60 * 1000 + 21 * DAY).toISOString(),
    });
    const periodOneWinner = await rankedEntry(campaign.id, 800, 5);
    const periodOneSecond = await rankedEntry(campaign.id, 400, 2);
    context.clock.advance(7 * DAY);
    const periodTwoWinner = await rankedEntry(campaign.id, 100, 1);

    expect(await settle(), 'period 1 closed, not yet past the delay').toEqual({ boards: 0, prizes: 0 });
    context.clock.advance(HOUR);
    expect(await settle()).toEqual({ boards: 1, prizes: 2 });

    context.clock.advance(7 * DAY);
    expect(await settle()).toEqual({ boards: 1, prizes: 1 });
    expect(await settle()).toEqual({ boards: 0, prizes: 0 });

    const byEntry = new Map(
      (await paymentsOfCampaign(campaign.id)).map((payment) => [payment.entryId, payment]),
    );
    expect(byEntry.get(periodOneWinner.entryId)?.reward).toMatchObject({
      rule: 'SPRINT_PRIZE',
      rank: 1,
      period: 1,
    });
    expect(byEntry.get(periodOneSecond.entryId)).toMatchObject({
      amountMinor: 3000,
      reward: { rule: 'SPRINT_PRIZE', rank: 2, period: 1 },
    });
    expect(byEntry.get(periodTwoWinner.entryId)).toMatchObject({
      amountMinor: 7000,
      reward: { rule: 'SPRINT_PRIZE', rank: 1, period: 2, basis: { kind: 'RANK', ranked: 1 } },
    });
    await expectLedgerBalanced(context);
  });
});
