import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { abrJsonp, ABR_MESSAGES, startFakeAbr, type FakeAbr } from '../../test/fakes/abr';
import { capturingLogger } from '../../test/capture';
import type { FakeReply } from '../../test/fake-http-server';
import { parseAbrJsonp } from './abr-abn-client';
import { createTaxChecker, type TaxChecker } from './tax-checker';

const GUID = '0b5c3e9a-1f2d-4c6b-8a7e-5d4c3b2a1f0e';
// Long enough for a fake on a busy machine to answer; short enough to keep the time-out tests quick.
const TIMEOUT_MS = 1_000;
const ACTIVE_ABN = '51824753556';
const CANCELLED_ABN = '53004085616';
const NOT_ON_REGISTER_ABN = '33051775556';

const clock = { now: () => new Date('2026-11-21T09:00:00.000Z') };

let abr: FakeAbr;
let logger: ReturnType<typeof capturingLogger>;
let checker: TaxChecker;

function checkerFor(baseUrl: string, guid = GUID) {
  return createTaxChecker({ abr: { baseUrl, guid }, timeoutMs: TIMEOUT_MS, clock, logger });
}

function abrAnswers(reply: FakeReply) {
  abr.respondWith(() => reply);
}

beforeEach(async () => {
  abr = await startFakeAbr({
    guid: GUID,
    register: [
      {
        abn: ACTIVE_ABN,
        status: 'Active',
        statusEffectiveFrom: '1999-11-01',
        entityName: 'Sunny Side Studios Pty Ltd',
      },
      {
        abn: CANCELLED_ABN,
        status: 'Cancelled',
        statusEffectiveFrom: '2021-06-30',
        entityName: 'Old Harbour Media Pty Ltd',
      },
    ],
  });
  logger = capturingLogger();
  checker = checkerFor(abr.url);
});

afterEach(async () => {
  expect(JSON.stringify(logger.entries)).not.toContain(GUID);
  await abr.close();
});

describe('the ABR ABN client', () => {
  it('calls an active ABN valid with its entity name, asking as the ABR documents', async () => {
    const check = await checker.checkAbn(ACTIVE_ABN);

    expect(check).toEqual({
      status: 'valid',
      lookupStatus: 'ACTIVE',
      source: 'abr',
      note: 'The Australian Business Register lists this ABN as active since 1999-11-01.',
      entityName: 'Sunny Side Studios Pty Ltd',
      checkedAt: clock.now(),
    });
    const [request] = abr.requests;
    expect(request?.method).toBe('GET');
    const url = new URL(request?.url ?? '', 'http://fake');
    expect(url.pathname).toBe('/json/AbnDetails.aspx');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      abn: ACTIVE_ABN,
      callback: 'callback',
      guid: GUID,
    });
    expect(request?.headers.accept).toContain('text/javascript');
  });

  it('calls a cancelled ABN cancelled', async () => {
    const check = await checker.checkAbn(CANCELLED_ABN);

    expect(check).toMatchObject({
      status: 'cancelled',
      lookupStatus: 'CANCELLED',
      source: 'abr',
      entityName: 'Old Harbour Media Pty Ltd',
    });
    expect(check.note).toContain('cancelled since 2021-06-30');
  });

  it('calls a well-formed ABN the register does not hold invalid, quoting the ABR', async () => {
    const check = await checker.checkAbn(NOT_ON_REGISTER_ABN);

    expect(check).toMatchObject({ status: 'invalid', lookupStatus: 'INVALID', source: 'abr' });
    expect(check.note).toBe('The Australian Business Register does not hold this ABN ("No record found").');
    expect(check.entityName).toBeUndefined();
    expect(logger.entries).toEqual([]);
  });

  it('calls an ABN invalid when the ABR says it is not valid, whatever the local checksum said', async () => {
    abrAnswers(
      abrJsonp({ Abn: '', AbnStatus: '', BusinessName: [], EntityName: '', Message: ABR_MESSAGES.notValid }),
    );

    const check = await checker.checkAbn(ACTIVE_ABN);

    expect(check).toMatchObject({ status: 'invalid', lookupStatus: 'INVALID', source: 'abr' });
    expect(check.note).toContain(ABR_MESSAGES.notValid);
  });

  it.each([
    ['a wrong checksum', '12345678901'],
    ['10 digits', '5182475355'],
    ['spaces', '51 824 753 556'],
    ['letters', 'ABN51824753'],
  ])('rejects an ABN with %s without asking the ABR', async (_what, number) => {
    const check = await checker.checkAbn(number);

    expect(check).toMatchObject({ status: 'invalid', lookupStatus: 'INVALID', source: 'offline' });
    expect(check.note).toContain('Australian Business Register was not asked');
    expect(abr.requests).toEqual([]);
  });

  it('leaves the ABN not verified on an unrecognised GUID and logs a configuration error without it', async () => {
    const wrongGuid = 'ffffffff-0000-4000-8000-000000000000';
    checker = checkerFor(abr.url, wrongGuid);

    const check = await checker.checkAbn(ACTIVE_ABN);

    expect(check).toMatchObject({ status: 'not verified', lookupStatus: 'GUID_INVALID', source: 'abr' });
    expect(check.note).toContain('configuration error');
    expect(logger.entries).toEqual([
      {
        obj: expect.objectContaining({
          provider: 'abr',
          reason: 'configuration',
          lookupStatus: 'GUID_INVALID',
        }) as object,
        msg: expect.stringContaining('misconfigured') as string,
      },
    ]);
    expect(JSON.stringify(logger.entries) + check.note).not.toContain(wrongGuid);
  });

  it.each([
    [500, 'server-error', 'HTTP 500'],
    [503, 'server-error', 'HTTP 503'],
    [429, 'rate-limited', 'HTTP 429'],
  ])('leaves the ABN not verified and logs it when the ABR answers %i', async (status, reason, said) => {
    abrAnswers({ status, body: '<html><body>Service Unavailable</body></html>' });

    const check = await checker.checkAbn(ACTIVE_ABN);

    expect(check).toMatchObject({ status: 'not verified', lookupStatus: null, source: 'abr' });
    expect(check.note).toContain(said);
    expect(check.note).toContain('11 digits and a correct checksum');
    expect(logger.entries).toHaveLength(1);
    expect(logger.entries[0]?.obj).toMatchObject({ provider: 'abr', check: 'abn', reason, status });
  });

  it('stops waiting at the time-out and leaves the ABN not verified', async () => {
    abr.respondWith(async (request) => ({ ...(await abr.documented(request)), delayMs: 5_000 }));
    const startedAt = performance.now();

    const check = await checker.checkAbn(ACTIVE_ABN);

    expect(performance.now() - startedAt).toBeLessThan(4_000);
    expect(check).toMatchObject({ status: 'not verified', lookupStatus: null });
    expect(check.note).toContain(`did not answer within ${TIMEOUT_MS} ms`);
    expect(logger.entries[0]?.obj).toMatchObject({ reason: 'timeout' });
  });

  it.each([
    ['plain text', { status: 200, body: 'Server is busy, please try later' }],
    ['a broken wrapper', { status: 200, body: `callback({"Abn":"${ACTIVE_ABN}"` }],
    ['JSONP around something that is not JSON', { status: 200, body: "callback({Abn: 'x'})" }],
    ['a record with no ABN and no message', abrJsonp({ Abn: '', AbnStatus: '', Message: '' })],
    ['a record for another ABN', abrJsonp({ Abn: CANCELLED_ABN, AbnStatus: 'Active', Message: '' })],
    ['an unknown status', abrJsonp({ Abn: ACTIVE_ABN, AbnStatus: 'Suspended', Message: '' })],
  ])('leaves the ABN not verified when the ABR answers %s', async (_what, reply: FakeReply) => {
    abrAnswers(reply);

    const check = await checker.checkAbn(ACTIVE_ABN);

    expect(check).toMatchObject({ status: 'not verified', lookupStatus: null, source: 'abr' });
    expect(logger.entries[0]?.obj).toMatchObject({ reason: 'unexpected-answer' });
  });

  it('never runs what the ABR sends', async () => {
    const ranKey = '__abrAnswerRan';
    abrAnswers({ status: 200, body: `callback((globalThis.${ranKey} = true, {"Abn":"${ACTIVE_ABN}"}))` });

    const check = await checker.checkAbn(ACTIVE_ABN);

    expect(check.status).toBe('not verified');
    expect((globalThis as Record<string, unknown>)[ranKey]).toBeUndefined();
  });

  it('leaves the ABN not verified when the ABR cannot be reached', async () => {
    const gone = await startFakeAbr({ guid: GUID, register: [] });
    await gone.close();
    checker = checkerFor(gone.url);

    const check = await checker.checkAbn(ACTIVE_ABN);

    expect(check).toMatchObject({ status: 'not verified', lookupStatus: null, source: 'abr' });
    expect(check.note).toContain('could not be reached');
    expect(logger.entries[0]?.obj).toMatchObject({ reason: 'network' });
  });
});

describe('reading the ABR JSONP', () => {
  it('takes the record out of its callback, spacing, semicolon and brackets inside strings included', () => {
    expect(parseAbrJsonp(' callback( {"EntityName":"A (B) C)","Message":""} );\n')).toEqual({
      EntityName: 'A (B) C)',
      Message: '',
    });
  });

  it('reads nothing from another callback, bare JSON or a non-object', () => {
    expect(parseAbrJsonp('other({"Abn":""})')).toBeUndefined();
    expect(parseAbrJsonp('{"Abn":""}')).toBeUndefined();
    expect(parseAbrJsonp('callback([1,2])')).toBeUndefined();
  });
});
