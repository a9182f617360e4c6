import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_MESSAGES,
  type CampaignBudget,
  type NotificationFeed,
  type Paged,
  type Payment,
} from '@platform/shared';
import { eq, sql } from 'drizzle-orm';
import { creators, creatorTaxRegistrations } from '../../db/schema/index';
import {
  createCampaign,
  createCreator,
  createEntry,
  createWorld,
  joinedCreator,
  uniqueHandle,
  type SignedIn,
  type World,
} from '../../test/factories';
import { expectLedgerBalanced } from '../../test/ledger';
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

const STAFF = '/server-api/marketing';
let nextPost = 7_320_000_000_000_000_000n;

/** A live FIRST_COME_FIRST_SERVE campaign of the home team paying `amountPerEntry` pence per slot. */
const slotCampaign = (reward: { amountPerEntry: number; slots: number }, budget: number) =>
  createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    budget,
    reward: { type: 'FIRST_COME_FIRST_SERVE', ...reward },
  });

/** A creator taking part who has entered a post, waiting for review. */
async function entered(campaignId: string): Promise<{ creator: SignedIn; entryId: string }> {
  const handle = uniqueHandle();
  const creator = await joinedCreator(context, campaignId, { handle });
  nextPost += 1n;
  const answer = await creator.as.post('/server-api/campaigns/entry', {
    campaignId,
    postLink: `https://www.tiktok.com/@${handle}/video/${nextPost}`,
    platform: 'TikTok',
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return { creator, entryId: answer.json<{ id: string }>().id };
}

const review = (campaignId: string, entryId: string, move: 'approve' | 'archive') =>
  world.as('CampaignManager').post(`${STAFF}/campaigns/${campaignId}/entries/${entryId}/${move}`);

const budgetOf = async (campaignId: string) =>
  (await world.as('CampaignManager').get(`${STAFF}/campaigns/${campaignId}/budget`)).json<CampaignBudget>();

const paymentsOf = async (creator: SignedIn, body: Record<string, unknown> = {}) =>
  (await creator.as.post('/server-api/creator/payment/search', body)).json<{ data: Payment[] }>().data;

describe('FIRST_COME_FIRST_SERVE slots', () => {
  it('pays the first approved entries while slots and budget last, and says what is committed and left', async () => {
    const campaign = await slotCampaign({ amountPerEntry: 5000, slots: 5 }, 10000);
    const first = await entered(campaign.id);
    const second = await entered(campaign.id);
    const third = await entered(campaign.id);
    for (const { entryId } of [first, second, third]) {
      expect((await review(campaign.id, entryId, 'approve')).statusCode).toBe(200);
    }

    // Five slots, but the budget pays two.
    expect(await budgetOf(campaign.id)).toEqual({
      campaignId: campaign.id,
      currency: 'GBP',
      budgetMinor: 10000,
      fundedMinor: 10000,
      pendingFundingMinor: 0,
      fundingState: 'FUNDED',
      committedMinor: 10000,
      // Committed, still pending: neither approved nor paid.
      approvedMinor: 0,
      paidMinor: 0,
      leftMinor: 0,
      slots: { taken: 2, left: 0 },
      payPerView: null,
      // All of it reserved today: each share of the budget told once.
      pacing: { burnPerDayMinor: 10000, runwayDays: 0, alertsSent: [50, 80, 95] },
    });
    const [paid] = await paymentsOf(first.creator);
    expect(paid).toMatchObject({
      campaignId: campaign.id,
      campaignName: campaign.name,
      entryId: first.entryId,
      amountMinor: 5000,
      currency: 'GBP',
      status: 'PENDING',
      reward: { rule: 'SLOT', rank: null, period: null },
    });
    expect(await paymentsOf(third.creator)).toEqual([]);
    await expectLedgerBalanced(context);
  });

  it('gives a slot back when its entry is archived before the payment is approved, and keeps an approved one', async () => {
    const campaign = await slotCampaign({ amountPerEntry: 2500, slots: 1 }, 100000);
    const first = await entered(campaign.id);
    await review(campaign.id, first.entryId, 'approve');
    await review(campaign.id, first.entryId, 'archive');
    const [withdrawn] = await paymentsOf(first.creator);
    expect(withdrawn).toMatchObject({ status: 'REJECTED', rejectionReason: PAYMENT_MESSAGES.released });
    expect(await budgetOf(campaign.id)).toMatchObject({ committedMinor: 0, slots: { taken: 0, left: 1 } });

    const second = await entered(campaign.id);
    await review(campaign.id, second.entryId, 'approve');
    const [pending] = await paymentsOf(second.creator);
    expect(pending?.status).toBe('PENDING');
    const approved = await world.as('CampaignManager').post(`${STAFF}/payments/${pending?.id}/approve`);
    expect(approved.json<Payment>().status).toBe('APPROVED');
    await review(campaign.id, second.entryId, 'archive');
    expect((await paymentsOf(second.creator))[0]?.status).toBe('APPROVED');
    expect(await budgetOf(campaign.id)).toMatchObject({ committedMinor: 2500, slots: { taken: 1, left: 0 } });
    await expectLedgerBalanced(context);
  });

  it('pays exactly the slots there are when 50 reviewers approve at once', async () => {
    const campaign = await slotCampaign({ amountPerEntry: 1000, slots: 10 }, 1_000_000);
    const entryIds: string[] = [];
    for (let index = 0; index < 50; index += 1) {
      const creator = await createCreator(context);
      entryIds.push((await createEntry(context, { campaignId: campaign.id, creatorId: creator.id })).id);
    }
    const answers = await Promise.all(entryIds.map((entryId) => review(campaign.id, entryId, 'approve')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(entryIds.map(() => 200));
    const queue = (
      await world.as('CampaignManager').get(`${STAFF}/campaigns/${campaign.id}/payments?pageSize=100`)
    ).json<Paged<Payment>>();
    expect(queue.total).toBe(10);
    expect(new Set(queue.items.map((payment) => payment.entryId)).size).toBe(10);
    expect(await budgetOf(campaign.id)).toMatchObject({
      committedMinor: 10_000,
      slots: { taken: 10, left: 0 },
    });
    await expectLedgerBalanced(context);
  });
});

describe('payments', () => {
  it('tells the creator of an approval with its amount, and of a rejection with its reason', async () => {
    const campaign = await slotCampaign({ amountPerEntry: 25000, slots: 4 }, 100000);
    const one = await entered(campaign.id);
    const two = await entered(campaign.id);
    await review(campaign.id, one.entryId, 'approve');
    await review(campaign.id, two.entryId, 'approve');
    const [forOne] = await paymentsOf(one.creator);
    const [forTwo] = await paymentsOf(two.creator);
    const manager = world.as('CampaignManager');

    expect((await manager.post(`${STAFF}/payments/${forOne?.id}/approve`)).json<Payment>().status).toBe(
      'APPROVED',
    );
    expect((await manager.post(`${STAFF}/payments/${forOne?.id}/approve`)).statusCode).toBe(409);
    const bare = await manager.post(`${STAFF}/payments/${forTwo?.id}/reject`, { reason: '  ' });
    expect(errorOf(bare).details).toEqual([{ field: 'reason', message: PAYMENT_MESSAGES.reasonRequired }]);
    const rejected = await manager.post(`${STAFF}/payments/${forTwo?.id}/reject`, {
      reason: 'The post was taken down before the campaign ended.',
    });
    expect(rejected.json<Payment>()).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'The post was taken down before the campaign ended.',
    });
    expect(await budgetOf(campaign.id)).toMatchObject({
      committedMinor: 25000,
      slots: { taken: 1, left: 3 },
    });

    const toldOne = (await one.creator.as.get('/server-api/notifications')).json<NotificationFeed>();
    expect(toldOne.items[0]).toMatchObject({
      event: 'PAYMENT_APPROVED',
      body: `Your £250.00 payment for ${campaign.name} is approved.`,
    });
    const toldTwo = (await two.creator.as.get('/server-api/notifications')).json<NotificationFeed>();
    expect(toldTwo.items[0]).toMatchObject({
      event: 'PAYMENT_REJECTED',
      body: `Your £250.00 payment for ${campaign.name} was rejected. Reason: The post was taken down before the campaign ended.`,
    });
    expect(await paymentsOf(two.creator, { status: 'APPROVED' })).toEqual([]);
    expect((await paymentsOf(one.creator, { status: 'APPROVED', campaignId: campaign.id })).length).toBe(1);
    await expectLedgerBalanced(context);
  });

  it('finds a creator’s payments by dates, and refuses what it cannot read', async () => {
    const campaign = await slotCampaign({ amountPerEntry: 1000, slots: 2 }, 100000);
    const one = await entered(campaign.id);
    await review(campaign.id, one.entryId, 'approve');
    const today = context.clock.now().toISOString().slice(0, 10);
    expect(await paymentsOf(one.creator, { from: today, to: today })).toHaveLength(1);
    expect(await paymentsOf(one.creator, { from: '2099-01-01' })).toEqual([]);
    expect(await paymentsOf(one.creator, { to: '2000-01-01' })).toEqual([]);
    const refused = await one.creator.as.post('/server-api/creator/payment/search', { from: 'yesterday' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).details).toEqual([{ field: 'from', message: PAYMENT_MESSAGES.dateShape }]);
    const stranger = world.as('CampaignManager');
    expect((await stranger.post(`${STAFF}/payments/${randomUUID()}/approve`)).statusCode).toBe(404);
  });
});

describe('self-billed invoices', () => {
  const approve = (paymentId: string) =>
    world.as('CampaignManager').post(`${STAFF}/payments/${paymentId}/approve`);
  const invoiceOf = (creator: SignedIn, paymentId: string) =>
    creator.as.post('/server-api/creator/payment/invoice', { paymentId });

  /** A creator's pending slot payment in a fresh campaign. */
  async function pendingPayment(reward = 10000) {
    const campaign = await slotCampaign({ amountPerEntry: reward, slots: 1 }, reward);
    const { creator, entryId } = await entered(campaign.id);
    await review(campaign.id, entryId, 'approve');
    const [payment] = await paymentsOf(creator);
    if (!payment) throw new Error('no payment');
    return { campaign, creator, payment };
  }

  it('issues one on approval, numbered without gaps even when an approval fails, as a PDF for its creator', async () => {
    const year = context.clock.now().getUTCFullYear();
    const first = await pendingPayment();
    const firstApproved = (await approve(first.payment.id)).json<Payment>();
    expect(firstApproved.invoiceNumber).toMatch(new RegExp(`^SB-${year}-\\d{6}$`));
    const firstSequence = Number(firstApproved.invoiceNumber?.slice(-6));

    const unaddressed = await pendingPayment();
    await context.db
      .update(creators)
      .set({ addressLine1: null })
      .where(eq(creators.accountId, unaddressed.creator.account.id));
    const refused = await approve(unaddressed.payment.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(PAYMENT_MESSAGES.creatorDetailsMissing);
    expect((await paymentsOf(unaddressed.creator))[0]).toMatchObject({
      status: 'PENDING',
      invoiceNumber: null,
    });

    const second = await pendingPayment();
    expect((await approve(second.payment.id)).json<Payment>().invoiceNumber).toBe(
      `SB-${year}-${String(firstSequence + 1).padStart(6, '0')}`,
    );

    const pdf = await invoiceOf(first.creator, first.payment.id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="${firstApproved.invoiceNumber}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await invoiceOf(second.creator, first.payment.id)).statusCode).toBe(404);
    expect((await invoiceOf(unaddressed.creator, unaddressed.payment.id)).statusCode).toBe(404);
  });

  it('adds VAT at 20 % for a UK creator HMRC confirmed, owed to the creator beside the reward', async () => {
    const { creator, payment } = await pendingPayment(12345);
    await context.db.insert(creatorTaxRegistrations).values({
      creatorId: creator.account.id,
      isRegistered: true,
      type: 'VAT',
      number: 'GB123456782',
      validationStatus: 'valid',
      checkedAt: context.clock.now(),
      checkSource: 'test',
      checkNote: null,
      businessName: null,
      updatedAt: context.clock.now(),
    });
    expect((await approve(payment.id)).statusCode).toBe(200);
    const owed = (await context.db.execute<{ owed: string }>(
      sql`select coalesce(sum(amount_minor), 0)::text as owed from ledger_lines
          where account = ${`creator:${creator.account.id}:payable`}`,
    )) as { rows: { owed: string }[] };
    // 12345 and 20 % of it, 2469, rounded to the penny.
    expect(owed.rows[0]?.owed).toBe(String(-(12345 + 2469)));
    await expectLedgerBalanced(context);
  });
});

describe('paying out without a payouts provider', () => {
  it('waits for staff to record the payment made outside the platform, then books it paid once', async () => {
    const campaign = await slotCampaign({ amountPerEntry: 7500, slots: 1 }, 7500);
    const { creator, entryId } = await entered(campaign.id);
    await review(campaign.id, entryId, 'approve');
    const [pending] = await paymentsOf(creator);
    const manager = world.as('CampaignManager');
    const today = context.clock.now().toISOString().slice(0, 10);
    const paidBody = (reference: string) => ({ reference, paidOn: today, method: 'BANK_TRANSFER' });
    expect((await manager.post(`${STAFF}/payments/${pending?.id}/paid`, paidBody('BACS 1'))).statusCode).toBe(
      409,
    );
    await manager.post(`${STAFF}/payments/${pending?.id}/approve`);

    expect(await context.services.payments.deliverDuePayouts()).toBeGreaterThanOrEqual(1);
    expect((await paymentsOf(creator))[0]?.status).toBe('APPROVED');
    const bare = await manager.post(`${STAFF}/payments/${pending?.id}/paid`, { reference: ' ' });
    expect(errorOf(bare).details).toEqual(
      expect.arrayContaining([
        { field: 'reference', message: PAYMENT_MESSAGES.referenceRequired },
        { field: 'paidOn', message: PAYMENT_MESSAGES.paidOnRequired },
        { field: 'method', message: PAYMENT_MESSAGES.paidMethodRequired },
      ]),
    );
    const paid = await manager.post(
      `${STAFF}/payments/${pending?.id}/paid`,
      paidBody('BACS 2026-11-27 0042'),
    );
    expect(paid.json<Payment>()).toMatchObject({
      status: 'PAID',
      paidOn: today,
      paidMethod: 'BANK_TRANSFER',
    });
    expect((await manager.post(`${STAFF}/payments/${pending?.id}/paid`, paidBody('again'))).statusCode).toBe(
      409,
    );
    expect((await paymentsOf(creator))[0]).toMatchObject({
      status: 'PAID',
      paidOn: today,
      paidMethod: 'BANK_TRANSFER',
    });

    const owed = (await context.db.execute<{ owed: string }>(
      sql`select coalesce(sum(amount_minor), 0)::text as owed from ledger_lines
          where account = ${`creator:${creator.account.id}:payable`}`,
    )) as { rows: { owed: string }[] };
    expect(owed.rows[0]?.owed).toBe('0');
    await expectLedgerBalanced(context);
  });
});
