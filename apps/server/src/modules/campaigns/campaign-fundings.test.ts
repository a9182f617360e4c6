import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FUNDING_MESSAGES,
  type CampaignDetail,
  type CampaignFunding,
  type CampaignFundingsResponse,
  type CampaignStatus,
} from '@platform/shared';
import { auditLog, campaignFundings, campaigns } from '../../db/schema/index';
import { closedPort } from '../../test/fake-http-server';
import { startFakeStripe, stripeError, stripeErrors, type FakeStripe } from '../../test/fakes/stripe';
import { actingAs, createCampaign, createWorld, type World } from '../../test/factories';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';
import { retriedWithOneKey } from '../../test/idempotent-retry';

const SECRET_KEY = 'sk_test_51CampaignFundingKey0123456789abcdef';
const BUDGET = 175_000;
const CAMPAIGNS = '/server-api/marketing/campaigns';

let stripe: FakeStripe;
let context: TestApp;
let world: World;
beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: SECRET_KEY });
  context = await createTestApp({
    authRateLimits: NO_AUTH_RATE_LIMITS,
    environment: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_API_URL: stripe.url },
  });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
  await stripe?.close();
});
beforeEach(() => stripe.reset());

const homeCampaign = (status: CampaignStatus, options: { fundedMinor?: number; startsAt?: string } = {}) =>
  createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status,
    budget: BUDGET,
    ...options,
  });

const transfer = (id: string, body: unknown, principal: 'Admin' | 'CampaignManager' = 'Admin') =>
  world.as(principal).post(`${CAMPAIGNS}/${id}/fundings/transfer`, body);
const topUp = (id: string, amountMinor: number) =>
  world.as('CampaignManager').post(`${CAMPAIGNS}/${id}/fundings/top-up`, { amountMinor });
const fundingsOf = async (id: string) =>
  (await world.as('CampaignManager').get(`${CAMPAIGNS}/${id}/fundings`)).json<CampaignFundingsResponse>();
const rowOf = async (id: string) =>
  (await context.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];
const storedFundings = (id: string) =>
  context.db.select().from(campaignFundings).where(eq(campaignFundings.campaignId, id));
const auditOf = async (id: string) =>
  (
    await context.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, id))
      .orderBy(asc(auditLog.at), asc(auditLog.id))
  ).map((row) => row.action);

describe('a transfer an Admin saw arrive', () => {
  it('is recorded SUCCEEDED with its reference, audited and listed newest first', async () => {
    const campaign = await homeCampaign('DRAFT');
    const first = await transfer(campaign.id, { amountMinor: 100_000, reference: '  BACS 1001  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<CampaignFunding>()).toMatchObject({
      amountMinor: 100_000,
      currency: 'GBP',
      method: 'TRANSFER',
      status: 'SUCCEEDED',
      reference: 'BACS 1001',
      failure: null,
      recordedBy: { email: world.account('Admin').email },
    });
    expect(first.json<CampaignFunding>().settledAt).not.toBeNull();
    context.clock.advance(1_000);
    const second = await transfer(campaign.id, { amountMinor: 75_000, reference: 'BACS 1002' });

    const listed = await fundingsOf(campaign.id);
    expect(listed.providerTopUps).toBe(true);
    expect(listed.items.map((item) => item.id)).toEqual([
      second.json<CampaignFunding>().id,
      first.json<CampaignFunding>().id,
    ]);
    expect(await auditOf(campaign.id)).toEqual(['campaign.funding.record', 'campaign.funding.record']);
    expect((await rowOf(campaign.id))?.budget).toBe(BUDGET);
  });

  it('is recorded once when a lost answer is retried with the same Idempotency-Key', async () => {
    const campaign = await homeCampaign('DRAFT');
    const admin = world.as('Admin');
    const path = `${CAMPAIGNS}/${campaign.id}/fundings/transfer`;
    await retriedWithOneKey(
      context,
      (options) => admin.post(path, { amountMinor: 50_000, reference: 'BACS 2001' }, options),
      (options) => admin.post(path, { amountMinor: 60_000, reference: 'BACS 2002' }, options),
      201,
    );
    expect((await fundingsOf(campaign.id)).items.map((item) => item.reference)).toEqual(['BACS 2001']);
  });

  it('is the Admin’s alone: a CampaignManager of the team is refused (403), and others see nothing', async () => {
    const campaign = await homeCampaign('PUBLISHED', { fundedMinor: 0 });
    const refused = await transfer(
      campaign.id,
      { amountMinor: 1_000, reference: 'BACS 1' },
      'CampaignManager',
    );
    expect(refused.statusCode).toBe(403);
    expect((await world.as('CampaignMarketer').get(`${CAMPAIGNS}/${campaign.id}/fundings`)).statusCode).toBe(
      403,
    );
    expect(await storedFundings(campaign.id)).toEqual([]);
  });

  it('refuses what is not an amount or a reference, in the spec’s words', async () => {
    const campaign = await homeCampaign('DRAFT');
    const cases: [unknown, string, string][] = [
      [{ amountMinor: 0, reference: 'BACS' }, 'amountMinor', FUNDING_MESSAGES.amountRange],
      [{ amountMinor: 12.5, reference: 'BACS' }, 'amountMinor', FUNDING_MESSAGES.wholeNumber],
      [{ amountMinor: 10_000_000_001, reference: 'BACS' }, 'amountMinor', FUNDING_MESSAGES.amountTooLarge],
      [{ amountMinor: 'ten', reference: 'BACS' }, 'amountMinor', FUNDING_MESSAGES.amountRange],
      [{ amountMinor: 100, reference: '   ' }, 'reference', FUNDING_MESSAGES.referenceRequired],
      [{ amountMinor: 100 }, 'reference', FUNDING_MESSAGES.referenceRequired],
    ];
    for (const [body, field, message] of cases) {
      const refused = await transfer(campaign.id, body);
      expect([refused.statusCode, errorOf(refused).details]).toEqual([400, [{ field, message }]]);
    }
    expect(await storedFundings(campaign.id)).toEqual([]);
  });

  it('cannot fund an ended or archived campaign (409)', async () => {
    const ended = await homeCampaign('ENDED');
    const archived = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'DRAFT',
      archived: true,
    });
    for (const id of [ended.id, archived.id]) {
      const refused = await transfer(id, { amountMinor: 1_000, reference: 'BACS 9' });
      expect([refused.statusCode, errorOf(refused).message]).toEqual([409, FUNDING_MESSAGES.notFundable]);
    }
    const topUpRefused = await topUp(ended.id, 1_000);
    expect([topUpRefused.statusCode, errorOf(topUpRefused).message]).toEqual([
      409,
      FUNDING_MESSAGES.notFundable,
    ]);
    expect(stripe.topUps).toEqual([]);
  });

  it('raises the budget by what arrived beyond it, audited, with no second review', async () => {
    const campaign = await homeCampaign('LIVE');
    const over = await transfer(campaign.id, { amountMinor: 25_000, reference: 'BACS 7' });
    expect(over.statusCode).toBe(201);
    const row = await rowOf(campaign.id);
    expect([row?.status, row?.budget]).toEqual(['LIVE', BUDGET + 25_000]);
    expect(await auditOf(campaign.id)).toEqual(['campaign.funding.record', 'campaign.budget.raise']);
  });
});

describe('a top-up through Stripe', () => {
  it('is SUCCEEDED when Stripe says so, idempotent per funding', async () => {
    const campaign = await homeCampaign('DRAFT');
    const response = await topUp(campaign.id, 60_000);
    expect(response.statusCode, response.body).toBe(201);
    const funding = response.json<CampaignFunding>();
    expect(funding).toMatchObject({ method: 'PROVIDER_TOP_UP', status: 'SUCCEEDED', amountMinor: 60_000 });
    expect(stripe.topUps).toHaveLength(1);
    expect(funding.reference).toBe(stripe.topUps[0]?.id);
    expect(stripe.requests[0]?.headers['idempotency-key']).toBe(`funding:${funding.id}`);
    expect(stripe.topUps[0]?.metadata).toEqual({ campaign_id: campaign.id, funding_id: funding.id });
  });

  it('is PENDING while it clears, then settled by the recurring look, failed ones too', async () => {
    const campaign = await homeCampaign('PUBLISHED', {
      fundedMinor: 0,
      startsAt: new Date(context.clock.now().getTime() - 60_000).toISOString(),
    });
    stripe.createTopUpsAs('pending');
    const cleared = (await topUp(campaign.id, BUDGET)).json<CampaignFunding>();
    const failing = (await topUp(campaign.id, 5_000)).json<CampaignFunding>();
    expect([cleared.status, failing.status, cleared.settledAt]).toEqual(['PENDING', 'PENDING', null]);

    expect(await context.services.campaigns.settlePendingTopUps()).toBe(0);
    expect((await rowOf(campaign.id))?.status).toBe('PUBLISHED');

    stripe.settleTopUp(cleared.reference, 'succeeded');
    stripe.settleTopUp(failing.reference, 'failed', 'The bank refused the debit.');
    expect(await context.services.campaigns.settlePendingTopUps()).toBe(2);
    const byId = new Map((await fundingsOf(campaign.id)).items.map((item) => [item.id, item]));
    expect(byId.get(cleared.id)).toMatchObject({ status: 'SUCCEEDED', failure: null });
    expect(byId.get(failing.id)).toMatchObject({ status: 'FAILED', failure: 'The bank refused the debit.' });
    // The money that cleared funds the campaign past its start: it goes live in the same look.
    expect((await rowOf(campaign.id))?.status).toBe('LIVE');
    expect(await context.services.campaigns.settlePendingTopUps()).toBe(0);
  });

  it('refused by Stripe: 422 with its words, nothing recorded', async () => {
    const campaign = await homeCampaign('DRAFT');
    stripe.replyOnceWith(
      stripeError(400, {
        type: 'invalid_request_error',
        message: 'Top-ups are not enabled on your account.',
      }),
    );
    const refused = await topUp(campaign.id, 1_000);
    expect([refused.statusCode, errorOf(refused).message]).toEqual([
      422,
      FUNDING_MESSAGES.providerRefused('Top-ups are not enabled on your account.'),
    ]);
    expect(await storedFundings(campaign.id)).toEqual([]);
  });

  it('Stripe failing or unreachable: 503, nothing recorded', async () => {
    const campaign = await homeCampaign('DRAFT');
    stripe.replyOnceWith(stripeErrors.apiError(500));
    const failing = await topUp(campaign.id, 1_000);
    expect([failing.statusCode, errorOf(failing).message]).toEqual([
      503,
      FUNDING_MESSAGES.providerUnavailable,
    ]);

    const away = await createTestApp({
      database: context.database,
      environment: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_API_URL: `http://127.0.0.1:${await closedPort()}`,
      },
    });
    try {
      const unreachable = await actingAs(away, world.token('CampaignManager')).post(
        `${CAMPAIGNS}/${campaign.id}/fundings/top-up`,
        { amountMinor: 1_000 },
      );
      expect([unreachable.statusCode, errorOf(unreachable).message]).toEqual([
        503,
        FUNDING_MESSAGES.providerUnavailable,
      ]);
    } finally {
      await away.app.close();
    }
    expect(await storedFundings(campaign.id)).toEqual([]);
  });

  it('without a provider: 409, an Admin records the transfer instead', async () => {
    const campaign = await homeCampaign('DRAFT');
    const bare = await createTestApp({ database: context.database });
    try {
      const asManager = actingAs(bare, world.token('CampaignManager'));
      const refused = await asManager.post(`${CAMPAIGNS}/${campaign.id}/fundings/top-up`, {
        amountMinor: 1_000,
      });
      expect([refused.statusCode, errorOf(refused).message]).toEqual([409, FUNDING_MESSAGES.providerMissing]);
      const listed = (
        await asManager.get(`${CAMPAIGNS}/${campaign.id}/fundings`)
      ).json<CampaignFundingsResponse>();
      expect(listed).toEqual({ items: [], providerTopUps: false });
    } finally {
      await bare.app.close();
    }
  });
});

describe('the gate', () => {
  it('keeps an approved unfunded campaign PUBLISHED past its start, and starts it once funded', async () => {
    const startsAt = new Date(context.clock.now().getTime() + 60_000);
    const campaign = await homeCampaign('PENDING', { startsAt: startsAt.toISOString() });
    const approved = await world.as('CampaignManager').post(`${CAMPAIGNS}/${campaign.id}/approve`);
    expect(approved.json<CampaignDetail>().status).toBe('PUBLISHED');

    context.clock.advance(120_000);
    await context.services.campaigns.runSchedule();
    await context.services.campaigns.runScheduleFor(campaign.id);
    expect((await rowOf(campaign.id))?.status).toBe('PUBLISHED');

    await transfer(campaign.id, { amountMinor: BUDGET - 1, reference: 'BACS part' });
    await context.services.campaigns.runSchedule();
    expect((await rowOf(campaign.id))?.status).toBe('PUBLISHED');

    // The last penny arrives: it goes live in the same request.
    expect((await transfer(campaign.id, { amountMinor: 1, reference: 'BACS rest' })).statusCode).toBe(201);
    expect((await rowOf(campaign.id))?.status).toBe('LIVE');
    expect(await auditOf(campaign.id)).toEqual([
      'campaign.approve',
      'campaign.funding.record',
      'campaign.funding.record',
      'campaign.start',
    ]);
  });

  it('starts by the sweep a campaign funded before its start', async () => {
    const startsAt = new Date(context.clock.now().getTime() + 60_000);
    const campaign = await homeCampaign('PUBLISHED', { fundedMinor: 0, startsAt: startsAt.toISOString() });
    await transfer(campaign.id, { amountMinor: BUDGET, reference: 'BACS early' });
    expect((await rowOf(campaign.id))?.status).toBe('PUBLISHED');
    context.clock.advance(60_000);
    await context.services.campaigns.runSchedule();
    expect((await rowOf(campaign.id))?.status).toBe('LIVE');
  });
});
