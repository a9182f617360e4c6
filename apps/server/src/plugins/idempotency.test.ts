import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access, ERROR_CODES, IDEMPOTENCY_MESSAGES, RSVP_MESSAGES, type Rsvp } from '@platform/shared';
import { auditLog, campaignRsvps, idempotencyKeys } from '../db/schema/index';
import {
  createCampaign,
  createCreator,
  createWorld,
  giveHandle,
  signedIn,
  type SignedIn,
  type World,
} from '../test/factories';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, type TestApp } from '../test/harness';
import { ABANDONED_CLAIM_MS, IDEMPOTENCY_KEY_RETENTION_MS } from './idempotency-store';

const SESSION_SECRET = 'idempotency-signing-key-that-is-long-enough-0123456789';
const RSVP = '/server-api/campaigns/rsvp';
const ECHO = '/server-api/test/idempotent/echo';
const BROKEN = '/server-api/test/idempotent/broken';
const SLOW = '/server-api/test/idempotent/slow';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** How often each test route's handler ran, across both apps (they share this module). */
const runs = { echo: 0, broken: 0, slow: 0 };
let failuresLeft = 0;
let slow = { started: deferred(), finish: deferred() };

/** Routes that show what the RSVP routes cannot: headers of their own, a 500, a handler that hangs. */
async function testRoutes(app: FastifyInstance): Promise<void> {
  const config = { access: access.signedIn, idempotent: true };
  app.post(ECHO, { config }, async (request, reply) => {
    runs.echo += 1;
    void reply.header('location', `/things/${runs.echo}`).header('set-cookie', `seen=${runs.echo}`);
    return reply.code(201).send({ run: runs.echo, received: request.body ?? null });
  });
  app.post(BROKEN, { config }, async () => {
    runs.broken += 1;
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('a dependency failed in the middle of the write');
    }
    return { run: runs.broken };
  });
  app.post(SLOW, { config }, async () => {
    runs.slow += 1;
    const run = runs.slow;
    slow.started.resolve();
    await slow.finish.promise;
    return { run };
  });
}

let context: TestApp;
/** A second API process on the same database, which gives up waiting for another request quickly. */
let impatient: TestApp;
let world: World;
const keysSent: string[] = [];
/** A key nobody has sent yet; every key sent is checked against the log at the end. */
const newKey = () => {
  const key = `key-${randomUUID()}`;
  keysSent.push(key);
  return key;
};
const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

beforeAll(async () => {
  context = await createTestApp({
    authRateLimits: NO_AUTH_RATE_LIMITS,
    environment: { SESSION_SECRET },
    extraRoutes: testRoutes,
  });
  impatient = await createTestApp({
    database: context.database,
    clock: context.clock,
    authRateLimits: NO_AUTH_RATE_LIMITS,
    environment: { SESSION_SECRET },
    extraRoutes: testRoutes,
    idempotencyWaitMs: 300,
  });
  world = await createWorld(context);
});
afterAll(async () => {
  await impatient?.app.close();
  await context?.close();
});

const liveChallenge = (type: 'CHALLENGE' | 'BESPOKE' = 'CHALLENGE') =>
  createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    type,
    status: 'LIVE',
  });

async function newCreator(options: { handle?: boolean } = {}): Promise<SignedIn> {
  const account = await createCreator(context);
  if (options.handle !== false) await giveHandle(context, account.id, 'TikTok');
  return signedIn(context, account);
}

const rsvpRows = async (campaignId: string) =>
  (
    await context.db
      .select({ total: count() })
      .from(campaignRsvps)
      .where(eq(campaignRsvps.campaignId, campaignId))
  )[0]?.total ?? 0;

const keyRows = async (...keys: string[]) =>
  (
    await context.db
      .select({ total: count() })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.key, keys))
  )[0]?.total ?? 0;

const replayed = (response: LightMyRequestResponse) => response.headers['idempotent-replayed'] === 'true';

describe('a request with an Idempotency-Key', () => {
  it('runs once; the same request again gets the first answer byte for byte, in any key order', async () => {
    const campaign = await liveChallenge();
    const creator = await newCreator();
    const key = newKey();
    const body = { campaignId: campaign.id, creatorId: creator.account.id };

    const first = await creator.as.post(RSVP, body, withKey(key));
    expect(first.statusCode, first.body).toBe(201);
    expect(replayed(first)).toBe(false);

    const again = await creator.as.post(
      RSVP,
      { creatorId: creator.account.id, campaignId: campaign.id },
      withKey(key),
    );
    expect(again.statusCode).toBe(201);
    expect(replayed(again)).toBe(true);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

    const rsvp = first.json<Rsvp>();
    expect(await rsvpRows(campaign.id)).toBe(1);
    const audited = await context.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, rsvp.id));
    expect(audited).toEqual([{ action: 'rsvp.join' }]);
  });

  it('replays the headers the route set, but not its cookies', async () => {
    const caller = world.as('Creator');
    const key = newKey();
    const first = await caller.post(ECHO, { note: 'hello' }, withKey(key));
    expect(first.statusCode).toBe(201);
    expect(first.headers['set-cookie']).toBeDefined();
    const ranBefore = runs.echo;

    const again = await caller.post(ECHO, { note: 'hello' }, withKey(key));
    expect(runs.echo).toBe(ranBefore);
    expect([again.statusCode, again.body, again.headers.location]).toEqual([
      201,
      first.body,
      first.headers.location,
    ]);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('keeps the answer as it was before compression, and compresses each replay for its caller', async () => {
    const caller = world.as('Creator');
    const key = newKey();
    const body = { note: 'long '.repeat(400) };
    const gzip = { headers: { 'idempotency-key': key, 'accept-encoding': 'gzip' } };
    const first = await caller.post(ECHO, body, gzip);
    expect([first.statusCode, first.headers['content-encoding']]).toEqual([201, 'gzip']);

    const plain = await caller.post(ECHO, body, withKey(key));
    expect([replayed(plain), plain.headers['content-encoding']]).toEqual([true, undefined]);
    expect(plain.rawPayload.equals(gunzipSync(first.rawPayload))).toBe(true);
    const compressed = await caller.post(ECHO, body, gzip);
    expect([replayed(compressed), compressed.headers['content-encoding']]).toEqual([true, 'gzip']);
    expect(gunzipSync(compressed.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('answers 422 to the same key with another request, and does nothing', async () => {
    const [campaign, other] = [await liveChallenge(), await liveChallenge()];
    const creator = await newCreator();
    const key = newKey();
    expect(
      (await creator.as.post(RSVP, { campaignId: campaign.id, creatorId: creator.account.id }, withKey(key)))
        .statusCode,
    ).toBe(201);

    const reused = await creator.as.post(
      RSVP,
      { campaignId: other.id, creatorId: creator.account.id },
      withKey(key),
    );
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused)).toMatchObject({
      code: ERROR_CODES.idempotencyKeyReused,
      message: IDEMPOTENCY_MESSAGES.reused,
    });
    expect(await rsvpRows(other.id)).toBe(0);

    const withQuery = await world.as('Creator').post(`${ECHO}?page=1`, { note: 'a' }, withKey(key));
    expect(withQuery.statusCode, 'another route is another key').toBe(201);
    const otherQuery = await world.as('Creator').post(`${ECHO}?page=2`, { note: 'a' }, withKey(key));
    expect(errorOf(otherQuery).code).toBe(ERROR_CODES.idempotencyKeyReused);
  });

  it('keeps each caller’s keys apart', async () => {
    const campaign = await liveChallenge();
    const [ada, ben] = [await newCreator(), await newCreator()];
    const key = newKey();
    const adaJoined = await ada.as.post(
      RSVP,
      { campaignId: campaign.id, creatorId: ada.account.id },
      withKey(key),
    );
    const benJoined = await ben.as.post(
      RSVP,
      { campaignId: campaign.id, creatorId: ben.account.id },
      withKey(key),
    );
    expect([adaJoined.statusCode, benJoined.statusCode]).toEqual([201, 201]);
    expect(replayed(benJoined)).toBe(false);
    expect(benJoined.json<Rsvp>().creatorId).toBe(ben.account.id);
    expect(await rsvpRows(campaign.id)).toBe(2);

    const ranBefore = runs.echo;
    const adaEcho = await ada.as.post(ECHO, { same: 'body' }, withKey(key));
    const benEcho = await ben.as.post(ECHO, { same: 'body' }, withKey(key));
    expect(runs.echo - ranBefore).toBe(2);
    expect(benEcho.body).not.toBe(adaEcho.body);
  });

  it('replays a 4xx: the answer stands even once the request would now succeed', async () => {
    const campaign = await liveChallenge();
    const creator = await newCreator({ handle: false });
    const body = { campaignId: campaign.id, creatorId: creator.account.id };
    const key = newKey();

    const refused = await creator.as.post(RSVP, body, withKey(key));
    expect([refused.statusCode, errorOf(refused).message]).toEqual([
      409,
      RSVP_MESSAGES.handleNeeded('TikTok'),
    ]);
    await giveHandle(context, creator.account.id, 'TikTok');

    const again = await creator.as.post(RSVP, body, withKey(key));
    expect([again.statusCode, replayed(again), again.body]).toEqual([409, true, refused.body]);
    expect(await rsvpRows(campaign.id)).toBe(0);
    expect((await creator.as.post(RSVP, body, withKey(newKey()))).statusCode).toBe(201);
  });

  it('does not keep a 5xx: the key is let go, so a retry runs again', async () => {
    const caller = world.as('Creator');
    const key = newKey();
    failuresLeft = 1;
    const ranBefore = runs.broken;

    const failed = await caller.post(BROKEN, { amount: 1 }, withKey(key));
    expect([failed.statusCode, errorOf(failed).code]).toEqual([500, ERROR_CODES.internal]);
    expect(await keyRows(key)).toBe(0);

    const retried = await caller.post(BROKEN, { amount: 1 }, withKey(key));
    expect([retried.statusCode, replayed(retried)]).toEqual([200, false]);
    const replay = await caller.post(BROKEN, { amount: 1 }, withKey(key));
    expect([replay.statusCode, replayed(replay), replay.body]).toEqual([200, true, retried.body]);
    expect(runs.broken - ranBefore).toBe(2);
  });

  it('sent 20 times at once, runs once and answers 20 times the same', async () => {
    const campaign = await liveChallenge();
    const creator = await newCreator();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        creator.as.post(RSVP, { campaignId: campaign.id, creatorId: creator.account.id }, withKey(key)),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => !replayed(answer))).toHaveLength(1);
    expect(await rsvpRows(campaign.id)).toBe(1);
    const rsvp = answers[0]?.json<Rsvp>();
    const audited = await context.db
      .select({ total: count() })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, rsvp?.id ?? ''), eq(auditLog.action, 'rsvp.join')));
    expect(audited[0]?.total).toBe(1);
  });

  it('waits for the first request still running and replays its answer; past the wait, 409', async () => {
    const caller = world.as('Creator');
    const other = impatient.app;
    const key = newKey();
    slow = { started: deferred(), finish: deferred() };
    const ranBefore = runs.slow;

    const first = caller.post(SLOW, {}, withKey(key));
    await slow.started.promise;
    const patient = caller.post(SLOW, {}, withKey(key));

    const gaveUp = await other.inject({
      method: 'POST',
      url: SLOW,
      headers: {
        authorization: `Bearer ${world.token('Creator')}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      payload: '{}',
    });
    expect(gaveUp.statusCode).toBe(409);
    expect(errorOf(gaveUp).code).toBe(ERROR_CODES.idempotencyKeyInProgress);
    expect(gaveUp.headers['retry-after']).toBe('1');

    slow.finish.resolve();
    const [answered, waited] = await Promise.all([first, patient]);
    expect([answered.statusCode, waited.statusCode, replayed(waited)]).toEqual([200, 200, true]);
    expect(waited.body).toBe(answered.body);
    expect(runs.slow - ranBefore).toBe(1);
  });

  it('lets a retry take over a claim abandoned by a process that stopped, and keeps only its answer', async () => {
    const caller = world.as('Creator');
    const key = newKey();
    const stuckGate = { started: deferred(), finish: deferred() };
    slow = stuckGate;
    const stuck = caller.post(SLOW, {}, withKey(key));
    await stuckGate.started.promise;

    context.clock.advance(ABANDONED_CLAIM_MS + 1000);
    slow = { started: deferred(), finish: deferred() };
    slow.finish.resolve();
    const retried = await caller.post(SLOW, {}, withKey(key));
    expect([retried.statusCode, replayed(retried)]).toEqual([200, false]);

    stuckGate.finish.resolve();
    const late = await stuck;
    expect(late.statusCode).toBe(200);
    expect(late.body).not.toBe(retried.body);
    const replay = await caller.post(SLOW, {}, withKey(key));
    expect([replayed(replay), replay.body]).toEqual([true, retried.body]);
  });

  it('refuses a key that is not 1 to 255 visible ASCII characters with a 400 naming the header', async () => {
    const campaign = await liveChallenge();
    const creator = await newCreator();
    const body = { campaignId: campaign.id, creatorId: creator.account.id };
    const badKeys: (string | string[])[] = ['', 'k'.repeat(256), 'two words', 'caf\u00e9', ['one', 'two']];
    for (const key of badKeys) {
      const refused = await creator.as.post(RSVP, body, { headers: { 'idempotency-key': key } });
      expect(refused.statusCode, JSON.stringify(key)).toBe(400);
      expect(errorOf(refused)).toMatchObject({
        code: ERROR_CODES.validationFailed,
        details: [{ field: 'Idempotency-Key', message: IDEMPOTENCY_MESSAGES.invalidKey }],
      });
    }
    expect(await rsvpRows(campaign.id)).toBe(0);
    expect((await creator.as.post(RSVP, body, withKey('k'.repeat(255)))).statusCode).toBe(201);
  });

  it('changes nothing when the header is left out', async () => {
    const campaign = await liveChallenge();
    const creator = await newCreator();
    const body = { campaignId: campaign.id, creatorId: creator.account.id };
    const [first, second] = [await creator.as.post(RSVP, body), await creator.as.post(RSVP, body)];
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(replayed(second)).toBe(false);
    const kept = await context.db
      .select({ total: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.accountId, creator.account.id));
    expect(kept[0]?.total).toBe(0);
  });

  it('is taken by the RSVP writes, as the OpenAPI document shows', async () => {
    type Operation = { parameters?: { in: string; name: string }[]; responses: Record<string, unknown> };
    const document = context.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const operations = [
      document.paths[RSVP]?.post,
      document.paths[`${RSVP}/{id}`]?.patch,
      document.paths['/server-api/marketing/campaigns/{id}/invitations']?.post,
    ];
    for (const operation of operations) {
      expect(operation?.parameters).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
      );
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['409', '422']));
    }
    expect(document.paths[`${RSVP}/search`]?.post?.parameters ?? []).not.toContainEqual(
      expect.objectContaining({ name: 'idempotency-key' }),
    );
  });

  it('replays a staff invitation and a creator’s answer too', async () => {
    const campaign = await liveChallenge('BESPOKE');
    const creator = await newCreator();
    const marketer = world.as('CampaignMarketer');
    const invitations = `/server-api/marketing/campaigns/${campaign.id}/invitations`;
    const inviteKey = newKey();
    const invited = await marketer.post(
      invitations,
      { creatorIds: [creator.account.id] },
      withKey(inviteKey),
    );
    const invitedAgain = await marketer.post(
      invitations,
      { creatorIds: [creator.account.id] },
      withKey(inviteKey),
    );
    expect([invited.statusCode, replayed(invitedAgain), invitedAgain.body]).toEqual([
      200,
      true,
      invited.body,
    ]);

    const [rsvp] = invited.json<{ invited: Rsvp[] }>().invited;
    const answerKey = newKey();
    const accepted = await creator.as.patch(`${RSVP}/${rsvp?.id}`, { status: 'ACCEPT' }, withKey(answerKey));
    const acceptedAgain = await creator.as.patch(
      `${RSVP}/${rsvp?.id}`,
      { status: 'ACCEPT' },
      withKey(answerKey),
    );
    expect([accepted.statusCode, replayed(acceptedAgain), acceptedAgain.body]).toEqual([
      200,
      true,
      accepted.body,
    ]);
    const changedMind = await creator.as.patch(
      `${RSVP}/${rsvp?.id}`,
      { status: 'DECLINE' },
      withKey(answerKey),
    );
    expect(errorOf(changedMind).code).toBe(ERROR_CODES.idempotencyKeyReused);
  });
});

describe('keys after 24 hours', () => {
  it('are free again, and the housekeeping deletes them', async () => {
    const account = world.account('Creator');
    const key = newKey();
    const before = await signedIn(context, account);
    expect((await before.as.post(ECHO, { round: 1 }, withKey(key))).statusCode).toBe(201);
    const spare = newKey();
    await before.as.post(ECHO, { round: 1 }, withKey(spare));

    context.clock.advance(IDEMPOTENCY_KEY_RETENTION_MS + 1000);
    const after = await signedIn(context, account);
    const ranBefore = runs.echo;
    const reused = await after.as.post(ECHO, { round: 2 }, withKey(key));
    expect([reused.statusCode, replayed(reused), runs.echo - ranBefore]).toEqual([201, false, 1]);

    expect(await context.services.idempotencyKeys.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await keyRows(spare)).toBe(0);
    expect(await keyRows(key)).toBe(1);
  });
});

describe('the log', () => {
  it('never holds a key', () => {
    const log = context.logText() + impatient.logText();
    expect(log).toContain('request failed');
    for (const key of keysSent) expect(log).not.toContain(key);
  });
});
