import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Payment } from '@platform/shared';
import { createStripeConnectPayouts } from '../../adapters/payouts/stripe-connect-payouts';
import { creators, payments, payouts } from '../../db/schema/index';
import { startFakeStripe, stripeError, stripeErrors, type FakeStripe } from '../../test/fakes/stripe';
import {
  createCampaign,
  createWorld,
  joinedCreator,
  uniqueHandle,
  type SignedIn,
  type World,
} from '../../test/factories';
import { createTestApp, createTestClock, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';
import { PAYOUT_MAX_ATTEMPTS } from './payments.service';

const SECRET_KEY = 'sk_test_51PayoutsSecretKeyNeverLogged0123456789';
const STAFF = '/server-api/marketing';

let stripe: FakeStripe;
let context: TestApp;
let world: World;
const clock = createTestClock();
beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: SECRET_KEY });
  context = await createTestApp({
    clock,
    authRateLimits: NO_AUTH_RATE_LIMITS,
    payouts: createStripeConnectPayouts({ baseUrl: stripe.url, secretKey: SECRET_KEY, timeoutMs: 2_000 }),
  });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
  await stripe?.close();
});
beforeEach(() => stripe.reset());

let nextPost = 7_330_000_000_000_000_000n;

/** An approved payment of `amount` pence to a creator whose Stripe account the fake knows. */
async function approvedPayment(amount = 5000): Promise<{ creator: SignedIn; payment: Payment }> {
  const campaign = await createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    budget: amount,
    reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: amount, slots: 1 },
  });
  const handle = uniqueHandle();
  const creator = await joinedCreator(context, campaign.id, { handle });
  const walletId = `acct_${creator.account.id.replaceAll('-', '').slice(0, 16)}`;
  await context.db
    .update(creators)
    .set({ walletProvider: 'stripe', walletId })
    .where(eq(creators.accountId, creator.account.id));
  stripe.knowDestination(walletId);
  nextPost += 1n;
  const entry = (
    await creator.as.post('/server-api/campaigns/entry', {
      campaignId: campaign.id,
      postLink: `https://www.tiktok.com/@${handle}/video/${nextPost}`,
      platform: 'TikTok',
    })
  ).json<{ id: string }>();
  const manager = world.as('CampaignManager');
  await manager.post(`${STAFF}/campaigns/${campaign.id}/entries/${entry.id}/approve`);
  const [pending] = (await creator.as.post('/server-api/creator/payment/search', {})).json<{
    data: Payment[];
  }>().data;
  const approved = await manager.post(`${STAFF}/payments/${pending?.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return { creator, payment: approved.json<Payment>() };
}

/** Read from the table: the clock moves on by days here, past any session's lifetime. */
const statusOf = async (payment: Payment) =>
  (await context.db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id)))[0]
    ?.status;

describe('payouts through Stripe', () => {
  it('sends an approved payment once and books it paid, however often the job runs', async () => {
    const { payment } = await approvedPayment(5000);
    await context.services.payments.deliverDuePayouts();
    await context.services.payments.deliverDuePayouts();
    expect(await statusOf(payment)).toBe('PAID');
    expect(stripe.transfers).toHaveLength(1);
    expect(stripe.transfers[0]).toMatchObject({ amount: 5000, currency: 'gbp' });
    const [payout] = await context.db.select().from(payouts).where(eq(payouts.paymentId, payment.id));
    expect(payout).toMatchObject({ reference: stripe.transfers[0]?.id, nextAttemptAt: null });
    expect(stripe.requests[0]?.headers['idempotency-key']).toBe(`payout:${payment.id}`);
  });

  it('tries again later when Stripe cannot answer, with the same idempotency key, and pays once', async () => {
    const { payment } = await approvedPayment(6000);
    stripe.replyOnceWith(stripeErrors.apiError());
    await context.services.payments.deliverDuePayouts();
    expect(await statusOf(payment)).toBe('APPROVED');
    await context.services.payments.deliverDuePayouts();
    expect(stripe.transfers).toHaveLength(0);

    clock.advance(61_000);
    await context.services.payments.deliverDuePayouts();
    expect(await statusOf(payment)).toBe('PAID');
    expect(stripe.transfers).toHaveLength(1);
    expect(new Set(stripe.requests.map((request) => request.headers['idempotency-key']))).toEqual(
      new Set([`payout:${payment.id}`]),
    );
  });

  it('lets staff withdraw a payment whose payout failed: a credit note cancels its invoice and the money goes back', async () => {
    const { creator, payment } = await approvedPayment(4000);
    const manager = world.as('CampaignManager');
    expect(
      (await manager.post(`${STAFF}/payments/${payment.id}/withdraw`, { reason: 'Too early.' })).statusCode,
      'an approved payment on its way is not withdrawn',
    ).toBe(409);
    stripe.replyOnceWith(
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'account_closed',
        message: 'The destination account is closed.',
      }),
    );
    await context.services.payments.deliverDuePayouts();
    const [failed] = (await creator.as.post('/server-api/creator/payment/search', {})).json<{
      data: Payment[];
    }>().data;
    expect(failed).toMatchObject({
      status: 'FAILED',
      failureReason: expect.stringContaining('The destination account is closed.') as string,
      creditNoteNumber: null,
    });
    expect(
      (
        await creator.as.post('/server-api/creator/payment/invoice', {
          paymentId: payment.id,
          document: 'CREDIT_NOTE',
        })
      ).statusCode,
      'no credit note before the payment is withdrawn',
    ).toBe(404);

    const withdrawn = await manager.post(`${STAFF}/payments/${payment.id}/withdraw`, {
      reason: 'The creator’s bank account is closed.',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<Payment>()).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'The creator’s bank account is closed.',
      invoiceNumber: payment.invoiceNumber,
      creditNoteNumber: `SBCN-${payment.invoiceNumber?.slice(3, 7)}-000001`,
    });
    const creditNote = await creator.as.post('/server-api/creator/payment/invoice', {
      paymentId: payment.id,
      document: 'CREDIT_NOTE',
    });
    expect(creditNote.statusCode).toBe(200);
    expect(creditNote.headers['content-disposition']).toBe(
      `attachment; filename="${withdrawn.json<Payment>().creditNoteNumber}.pdf"`,
    );
    expect(creditNote.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const budget = (await manager.get(`${STAFF}/campaigns/${payment.campaignId}/budget`)).json<{
      committedMinor: number;
    }>();
    expect(budget.committedMinor, 'the reward is the campaign’s again').toBe(0);
    expect(
      (await manager.post(`${STAFF}/payments/${payment.id}/withdraw`, { reason: 'Again.' })).statusCode,
    ).toBe(409);
    expect(stripe.transfers).toHaveLength(0);
  });

  it('fails a payment Stripe refuses, or cannot take after every retry, saying why', async () => {
    const refused = await approvedPayment(7000);
    stripe.replyOnceWith(
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'balance_insufficient',
        message: 'Insufficient funds.',
      }),
    );
    await context.services.payments.deliverDuePayouts();
    expect(await statusOf(refused.payment)).toBe('FAILED');
    const [failed] = await context.db.select().from(payouts).where(eq(payouts.paymentId, refused.payment.id));
    expect(failed?.note).toContain('Insufficient funds.');

    const unreachable = await approvedPayment(8000);
    for (let attempt = 0; attempt < PAYOUT_MAX_ATTEMPTS; attempt += 1) {
      stripe.replyOnceWith(stripeErrors.apiError());
      await context.services.payments.deliverDuePayouts();
      clock.advance(7 * 3600 * 1000);
    }
    expect(await statusOf(unreachable.payment)).toBe('FAILED');
    expect(stripe.transfers).toHaveLength(0);
  });
});
