import { inspect } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectInto, rejectionOf } from '../../test/capture';
import { closedPort } from '../../test/fake-http-server';
import { startFakeStripe, stripeError, stripeErrors, type FakeStripe } from '../../test/fakes/stripe';
import { PayoutsRejected, PayoutsUnavailable, type WalletOwner } from './payouts-provider';
import { createStripeConnectPayouts } from './stripe-connect-payouts';

const SECRET_KEY = 'sk_test_51PlatformSecretKeyNeverToBeLogged0123456789';
const owner: WalletOwner = {
  creatorId: 'cr_0b6f1c2e',
  email: 'ada+pay@example.com',
  country: 'GB',
  firstName: 'Zoë',
  lastName: "O'Neil & Co",
};

let stripe: FakeStripe;
let logLines: string[];
beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: SECRET_KEY });
});
afterAll(async () => {
  await stripe?.close();
});
beforeEach(() => {
  stripe.reset();
  logLines = [];
});

function payouts(overrides: { secretKey?: string; baseUrl?: string; timeoutMs?: number } = {}) {
  return createStripeConnectPayouts({
    baseUrl: stripe.url,
    secretKey: SECRET_KEY,
    timeoutMs: 2_000,
    logger: pino({ level: 'trace' }, collectInto(logLines)),
    ...overrides,
  });
}

function expectNoSecretIn(...texts: string[]) {
  for (const text of texts) expect(text).not.toContain(SECRET_KEY);
}

describe('Stripe Connect payouts', () => {
  it('creates an Express account with the documented form body, key and idempotency key', async () => {
    const wallet = await payouts().createWallet(owner, 'wallet:cr_0b6f1c2e');

    expect(stripe.requests).toHaveLength(1);
    const [request] = stripe.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/accounts' });
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': 'wallet:cr_0b6f1c2e',
    });
    expect(request?.body).toBe(
      [
        'type=express',
        'country=GB',
        'email=ada%2Bpay%40example.com',
        'business_type=individual',
        'individual[first_name]=Zo%C3%AB',
        "individual[last_name]=O'Neil%20%26%20Co",
        'individual[email]=ada%2Bpay%40example.com',
        'capabilities[transfers][requested]=true',
        'metadata[creator_id]=cr_0b6f1c2e',
      ].join('&'),
    );
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toMatchObject({
      email: owner.email,
      'individual[first_name]': owner.firstName,
      'individual[last_name]': owner.lastName,
    });

    expect(stripe.accounts).toHaveLength(1);
    expect(stripe.accounts[0]?.metadata).toEqual({ creator_id: owner.creatorId });
    expect(wallet).toEqual({
      provider: 'stripe',
      walletId: stripe.accounts[0]?.id,
      needsAction: true,
      note: expect.stringContaining('Stripe still needs: external_account, individual.dob.day') as string,
    });
    expect(wallet.note).toContain('bank details');
  });

  it('needs no action once payouts are enabled and nothing is due', async () => {
    stripe.replyOnceWith({
      status: 200,
      body: {
        id: 'acct_1ReadyToBePaid',
        object: 'account',
        payouts_enabled: true,
        details_submitted: true,
        requirements: { currently_due: [] },
      },
    });
    await expect(payouts().createWallet(owner, 'wallet:ready')).resolves.toMatchObject({
      walletId: 'acct_1ReadyToBePaid',
      needsAction: false,
    });
  });

  it('needs action while something is due, even with payouts enabled', async () => {
    stripe.replyOnceWith({
      status: 200,
      body: {
        id: 'acct_1StillDue',
        object: 'account',
        payouts_enabled: true,
        requirements: { currently_due: ['individual.verification.document'] },
      },
    });
    const wallet = await payouts().createWallet(owner, 'wallet:due');
    expect(wallet.needsAction).toBe(true);
    expect(wallet.note).toContain('individual.verification.document');
  });

  it('after a time-out, a retry with the same idempotency key gets the same account, created once', async () => {
    const provider = payouts({ timeoutMs: 150 });
    stripe.delayNextAnswer(1_000);
    const timedOut = await rejectionOf(provider.createWallet(owner, 'wallet:cr_0b6f1c2e'));
    expect(timedOut).toBeInstanceOf(PayoutsUnavailable);
    expect(timedOut.message).toBe('Stripe did not answer within 150 ms');
    expect(stripe.accounts).toHaveLength(1);

    const wallet = await provider.createWallet(owner, 'wallet:cr_0b6f1c2e');
    expect(wallet.walletId).toBe(stripe.accounts[0]?.id);
    expect(stripe.accounts).toHaveLength(1);
    expect(stripe.requests.map((request) => request.headers['idempotency-key'])).toEqual([
      'wallet:cr_0b6f1c2e',
      'wallet:cr_0b6f1c2e',
    ]);
    expect(stripe.requests[1]?.body).toBe(stripe.requests[0]?.body);
  });

  it('creates separate accounts for separate creators', async () => {
    const provider = payouts();
    const first = await provider.createWallet(owner, 'wallet:one');
    const second = await provider.createWallet({ ...owner, creatorId: 'cr_two' }, 'wallet:two');
    expect(first.walletId).not.toBe(second.walletId);
    expect(stripe.accounts).toHaveLength(2);
  });

  it('refuses an idempotency key reused for other parameters, as Stripe does', async () => {
    const provider = payouts();
    await provider.createWallet(owner, 'wallet:shared');
    const error = await rejectionOf(provider.createWallet({ ...owner, lastName: 'Other' }, 'wallet:shared'));
    expect(error).toBeInstanceOf(PayoutsRejected);
    expect((error as PayoutsRejected).details).toMatchObject({ status: 400, type: 'idempotency_error' });
    expect(stripe.accounts).toHaveLength(1);
  });

  it('refuses to send without a usable idempotency key', async () => {
    await expect(payouts().createWallet(owner, ' ')).rejects.toBeInstanceOf(PayoutsRejected);
    await expect(payouts().createWallet(owner, 'k'.repeat(256))).rejects.toBeInstanceOf(PayoutsRejected);
    expect(stripe.requests).toHaveLength(0);
  });

  it('keeps Stripe’s code, parameter, message and request id when it refuses the request', async () => {
    const error = await rejectionOf(payouts().createWallet({ ...owner, country: 'XK' }, 'wallet:kosovo'));
    expect(error).toBeInstanceOf(PayoutsRejected);
    expect(error.message).toBe(
      'Stripe refused the request (400): Connected accounts in XK are not supported for your platform.',
    );
    expect((error as PayoutsRejected).details).toEqual({
      status: 400,
      type: 'invalid_request_error',
      code: 'country_unsupported',
      param: 'country',
      requestId: expect.stringMatching(/^req_/) as string,
    });
    expect(stripe.accounts).toHaveLength(0);
  });

  it.each([
    ['402', stripeErrors.paymentRequired()],
    ['403', stripeErrors.permission()],
    ['404', stripeErrors.notFound()],
  ])('treats a %s as a refusal that a retry will not change', async (_status, reply) => {
    stripe.replyOnceWith(reply);
    const error = await rejectionOf(payouts().createWallet(owner, 'wallet:x'));
    expect(error).toBeInstanceOf(PayoutsRejected);
    expect((error as PayoutsRejected).details.status).toBe(reply.status);
  });

  it('reports a wrong secret key as a refusal, logged for the operator without the key', async () => {
    const wrongKey = 'sk_test_51WrongKeyAlsoSecretAbcdefghij9876';
    const error = await rejectionOf(payouts({ secretKey: wrongKey }).createWallet(owner, 'wallet:x'));
    expect(error).toBeInstanceOf(PayoutsRejected);
    expect((error as PayoutsRejected).details).toMatchObject({ status: 401, type: 'invalid_request_error' });
    expect(logLines).toHaveLength(1);
    expect(JSON.parse(logLines[0]!)).toMatchObject({
      level: 50,
      provider: 'stripe',
      status: 401,
      msg: 'Stripe refused the secret key: check STRIPE_SECRET_KEY',
    });
    for (const text of [error.message, inspect(error, { depth: 5 }), ...logLines]) {
      expect(text).not.toContain(wrongKey);
    }
  });

  it('scrubs the secret key from a provider message that quotes it whole', async () => {
    stripe.replyOnceWith(
      stripeError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${SECRET_KEY}` }),
    );
    const error = await rejectionOf(payouts().createWallet(owner, 'wallet:x'));
    expect(error.message).toBe('Stripe refused the request (401): Invalid API Key provided: [redacted]');
    expectNoSecretIn(error.message, inspect(error, { depth: 5 }), ...logLines);
  });

  it('reports a rate limit as unavailable, keeping Retry-After', async () => {
    stripe.replyOnceWith(stripeErrors.rateLimited(7));
    const error = await rejectionOf(payouts().createWallet(owner, 'wallet:x'));
    expect(error).toBeInstanceOf(PayoutsUnavailable);
    expect((error as PayoutsUnavailable).retryAfterSeconds).toBe(7);
    expect((error as PayoutsUnavailable).details).toMatchObject({ status: 429, code: 'rate_limit' });

    stripe.replyOnceWith(stripeErrors.rateLimited());
    const withoutWait = await rejectionOf(payouts().createWallet(owner, 'wallet:x'));
    expect((withoutWait as PayoutsUnavailable).retryAfterSeconds).toBeUndefined();
  });

  it('reads a Retry-After given as an HTTP date', async () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    stripe.replyOnceWith({ ...stripeErrors.rateLimited(), headers: { 'retry-after': inAMinute } });
    const error = await rejectionOf(payouts().createWallet(owner, 'wallet:x'));
    expect((error as PayoutsUnavailable).retryAfterSeconds).toBeGreaterThan(55);
    expect((error as PayoutsUnavailable).retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('reports a request still running under the same idempotency key (409) as unavailable', async () => {
    stripe.replyOnceWith(stripeErrors.idempotencyKeyInUse('wallet:x'));
    const error = await rejectionOf(payouts().createWallet(owner, 'wallet:x'));
    expect(error).toBeInstanceOf(PayoutsUnavailable);
    expect((error as PayoutsUnavailable).details).toMatchObject({
      status: 409,
      type: 'idempotency_error',
      code: 'idempotency_key_in_use',
    });
  });

  it.each([500, 502, 503])('reports a %s as unavailable', async (status) => {
    stripe.replyOnceWith(stripeErrors.apiError(status));
    const error = await rejectionOf(payouts().createWallet(owner, 'wallet:x'));
    expect(error).toBeInstanceOf(PayoutsUnavailable);
    expect(error.message).toBe(
      `Stripe could not take the request now (${status}): An unknown error occurred`,
    );
  });

  it('reports a gateway’s HTML error page as unavailable', async () => {
    stripe.replyOnceWith({ status: 502, body: '<html><body>Bad Gateway</body></html>' });
    const error = await rejectionOf(payouts().createWallet(owner, 'wallet:x'));
    expect(error).toBeInstanceOf(PayoutsUnavailable);
    expect(error.message).toBe('Stripe could not take the request now (502)');
  });

  it('reports a 200 without an account as unavailable rather than inventing a wallet', async () => {
    stripe.replyOnceWith({ status: 200, body: 'OK' });
    await expect(payouts().createWallet(owner, 'wallet:x')).rejects.toBeInstanceOf(PayoutsUnavailable);
  });

  it('never follows a redirect, which would carry the key elsewhere', async () => {
    stripe.replyOnceWith({ status: 307, headers: { location: 'http://127.0.0.1:9/v1/accounts' } });
    await expect(payouts().createWallet(owner, 'wallet:x')).rejects.toBeInstanceOf(PayoutsUnavailable);
    expect(stripe.requests).toHaveLength(1);
  });

  it('reports an unreachable Stripe as unavailable', async () => {
    const port = await closedPort();
    const error = await rejectionOf(
      payouts({ baseUrl: `http://127.0.0.1:${port}` }).createWallet(owner, 'k'),
    );
    expect(error).toBeInstanceOf(PayoutsUnavailable);
    expect(error.message).toBe('Stripe could not be reached (ECONNREFUSED)');
    expectNoSecretIn(error.message, inspect(error, { depth: 5 }));
  });
});

describe('Stripe Connect transfers', () => {
  const transfer = {
    walletId: 'acct_1CreatorWallet',
    amountMinor: 25_000,
    currency: 'GBP',
    paymentId: '9b1a6f5e-5d1c-4f1e-9a62-2b8e9a3c0d11',
    description: 'Summer Sound: prize for place 1',
  };

  it('sends the payment to the creator’s account once, however often a lost answer is retried', async () => {
    stripe.knowDestination(transfer.walletId);
    const key = `payout:${transfer.paymentId}`;
    const first = await payouts().transfer(transfer, key);
    const again = await payouts().transfer(transfer, key);

    expect(first.kind).toBe('sent');
    expect(first.kind === 'sent' ? first.reference : '').toMatch(/^tr_/);
    expect(again).toEqual(first);
    expect(stripe.transfers).toHaveLength(1);
    expect(stripe.transfers[0]).toMatchObject({
      amount: 25_000,
      currency: 'gbp',
      destination: transfer.walletId,
    });
    const [request] = stripe.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/transfers' });
    expect(request?.headers['idempotency-key']).toBe(key);
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toMatchObject({
      amount: '25000',
      currency: 'gbp',
      destination: transfer.walletId,
      transfer_group: `payment_${transfer.paymentId}`,
      'metadata[payment_id]': transfer.paymentId,
    });
  });

  it('refuses a transfer to an account Stripe does not know, and waits on Stripe’s own failures', async () => {
    const refused = await rejectionOf(
      payouts().transfer({ ...transfer, walletId: 'acct_Unknown' }, 'payout:x'),
    );
    expect(refused).toBeInstanceOf(PayoutsRejected);
    expect((refused as PayoutsRejected).details).toMatchObject({ status: 400, code: 'resource_missing' });

    stripe.knowDestination(transfer.walletId);
    stripe.replyOnceWith(stripeErrors.apiError());
    expect(await rejectionOf(payouts().transfer(transfer, 'payout:y'))).toBeInstanceOf(PayoutsUnavailable);
    expect(stripe.transfers).toHaveLength(0);
  });
});
