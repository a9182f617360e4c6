import { inspect } from 'node:util';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KycStatus } from '@platform/shared';
import { rejectionOf } from '../../test/capture';
import { startFakeOnfido, onfidoError, type FakeOnfido, type FakeOnfidoCheck } from '../../test/fakes/onfido';
import { KycProviderRejected, KycProviderUnavailable, type KycProviderLogger } from './kyc-provider';
import { createOnfidoClient, kycStatusForOnfidoCheck, type OnfidoClientOptions } from './onfido-client';

const API_TOKEN = 'api_sandbox.secret-api-token-4f9a';

type LogEntry = { level: 'warn' | 'error'; details: Record<string, unknown>; message: string };

let fake: FakeOnfido;
let logs: LogEntry[];
const capturingLogger: KycProviderLogger = {
  warn: (details, message) => logs.push({ level: 'warn', details, message }),
  error: (details, message) => logs.push({ level: 'error', details, message }),
};

const client = (overrides: Partial<OnfidoClientOptions> = {}) =>
  createOnfidoClient({ baseUrl: fake.url, apiToken: API_TOKEN, logger: capturingLogger, ...overrides });

/** Everything of an error a log line or a response could show: message, own properties, cause. */
const everythingShown = (error: unknown) =>
  [String(error), inspect(error, { depth: 5 }), JSON.stringify(error)].join('\n');

async function failure<ErrorClass extends typeof KycProviderRejected | typeof KycProviderUnavailable>(
  attempt: Promise<unknown>,
  errorClass: ErrorClass,
  secret = API_TOKEN,
): Promise<InstanceType<ErrorClass>> {
  const error = await rejectionOf(attempt);
  expect(error).toBeInstanceOf(errorClass);
  expect(everythingShown(error)).not.toContain(secret);
  return error as InstanceType<ErrorClass>;
}

const kristin = { firstName: 'Kristin', lastName: 'Hale', email: 'kristin@example.com' };

beforeEach(async () => {
  logs = [];
  fake = await startFakeOnfido({ apiToken: API_TOKEN });
});
afterEach(async () => {
  await fake.close();
  expect(JSON.stringify(logs)).not.toContain(API_TOKEN);
});

describe('the Onfido client against the fake Onfido', () => {
  it('creates an applicant with the token header, a JSON body and the country as ISO3', async () => {
    const { applicantId } = await client().createApplicant({
      ...kristin,
      dateOfBirth: '1994-03-07',
      country: 'gb',
    });

    expect(fake.applicants.has(applicantId)).toBe(true);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v3.6/applicants');
    expect(request?.headers.authorization).toBe(`Token token=${API_TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      first_name: 'Kristin',
      last_name: 'Hale',
      email: 'kristin@example.com',
      dob: '1994-03-07',
      location: { country_of_residence: 'GBR' },
    });
  });

  it('sends only what it has, and leaves out a country that is not ISO 3166 (saying so)', async () => {
    await client().createApplicant(kristin);
    await client().createApplicant({ ...kristin, country: 'UK' });
    await client().createApplicant({ ...kristin, country: 'GLOBAL' });

    const bodies = fake.requests.map((request) => JSON.parse(request.body) as Record<string, unknown>);
    expect(bodies[0]).toEqual({ first_name: 'Kristin', last_name: 'Hale', email: 'kristin@example.com' });
    expect(bodies[1]?.location).toEqual({ country_of_residence: 'GBR' });
    expect(bodies[2]).not.toHaveProperty('location');
    expect(logs).toMatchObject([{ level: 'warn', details: { country: 'GLOBAL' } }]);
  });

  it('takes a base URL with a trailing slash', async () => {
    await client({ baseUrl: `${fake.url}/` }).createApplicant(kristin);
    expect(fake.requests[0]?.url).toBe('/v3.6/applicants');
  });

  it('creates an SDK token for the applicant and the referrer, with the expiry the token carries', async () => {
    const onfido = client();
    const { applicantId } = await onfido.createApplicant(kristin);
    const before = Date.now();

    const { token, expiresAt } = await onfido.createSdkToken(applicantId, 'https://app.example.com/*');

    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(fake.requests[1]?.body ?? '')).toEqual({
      applicant_id: applicantId,
      referrer: 'https://app.example.com/*',
    });
    expect(expiresAt).toBeInstanceOf(Date);
    const minutesLeft = ((expiresAt?.getTime() ?? 0) - before) / 60_000;
    expect(minutesLeft).toBeGreaterThan(89);
    expect(minutesLeft).toBeLessThanOrEqual(90);
  });

  it('gives no expiry for an SDK token it cannot read', async () => {
    fake.respondWith(() => ({ status: 200, body: { token: 'opaque-token' } }));
    expect(await client().createSdkToken('applicant-1', 'https://app.example.com/*')).toEqual({
      token: 'opaque-token',
      expiresAt: null,
    });
  });

  it('creates a check with the document and facial similarity reports: Submitted', async () => {
    const onfido = client();
    const { applicantId } = await onfido.createApplicant(kristin);

    const { checkId, status } = await onfido.createCheck(applicantId);

    expect(status).toBe('Submitted');
    expect(fake.checks.get(checkId)?.applicant_id).toBe(applicantId);
    const request = fake.requests[1];
    expect(request?.url).toBe('/v3.6/checks');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      applicant_id: applicantId,
      report_names: ['document', 'facial_similarity_photo'],
    });
  });

  const outcomes: [FakeOnfidoCheck['status'], FakeOnfidoCheck['result'], KycStatus][] = [
    ['in_progress', null, 'Submitted'],
    ['awaiting_applicant', null, 'Pending'],
    ['paused', null, 'Review'],
    ['reopened', null, 'Review'],
    ['withdrawn', null, 'Abandoned'],
    ['complete', 'clear', 'Success'],
    ['complete', 'consider', 'ManualReview'],
  ];
  it.each(outcomes)(
    'fetches a check that is %s (result %s) as %s',
    async (onfidoStatus, result, expected) => {
      const onfido = client();
      const { applicantId } = await onfido.createApplicant(kristin);
      const { checkId } = await onfido.createCheck(applicantId);
      fake.setCheckOutcome(checkId, onfidoStatus, result);

      const check = await onfido.getCheck(checkId);

      expect(check).toEqual({
        status: expected,
        result,
        reportsUrl: `https://dashboard.onfido.com/checks/${checkId}`,
      });
      expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', url: `/v3.6/checks/${checkId}` });
      expect(logs).toEqual([]);
    },
  );

  it('sends a person an outcome it does not recognise, and says so in the log', async () => {
    const onfido = client();
    const { applicantId } = await onfido.createApplicant(kristin);
    const { checkId } = await onfido.createCheck(applicantId);
    fake.setCheckOutcome(checkId, 'escalated', null);

    expect((await onfido.getCheck(checkId)).status).toBe('ManualReview');
    expect(logs).toMatchObject([{ level: 'warn', details: { onfidoStatus: 'escalated' } }]);
    expect(kycStatusForOnfidoCheck('complete', null)).toBe('ManualReview');
  });

  it('refuses a validation error as KycProviderRejected, with Onfido’s type and fields', async () => {
    const error = await failure(
      client().createApplicant({ ...kristin, dateOfBirth: '07/03/1994' }),
      KycProviderRejected,
    );

    expect(error).toMatchObject({
      operation: 'createApplicant',
      httpStatus: 422,
      providerErrorType: 'validation_error',
      fields: { dob: ['must be a date in the format YYYY-MM-DD'] },
      isMisconfiguration: false,
    });
    expect(error.message).toContain('There was a validation error on this request');
    expect(logs).toMatchObject([{ level: 'warn', details: { fieldNames: ['dob'] } }]);
  });

  it('refuses a check that does not exist as KycProviderRejected', async () => {
    const error = await failure(client().getCheck('no-such-check'), KycProviderRejected);
    expect(error).toMatchObject({ httpStatus: 404, providerErrorType: 'resource_not_found' });
  });

  it('refuses a wrong API token as a misconfiguration, logged as an error without either token', async () => {
    const wrongToken = 'api_live.wrong-token-77d1';
    const error = await failure(
      client({ apiToken: wrongToken }).createApplicant(kristin),
      KycProviderRejected,
      wrongToken,
    );

    expect(fake.requests[0]?.headers.authorization).toBe(`Token token=${wrongToken}`);
    expect(error).toMatchObject({
      httpStatus: 401,
      providerErrorType: 'authorization_error',
      isMisconfiguration: true,
    });
    expect(logs).toEqual([expect.objectContaining({ level: 'error' })]);
    expect(JSON.stringify(logs)).not.toContain(wrongToken);
  });

  it('keeps the token out even when Onfido’s own message quotes it', async () => {
    fake.respondWith(() =>
      onfidoError(422, 'validation_error', `Token ${API_TOKEN} cannot do this`, { token: [API_TOKEN] }),
    );
    const error = await failure(client().createCheck('applicant-1'), KycProviderRejected);
    expect(error.message).toContain('[redacted]');
  });

  it('reports a rate limit as KycProviderUnavailable, with Onfido’s Retry-After', async () => {
    fake.respondWith(() => ({
      ...onfidoError(429, 'rate_limit', 'Rate limit exceeded. Please try again later.'),
      headers: { 'retry-after': '30' },
    }));
    const error = await failure(client().createApplicant(kristin), KycProviderUnavailable);
    expect(error).toMatchObject({ operation: 'createApplicant', httpStatus: 429, retryAfterSeconds: 30 });
  });

  it.each([500, 502, 503])('reports HTTP %i as KycProviderUnavailable', async (status) => {
    fake.respondWith(() => ({ status, body: '<html>Bad gateway</html>' }));
    const error = await failure(client().getCheck('check-1'), KycProviderUnavailable);
    expect(error.httpStatus).toBe(status);
    expect(logs).toEqual([expect.objectContaining({ level: 'warn' })]);
  });

  it('gives up after timeoutMs and reports KycProviderUnavailable', async () => {
    fake.respondWith(() => ({ status: 201, body: { id: 'late' }, delayMs: 5_000 }));
    const started = Date.now();

    const error = await failure(client({ timeoutMs: 100 }).createApplicant(kristin), KycProviderUnavailable);

    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error.message).toContain('no answer within 100 ms');
  });

  it('reports a body it cannot read as KycProviderUnavailable', async () => {
    fake.respondWith(() => ({ status: 201, body: 'not json at all' }));
    await failure(client().createApplicant(kristin), KycProviderUnavailable);

    fake.respondWith(() => ({ status: 201, body: { created_at: '2024-05-01T10:00:00Z' } }));
    const error = await failure(client().createApplicant(kristin), KycProviderUnavailable);
    expect(error.message).toContain('no applicant id');

    fake.respondWith(() => ({ status: 200, body: ['not', 'an', 'object'] }));
    await failure(client().getCheck('check-1'), KycProviderUnavailable);
  });

  it('reports a server it cannot reach as KycProviderUnavailable', async () => {
    const unreachable = fake.url;
    await fake.close();
    fake = await startFakeOnfido({ apiToken: API_TOKEN });

    const error = await failure(
      client({ baseUrl: unreachable }).createApplicant(kristin),
      KycProviderUnavailable,
    );
    expect(error.message).toContain('could not reach Onfido');
  });

  it('takes a pino logger as it is', async () => {
    const onfido = createOnfidoClient({
      baseUrl: fake.url,
      apiToken: API_TOKEN,
      logger: pino({ level: 'silent' }),
    });
    fake.respondWith(() => ({ status: 503 }));
    await failure(onfido.createApplicant(kristin), KycProviderUnavailable);
  });

  it('will not start without an API token', () => {
    expect(() => createOnfidoClient({ baseUrl: fake.url, apiToken: ' ' })).toThrow(/token is empty/);
  });
});
