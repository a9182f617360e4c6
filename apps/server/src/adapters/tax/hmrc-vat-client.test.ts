import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_HMRC_ACCEPT, HMRC_ERRORS, startFakeHmrc, type FakeHmrc } from '../../test/fakes/hmrc';
import { capturingLogger } from '../../test/capture';
import type { FakeReply } from '../../test/fake-http-server';
import { HMRC_TOKEN_RENEWAL_MARGIN_MS } from './hmrc-vat-client';
import { createTaxChecker, type TaxChecker } from './tax-checker';

const CLIENT_ID = 'platform-client-id';
const CLIENT_SECRET = 'hmrc-client-secret-do-not-log';
// Long enough for a fake on a busy machine to answer; short enough to keep the time-out tests quick.
const TIMEOUT_MS = 1_000;
const REGISTERED_VRN = '980780684';
const UNREGISTERED_VRN = '999999973';

function manualClock() {
  let now = Date.parse('2026-11-21T09:00:00.000Z');
  return {
    now: () => new Date(now),
    advance(milliseconds: number) {
      now += milliseconds;
    },
  };
}

let hmrc: FakeHmrc;
let clock: ReturnType<typeof manualClock>;
let logger: ReturnType<typeof capturingLogger>;
let checker: TaxChecker;

function checkerFor(baseUrl: string, clientSecret = CLIENT_SECRET) {
  return createTaxChecker({
    hmrc: { baseUrl, clientId: CLIENT_ID, clientSecret },
    timeoutMs: TIMEOUT_MS,
    clock,
    logger,
  });
}

/** Answers every lookup with `reply`, and the token endpoint as HMRC documents it. */
function lookupsAnswer(reply: FakeReply) {
  hmrc.respondWith((request) => (request.url.startsWith('/oauth/token') ? hmrc.documented(request) : reply));
}

beforeEach(async () => {
  hmrc = await startFakeHmrc({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    registered: [
      {
        name: 'Sunny Side Studios Ltd',
        vatNumber: REGISTERED_VRN,
        address: { line1: '1 High Street', line2: 'Leeds', postcode: 'LS1 1AA', countryCode: 'GB' },
      },
    ],
  });
  clock = manualClock();
  logger = capturingLogger();
  checker = checkerFor(hmrc.url);
});

afterEach(async () => {
  const logged = JSON.stringify(logger.entries);
  expect(logged).not.toContain(CLIENT_SECRET);
  for (const token of hmrc.issuedTokens) expect(logged).not.toContain(token);
  await hmrc.close();
});

describe('the HMRC VAT client', () => {
  it('confirms a registered number with its business name and address, asking as HMRC documents', async () => {
    const check = await checker.checkVat('gb 980 7806 84');

    expect(check).toEqual({
      status: 'valid',
      source: 'hmrc',
      note: 'HMRC confirms the number is registered for VAT to Sunny Side Studios Ltd.',
      businessName: 'Sunny Side Studios Ltd',
      businessAddress: '1 High Street, Leeds, LS1 1AA, GB',
      checkedAt: clock.now(),
    });
    const [tokenRequest] = hmrc.tokenRequests();
    expect(tokenRequest?.method).toBe('POST');
    expect(tokenRequest?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    const [lookup] = hmrc.lookupRequests();
    expect(lookup?.method).toBe('GET');
    expect(lookup?.url).toBe(`/organisations/vat/check-vat-number/lookup/${REGISTERED_VRN}`);
    expect(lookup?.headers.accept).toBe(FAKE_HMRC_ACCEPT);
    expect(lookup?.headers.authorization).toBe(`Bearer ${hmrc.issuedTokens[0]}`);
  });

  it('sends a 12-digit branch number whole', async () => {
    const check = await checker.checkVat(`GB${REGISTERED_VRN}001`);

    expect(check.status).toBe('valid');
    expect(hmrc.lookupRequests()[0]?.url).toBe(
      `/organisations/vat/check-vat-number/lookup/${REGISTERED_VRN}001`,
    );
  });

  it('asks about a Northern Ireland (XI) number by the registration HMRC gave it', async () => {
    const check = await checker.checkVat(`XI${REGISTERED_VRN}`);

    expect(check.status).toBe('valid');
    expect(hmrc.lookupRequests()[0]?.url).toBe(
      `/organisations/vat/check-vat-number/lookup/${REGISTERED_VRN}`,
    );
  });

  it('calls a number HMRC does not hold invalid (404 NOT_FOUND)', async () => {
    const check = await checker.checkVat(UNREGISTERED_VRN);

    expect(check).toMatchObject({
      status: 'invalid',
      source: 'hmrc',
      note: 'HMRC says no business is registered for VAT under this number.',
    });
    expect(check.businessName).toBeUndefined();
    expect(logger.entries).toEqual([]);
  });

  it('calls a number HMRC rejects as malformed invalid (400 INVALID_REQUEST)', async () => {
    lookupsAnswer({ status: 400, body: HMRC_ERRORS.invalidRequest });

    const check = await checker.checkVat(REGISTERED_VRN);

    expect(check).toMatchObject({ status: 'invalid', source: 'hmrc' });
    expect(check.note).toContain('HMRC rejected the number');
  });

  it('rejects a number with wrong UK check digits without asking HMRC', async () => {
    const check = await checker.checkVat('GB123456789');

    expect(check).toMatchObject({ status: 'invalid', source: 'offline' });
    expect(check.note).toContain('HMRC was not asked');
    expect(hmrc.requests).toEqual([]);
  });

  it('leaves numbers HMRC cannot check not verified without asking: other countries, GD and HA', async () => {
    const european = await checker.checkVat('DE 136 695 976');
    const department = await checker.checkVat('GBGD001');

    expect(european).toMatchObject({ status: 'not verified', source: 'offline' });
    expect(european.note).toContain('Only UK VAT numbers can be checked');
    expect(department).toMatchObject({ status: 'not verified', source: 'offline' });
    expect(department.note).toContain('not in HMRC');
    expect(hmrc.requests).toEqual([]);
  });

  it('fetches one token and reuses it across checks, concurrent ones included', async () => {
    await Promise.all([checker.checkVat(REGISTERED_VRN), checker.checkVat(UNREGISTERED_VRN)]);
    await checker.checkVat(REGISTERED_VRN);

    expect(hmrc.tokenRequests()).toHaveLength(1);
    const bearers = hmrc.lookupRequests().map((request) => request.headers.authorization);
    expect(bearers).toEqual(Array(3).fill(`Bearer ${hmrc.issuedTokens[0]}`));
  });

  it('fetches a new token once after a 401 and retries, then keeps the new one', async () => {
    await checker.checkVat(REGISTERED_VRN);
    hmrc.revokeTokens();

    const check = await checker.checkVat(REGISTERED_VRN);
    await checker.checkVat(REGISTERED_VRN);

    expect(check.status).toBe('valid');
    expect(hmrc.tokenRequests()).toHaveLength(2);
    const [first, second] = hmrc.issuedTokens;
    expect(hmrc.lookupRequests().map((request) => request.headers.authorization)).toEqual([
      `Bearer ${first}`,
      `Bearer ${first}`,
      `Bearer ${second}`,
      `Bearer ${second}`,
    ]);
    expect(logger.entries).toEqual([]);
  });

  it('renews the token shortly before HMRC says it expires, not after', async () => {
    await checker.checkVat(REGISTERED_VRN);
    clock.advance(14_400_000 - HMRC_TOKEN_RENEWAL_MARGIN_MS - 1000);
    await checker.checkVat(REGISTERED_VRN);
    expect(hmrc.tokenRequests()).toHaveLength(1);

    clock.advance(1000);
    await checker.checkVat(REGISTERED_VRN);

    expect(hmrc.tokenRequests()).toHaveLength(2);
    expect(hmrc.lookupRequests().at(-1)?.headers.authorization).toBe(`Bearer ${hmrc.issuedTokens[1]}`);
    expect(hmrc.lookupRequests().map((request) => request.url)).toHaveLength(3);
  });

  it('gives up after one retry when HMRC refuses a fresh token too, and logs a configuration error', async () => {
    lookupsAnswer({ status: 401, body: HMRC_ERRORS.invalidCredentials });

    const check = await checker.checkVat(REGISTERED_VRN);

    expect(check).toMatchObject({ status: 'not verified', source: 'hmrc' });
    expect(check.note).toContain('configuration error');
    expect(hmrc.tokenRequests()).toHaveLength(2);
    expect(hmrc.lookupRequests()).toHaveLength(2);
    expect(logger.entries).toEqual([
      {
        obj: expect.objectContaining({ provider: 'hmrc', reason: 'configuration', status: 401 }) as object,
        msg: expect.stringContaining('misconfigured') as string,
      },
    ]);
  });

  it('leaves the number not verified when HMRC refuses the client credentials, without logging the secret', async () => {
    const wrongSecret = 'a-wrong-secret-also-not-logged';
    checker = checkerFor(hmrc.url, wrongSecret);

    const check = await checker.checkVat(REGISTERED_VRN);

    expect(check).toMatchObject({ status: 'not verified', source: 'hmrc' });
    expect(hmrc.lookupRequests()).toEqual([]);
    expect(logger.entries[0]?.obj).toMatchObject({
      reason: 'configuration',
      status: 401,
      providerSays: 'invalid_client',
    });
    expect(JSON.stringify(logger.entries) + check.note).not.toContain(wrongSecret);
  });

  it('does not call a number invalid when HMRC answers 404 for an address it does not serve', async () => {
    lookupsAnswer({ status: 404, body: HMRC_ERRORS.noSuchResource });

    const check = await checker.checkVat(REGISTERED_VRN);

    expect(check.status).toBe('not verified');
    expect(logger.entries[0]?.obj).toMatchObject({
      reason: 'configuration',
      providerSays: 'MATCHING_RESOURCE_NOT_FOUND',
    });
  });

  it.each([
    [429, HMRC_ERRORS.throttled, 'rate-limited', 'HTTP 429'],
    [500, HMRC_ERRORS.internalServerError, 'server-error', 'HTTP 500'],
    [503, { code: 'SERVER_ERROR', message: 'Service unavailable' }, 'server-error', 'HTTP 503'],
  ])(
    'leaves the number not verified and logs it when the lookup answers %i',
    async (status, body, reason, said) => {
      lookupsAnswer({ status, body });

      const check = await checker.checkVat(REGISTERED_VRN);

      expect(check).toMatchObject({ status: 'not verified', source: 'hmrc' });
      expect(check.note).toContain(said);
      expect(check.note).toContain("the number's format and check digits are right");
      expect(logger.entries).toHaveLength(1);
      expect(logger.entries[0]?.obj).toMatchObject({ provider: 'hmrc', check: 'vat', reason, status });
    },
  );

  it('leaves the number not verified when the token endpoint fails with a 5xx', async () => {
    hmrc.respondWith((request) =>
      request.url.startsWith('/oauth/token')
        ? { status: 503, body: 'Service Unavailable' }
        : hmrc.documented(request),
    );

    const check = await checker.checkVat(REGISTERED_VRN);

    expect(check.status).toBe('not verified');
    expect(hmrc.lookupRequests()).toEqual([]);
    expect(logger.entries[0]?.obj).toMatchObject({ reason: 'server-error', status: 503 });
  });

  it('stops waiting at the time-out and leaves the number not verified', async () => {
    hmrc.respondWith(async (request) => ({ ...(await hmrc.documented(request)), delayMs: 5_000 }));
    const startedAt = performance.now();

    const check = await checker.checkVat(REGISTERED_VRN);

    expect(performance.now() - startedAt).toBeLessThan(4_000);
    expect(check).toMatchObject({ status: 'not verified', source: 'hmrc' });
    expect(check.note).toContain(`did not answer within ${TIMEOUT_MS} ms`);
    expect(logger.entries[0]?.obj).toMatchObject({ reason: 'timeout', timeoutMs: TIMEOUT_MS });
  });

  it('counts the time-out across the token request and the lookup together', async () => {
    hmrc.respondWith(async (request) => ({ ...(await hmrc.documented(request)), delayMs: 600 }));

    const check = await checker.checkVat(REGISTERED_VRN);

    expect(check.status).toBe('not verified');
    expect(logger.entries[0]?.obj).toMatchObject({ reason: 'timeout' });
  });

  it.each([
    ['an HTML page', { status: 200, body: '<html><body>Gateway says hello</body></html>' }],
    ['JSON without a target', { status: 200, body: { processingDate: '2026-11-21T09:00:00+00:00' } }],
  ])('leaves the number not verified when the lookup answers %s', async (_what, reply) => {
    lookupsAnswer(reply);

    const check = await checker.checkVat(REGISTERED_VRN);

    expect(check.status).toBe('not verified');
    expect(logger.entries[0]?.obj).toMatchObject({ reason: 'unexpected-answer' });
  });

  it('leaves the number not verified when HMRC cannot be reached', async () => {
    const gone = await startFakeHmrc({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, registered: [] });
    await gone.close();
    checker = checkerFor(gone.url);

    const check = await checker.checkVat(REGISTERED_VRN);

    expect(check).toMatchObject({ status: 'not verified', source: 'hmrc' });
    expect(check.note).toContain('HMRC could not be reached');
    expect(logger.entries[0]?.obj).toMatchObject({ reason: 'network' });
  });
});
