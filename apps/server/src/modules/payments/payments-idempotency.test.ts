import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Payment, type PaymentBulkApproveResult } from '@platform/shared';
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/index';
import {
  createCampaign,
  createWorld,
  joinedCreator,
  uniqueHandle,
  type SignedIn,
  type World,
} from '../../test/factories';
import { createTestApp, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';
import { retriedWithOneKey } from '../../test/idempotent-retry';

// DESIGN §5, ADR 019: a reviewer whose connection dropped after a payment moved sends the same request
// again with the same Idempotency-Key and gets the answer the first one earned, not a 409 and not a second
// movement of money.

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
let nextPost = 7_470_000_000_000_000_000n;

/** A live FIRST_COME_FIRST_SERVE campaign of the home team paying £10 a slot. */
const slotCampaign = () =>
  createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    budget: 100_000,
    reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 1000, slots: 50 },
  });

/** A pending payment of a creator whose approved entry took a slot of `campaignId`. */
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
  const [payment] = (await creator.as.post('/server-api/creator/payment/search', { campaignId })).json<{
    data: Payment[];
  }>().data;
  if (!payment) throw new Error('the entry took no slot');
  return { creator, payment };
}

const statusOf = async (paymentId: string) =>
  (await context.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId)))[0]
    ?.status;

describe('every money write replays its first answer to a retry with the same Idempotency-Key', () => {
  it('approving a payment: approved and invoiced once, the retry answered 200 as the first was', async () => {
    const campaign = await slotCampaign();
    const { payment } = await pendingPayment(campaign.id);
    const { payment: other } = await pendingPayment(campaign.id);
    const manager = world.as('CampaignManager');
    const first = await retriedWithOneKey(
      context,
      (options) => manager.post(`${STAFF}/payments/${payment.id}/approve`, undefined, options),
      (options) => manager.post(`${STAFF}/payments/${other.id}/approve`, undefined, options),
    );
    expect(first.json<Payment>().status).toBe('APPROVED');
    expect(await statusOf(other.id)).toBe('PENDING');
    // Without a key, the same retry is told the payment was already decided.
    expect((await manager.post(`${STAFF}/payments/${payment.id}/approve`)).statusCode).toBe(409);
  });

  it('approving payments in bulk: each approved once, the retry answered with the first list', async () => {
    const campaign = await slotCampaign();
    const { payment: one } = await pendingPayment(campaign.id);
    const { payment: two } = await pendingPayment(campaign.id);
    const { payment: three } = await pendingPayment(campaign.id);
    const manager = world.as('CampaignManager');
    const bulk = `${STAFF}/campaigns/${campaign.id}/payments/bulk-approve`;
    const first = await retriedWithOneKey(
      context,
      (options) => manager.post(bulk, { paymentIds: [one.id, two.id] }, options),
      (options) => manager.post(bulk, { paymentIds: [one.id, two.id, three.id] }, options),
    );
    expect(first.json<PaymentBulkApproveResult>()).toEqual({ approved: [one.id, two.id], failed: [] });
    expect(await statusOf(three.id)).toBe('PENDING');
  });

  it('recording a payment paid: paid once, with the first reference', async () => {
    const today = () => context.clock.now().toISOString().slice(0, 10);
    const method = 'BANK_TRANSFER';
    const campaign = await slotCampaign();
    const { payment } = await pendingPayment(campaign.id);
    const manager = world.as('CampaignManager');
    expect((await manager.post(`${STAFF}/payments/${payment.id}/approve`)).statusCode).toBe(200);
    const paid = `${STAFF}/payments/${payment.id}/paid`;
    const first = await retriedWithOneKey(
      context,
      (options) =>
        manager.post(paid, { reference: 'BACS 2026-11-27 0042', paidOn: today(), method }, options),
      (options) =>
        manager.post(paid, { reference: 'BACS 2026-11-27 0043', paidOn: today(), method }, options),
    );
    expect(first.json<Payment>().status).toBe('PAID');
  });

  it('rejecting a payment: its money goes back to the campaign once', async () => {
    const campaign = await slotCampaign();
    const { payment } = await pendingPayment(campaign.id);
    const manager = world.as('CampaignManager');
    const reject = `${STAFF}/payments/${payment.id}/reject`;
    const first = await retriedWithOneKey(
      context,
      (options) => manager.post(reject, { reason: 'The post was taken down.' }, options),
      (options) => manager.post(reject, { reason: 'Another reason.' }, options),
    );
    expect(first.json<Payment>()).toMatchObject({ status: 'REJECTED' });
    const budget = await manager.get(`${STAFF}/campaigns/${campaign.id}/budget`);
    expect(budget.json<{ committedMinor: number }>().committedMinor).toBe(0);
  });

  it('withdrawing a payment whose payout failed: one credit note, its money back once', async () => {
    const campaign = await slotCampaign();
    const { payment } = await pendingPayment(campaign.id);
    const manager = world.as('CampaignManager');
    expect((await manager.post(`${STAFF}/payments/${payment.id}/approve`)).statusCode).toBe(200);
    await context.db.update(payments).set({ status: 'FAILED' }).where(eq(payments.id, payment.id));
    const withdraw = `${STAFF}/payments/${payment.id}/withdraw`;
    const first = await retriedWithOneKey(
      context,
      (options) => manager.post(withdraw, { reason: 'The account is closed.' }, options),
      (options) => manager.post(withdraw, { reason: 'Another reason.' }, options),
    );
    expect(first.json<Payment>()).toMatchObject({ status: 'REJECTED' });
    expect(first.json<Payment>().creditNoteNumber).toEqual(expect.any(String));
  });
});
