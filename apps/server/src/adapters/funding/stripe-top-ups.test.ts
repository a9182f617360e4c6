import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../test/capture';
import { closedPort } from '../../test/fake-http-server';
import { startFakeStripe, stripeError, stripeErrors, type FakeStripe } from '../../test/fakes/stripe';
import { FundingRejected, FundingUnavailable, type TopUpRequest } from './funding-provider';
import { createStripeTopUps } from './stripe-top-ups';

const SECRET_KEY = 'sk_test_51PlatformTopUpKeyNeverToBeLogged0123456789';
const request: TopUpRequest = {
  fundingId: '0f0e1d2c-3b4a-4596-8877-665544332211',
  campaignId: '11111111-2222-4333-8444-555555555555',
  amountMinor: 250_000,
  currency: 'GBP',
  description: 'Budget of Winter & Spring',
};

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: SECRET_KEY });
});
afterAll(async () => {
  await stripe?.close();
});
beforeEach(() => stripe.reset());

const topUps = (overrides: { secretKey?: string; baseUrl?: string } = {}) =>
  createStripeTopUps({ baseUrl: stripe.url, secretKey: SECRET_KEY, timeoutMs: 2_000, ...overrides });

describe('Stripe top-ups', () => {
  it('posts the documented form with the key and the idempotency key, and reads a succeeded top-up', async () => {
    const topUp = await topUps().topUp(request, `funding:${request.fundingId}`);

    const [sent] = stripe.requests;
    expect(sent).toMatchObject({ method: 'POST', url: '/v1/topups' });
    expect(sent?.headers).toMatchObject({
      authorization: `Bearer ${SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': `funding:${request.fundingId}`,
    });
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({
      amount: '250000',
      currency: 'gbp',
      description: 'Budget of Winter & Spring',
      'metadata[campaign_id]': request.campaignId,
      'metadata[funding_id]': request.fundingId,
    });
    expect(stripe.topUps).toHaveLength(1);
    expect(stripe.topUps[0]?.metadata).toEqual({
      campaign_id: request.campaignId,
      funding_id: request.fundingId,
    });
    expect(topUp).toEqual({ reference: stripe.topUps[0]?.id, status: 'SUCCEEDED', failure: null });
  });

  it('replays the first answer for the same idempotency key: the money is asked for once', async () => {
    const first = await topUps().topUp(request, 'funding:once');
    const again = await topUps().topUp(request, 'funding:once');
    expect(again).toEqual(first);
    expect(stripe.topUps).toHaveLength(1);
  });

  it('reads a pending top-up, then looks it up again once it cleared or failed', async () => {
    stripe.createTopUpsAs('pending');
    const pending = await topUps().topUp(request, 'funding:pending');
    expect(pending.status).toBe('PENDING');

    stripe.settleTopUp(pending.reference, 'succeeded');
    expect(await topUps().lookUp(pending.reference)).toEqual({ ...pending, status: 'SUCCEEDED' });
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', url: `/v1/topups/${pending.reference}` });

    stripe.settleTopUp(pending.reference, 'failed', 'Insufficient funds in the bank account.');
    expect(await topUps().lookUp(pending.reference)).toEqual({
      reference: pending.reference,
      status: 'FAILED',
      failure: 'Insufficient funds in the bank account.',
    });
    stripe.settleTopUp(pending.reference, 'canceled');
    expect((await topUps().lookUp(pending.reference)).failure).toBe('The top-up was canceled.');
  });

  it('raises a refusal with Stripe’s words, never the key', async () => {
    stripe.replyOnceWith(
      stripeError(400, {
        type: 'invalid_request_error',
        message: `You do not have a bank account to top up from (key ${SECRET_KEY}).`,
      }),
    );
    const error = await rejectionOf(topUps().topUp(request, 'funding:refused'));
    expect(error).toBeInstanceOf(FundingRejected);
    expect(error.message).toContain('You do not have a bank account to top up from');
    expect(error.message).not.toContain(SECRET_KEY);

    const wrongKey = await rejectionOf(topUps({ secretKey: 'sk_test_wrong' }).topUp(request, 'funding:key'));
    expect(wrongKey).toBeInstanceOf(FundingRejected);
  });

  it('says Stripe is unavailable when it is busy, failing or unreachable', async () => {
    stripe.replyOnceWith(stripeErrors.apiError(500));
    expect(await rejectionOf(topUps().topUp(request, 'funding:500'))).toBeInstanceOf(FundingUnavailable);
    stripe.replyOnceWith(stripeErrors.rateLimited(2));
    expect(await rejectionOf(topUps().topUp(request, 'funding:429'))).toBeInstanceOf(FundingUnavailable);
    const unreachable = await rejectionOf(
      topUps({ baseUrl: `http://127.0.0.1:${await closedPort()}` }).topUp(request, 'funding:down'),
    );
    expect(unreachable).toBeInstanceOf(FundingUnavailable);
    expect(unreachable.message).toContain('Stripe could not be reached');
  });
});
