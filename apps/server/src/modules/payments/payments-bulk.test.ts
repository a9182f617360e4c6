import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PAGE_SIZE,
  PAYMENT_BULK_MAX,
  PAYMENT_BULK_MESSAGES,
  PAYMENT_MESSAGES,
  type NotificationFeed,
  type Paged,
  type Payment,
  type PaymentBulkApproveResult,
} from '@platform/shared';
import { eq } from 'drizzle-orm';
import { creators, payments, rewards } from '../../db/schema/index';
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
let nextPost = 7_420_000_000_000_000_000n;

/** A live FIRST_COME_FIRST_SERVE campaign of `team` paying £10 for each of ten slots. */
const slotCampaign = (team: 'home' | 'other' = 'home') =>
  createCampaign(context, {
    teamId: team === 'home' ? world.homeTeam.id : world.otherTeam.id,
    territoryIds: [team === 'home' ? world.homeTerritory.id : world.otherTerritory.id],
    status: 'LIVE',
    budget: 100_000,
    reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 1000, slots: 10 },
  });

/** A creator whose approved entry took a slot of the campaign: their payment waits for approval. */
async function pendingPayment(campaignId: string): Promise<{ creator: SignedIn; payment: Payment }> {
  const handle = uniqueHandle();
  const creator = await joinedCreator(context, campaignId, { handle });
  nextPost += 1n;
  const entered = await creator.as.post('/server-api/campaigns/entry', {
    campaignId,
    postLink: `https://www.tiktok.com/@${handle}/video/${nextPost}`,
    platform: 'TikTok',
  });
  expect(entered.statusCode, entered.body).toBe(201);
  const entryId = entered.json<{ id: string }>().id;
  const approved = await world
    .as('Admin')
    .post(`${STAFF}/campaigns/${campaignId}/entries/${entryId}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  const found = await creator.as.post('/server-api/creator/payment/search', { campaignId });
  const [payment] = found.json<{ data: Payment[] }>().data;
  if (!payment) throw new Error('the entry took no slot');
  return { creator, payment };
}

const bulkApprove = (
  campaignId: string,
  paymentIds: unknown,
  as: 'CampaignManager' | 'Admin' = 'CampaignManager',
) => world.as(as).post(`${STAFF}/campaigns/${campaignId}/payments/bulk-approve`, { paymentIds });

/** A pending £10 payment of an approved entry, written as the slot's approval writes it, created at `at`; its id. */
async function insertPendingPayment(campaignId: string, creatorId: string, at: Date): Promise<string> {
  const { id: entryId } = await createEntry(context, { campaignId, creatorId, status: 'APPROVED' });
  const rewardId = randomUUID();
  const amount = { amountMinor: 1000, currency: 'GBP' as const };
  await context.db.insert(rewards).values({
    id: rewardId,
    campaignId,
    entryId,
    creatorId,
    rule: 'SLOT',
    rank: null,
    period: null,
    ...amount,
    status: 'ACTIVE',
    createdAt: at,
    releasedAt: null,
  });
  const paymentId = randomUUID();
  await context.db.insert(payments).values({
    id: paymentId,
    rewardId,
    campaignId,
    creatorId,
    ...amount,
    status: 'PENDING',
    rejectionReason: null,
    createdAt: at,
    decidedAt: null,
    decidedBy: null,
    updatedAt: at,
  });
  return paymentId;
}

const statusesOf = async (campaignId: string) => {
  const queue = await world.as('Admin').get(`${STAFF}/campaigns/${campaignId}/payments?pageSize=100`);
  return new Map(queue.json<Paged<Payment>>().items.map((payment) => [payment.id, payment]));
};

describe('approving many payments at once', () => {
  it('approves each payment as its own approval would: invoice issued, creator told', async () => {
    const campaign = await slotCampaign();
    const one = await pendingPayment(campaign.id);
    const two = await pendingPayment(campaign.id);

    const answer = await bulkApprove(campaign.id, [one.payment.id, two.payment.id]);

    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<PaymentBulkApproveResult>()).toEqual({
      approved: [one.payment.id, two.payment.id],
      failed: [],
    });
    const after = await statusesOf(campaign.id);
    for (const { payment, creator } of [one, two]) {
      expect(after.get(payment.id)?.status).toBe('APPROVED');
      expect(after.get(payment.id)?.invoiceNumber).toMatch(/^SB-\d{4}-\d{6}$/);
      const told = (await creator.as.get('/server-api/notifications')).json<NotificationFeed>();
      expect(told.items[0]).toMatchObject({ event: 'PAYMENT_APPROVED' });
    }
  });

  it('reports each payment that cannot move, with why, and approves the others', async () => {
    const campaign = await slotCampaign();
    const elsewhere = await slotCampaign();
    const decided = await pendingPayment(campaign.id);
    const unaddressed = await pendingPayment(campaign.id);
    const fine = await pendingPayment(campaign.id);
    const ofAnother = await pendingPayment(elsewhere.id);
    await world.as('CampaignManager').post(`${STAFF}/payments/${decided.payment.id}/approve`);
    await context.db
      .update(creators)
      .set({ addressLine1: null })
      .where(eq(creators.accountId, unaddressed.creator.account.id));
    const unknown = randomUUID();

    const answer = await bulkApprove(campaign.id, [
      decided.payment.id,
      unaddressed.payment.id,
      ofAnother.payment.id,
      unknown,
      fine.payment.id,
      fine.payment.id,
    ]);

    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<PaymentBulkApproveResult>()).toEqual({
      approved: [fine.payment.id],
      failed: [
        { paymentId: decided.payment.id, message: 'This payment is approved: it cannot be approved now.' },
        { paymentId: unaddressed.payment.id, message: PAYMENT_MESSAGES.creatorDetailsMissing },
        { paymentId: ofAnother.payment.id, message: 'Not found.' },
        { paymentId: unknown, message: 'Not found.' },
      ],
    });
    expect((await statusesOf(campaign.id)).get(unaddressed.payment.id)?.status).toBe('PENDING');
    // In the caller's scope too, but not the campaign named: it is left as it was.
    expect((await statusesOf(elsewhere.id)).get(ofAnother.payment.id)?.status).toBe('PENDING');
  });

  it('finds a payment past the first page of the queue, and a decided one among every payment', async () => {
    const campaign = await slotCampaign();
    const oldest = await pendingPayment(campaign.id);
    const decided = await pendingPayment(campaign.id);
    await world.as('Admin').post(`${STAFF}/payments/${decided.payment.id}/approve`);
    // A queue of more than a page, every payment newer than the one asked for.
    const creator = await createCreator(context);
    for (let index = 0; index < MAX_PAGE_SIZE + 5; index += 1) {
      await insertPendingPayment(campaign.id, creator.id, new Date(Date.now() + (index + 1) * 60_000));
    }

    const answer = await bulkApprove(campaign.id, [oldest.payment.id, decided.payment.id], 'Admin');

    expect(answer.json<PaymentBulkApproveResult>()).toEqual({
      approved: [oldest.payment.id],
      failed: [
        { paymentId: decided.payment.id, message: 'This payment is approved: it cannot be approved now.' },
      ],
    });
  });

  it('is a 404, approving nothing, for a campaign outside the caller’s teams or none', async () => {
    const theirs = await slotCampaign('other');
    const paymentId = await insertPendingPayment(theirs.id, (await createCreator(context)).id, new Date());

    expect((await bulkApprove(theirs.id, [paymentId])).statusCode).toBe(404);
    expect((await bulkApprove(randomUUID(), [paymentId])).statusCode).toBe(404);
    expect((await statusesOf(theirs.id)).get(paymentId)?.status).toBe('PENDING');
  });

  it('refuses a list it cannot read, in the spec’s words', async () => {
    const campaign = await slotCampaign();
    const refused = async (paymentIds: unknown) => {
      const answer = await bulkApprove(campaign.id, paymentIds);
      expect(answer.statusCode).toBe(400);
      return errorOf(answer).details;
    };

    expect(await refused([])).toEqual([{ field: 'paymentIds', message: PAYMENT_BULK_MESSAGES.required }]);
    expect(await refused(undefined)).toEqual([
      { field: 'paymentIds', message: PAYMENT_BULK_MESSAGES.required },
    ]);
    expect(await refused(['not-a-payment'])).toEqual([
      { field: 'paymentIds.0', message: PAYMENT_BULK_MESSAGES.required },
    ]);
    const tooMany = Array.from({ length: PAYMENT_BULK_MAX + 1 }, () => randomUUID());
    expect(await refused(tooMany)).toEqual([{ field: 'paymentIds', message: PAYMENT_BULK_MESSAGES.tooMany }]);
  });
});
