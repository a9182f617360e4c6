import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CampaignBudget, type Entry, type EntryBulkResult } from '@platform/shared';
import { createCampaign, createWorld, joinedCreator, uniqueHandle, type World } from '../../test/factories';
import { createTestApp, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';
import { retriedWithOneKey } from '../../test/idempotent-retry';

// DESIGN §5, ADR 019: entering a post, and every review move (approving an entry takes a paid slot,
// archiving one gives it back), may be sent again after a lost answer with the same Idempotency-Key: the
// retry gets the first answer, and nothing is written twice.

let context: TestApp;
let world: World;
beforeAll(async () => {
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

const ENTRY = '/server-api/campaigns/entry';
const STAFF = '/server-api/marketing';
let nextPost = 7_480_000_000_000_000_000n;

/** A live FIRST_COME_FIRST_SERVE campaign of the home team paying £10 a slot. */
const slotCampaign = () =>
  createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    budget: 100_000,
    reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 1000, slots: 50 },
  });

/** A creator taking part in `campaignId`, and links to new posts of their own. */
async function entrant(campaignId: string) {
  const handle = uniqueHandle();
  const creator = await joinedCreator(context, campaignId, { handle });
  const post = () => {
    nextPost += 1n;
    return {
      campaignId,
      postLink: `https://www.tiktok.com/@${handle}/video/${nextPost}`,
      platform: 'TikTok',
    };
  };
  return { creator, post };
}

/** An entry waiting for review. */
async function submitted(campaignId: string): Promise<string> {
  const { creator, post } = await entrant(campaignId);
  const entered = await creator.as.post(ENTRY, post());
  expect(entered.statusCode, entered.body).toBe(201);
  return entered.json<Entry>().id;
}

const entries = (campaignId: string, path = '') => `${STAFF}/campaigns/${campaignId}/entries${path}`;

const committedOf = async (campaignId: string) =>
  (await world.as('CampaignManager').get(`${STAFF}/campaigns/${campaignId}/budget`)).json<CampaignBudget>()
    .committedMinor;

describe('entries and their review replay the first answer to a retry with the same Idempotency-Key', () => {
  it('entering a post: one entry, the retry answered 201 as the first was', async () => {
    const campaign = await slotCampaign();
    const { creator, post } = await entrant(campaign.id);
    const body = post();
    const first = await retriedWithOneKey(
      context,
      (options) => creator.as.post(ENTRY, body, options),
      (options) => creator.as.post(ENTRY, post(), options),
      201,
    );
    expect(first.json<Entry>()).toMatchObject({ status: 'SUBMITTED', postLink: body.postLink });
  });

  it('approving an entry: its slot is taken and paid once, the retry answered 200 rather than 409', async () => {
    const campaign = await slotCampaign();
    const entryId = await submitted(campaign.id);
    const otherId = await submitted(campaign.id);
    const manager = world.as('CampaignManager');
    const first = await retriedWithOneKey(
      context,
      (options) => manager.post(entries(campaign.id, `/${entryId}/approve`), undefined, options),
      (options) => manager.post(entries(campaign.id, `/${otherId}/approve`), undefined, options),
    );
    expect(first.json<Entry>().status).toBe('APPROVED');
    expect(await committedOf(campaign.id)).toBe(1000);
    expect((await manager.post(entries(campaign.id, `/${entryId}/approve`))).statusCode).toBe(409);
  });

  it('archiving an approved entry: its pending payment is withdrawn and its money given back once', async () => {
    const campaign = await slotCampaign();
    const entryId = await submitted(campaign.id);
    const otherId = await submitted(campaign.id);
    const manager = world.as('CampaignManager');
    for (const id of [entryId, otherId]) {
      expect((await manager.post(entries(campaign.id, `/${id}/approve`))).statusCode).toBe(200);
    }
    expect(await committedOf(campaign.id)).toBe(2000);
    const first = await retriedWithOneKey(
      context,
      (options) => manager.post(entries(campaign.id, `/${entryId}/archive`), undefined, options),
      (options) => manager.post(entries(campaign.id, `/${otherId}/archive`), undefined, options),
    );
    expect(first.json<Entry>().status).toBe('ARCHIVED');
    expect(await committedOf(campaign.id)).toBe(1000);
  });

  it('rejecting an entry: rejected once, with the first reason', async () => {
    const campaign = await slotCampaign();
    const entryId = await submitted(campaign.id);
    const reject = entries(campaign.id, `/${entryId}/reject`);
    const marketer = world.as('CampaignMarketer');
    const first = await retriedWithOneKey(
      context,
      (options) => marketer.post(reject, { reason: 'LOW_QUALITY' }, options),
      (options) => marketer.post(reject, { reason: 'OTHER', note: 'Another reason.' }, options),
    );
    expect(first.json<Entry>()).toMatchObject({ status: 'REJECTED', rejection: { reason: 'LOW_QUALITY' } });
  });

  it('approving entries in bulk: each slot taken once, the retry answered with the first results', async () => {
    const campaign = await slotCampaign();
    const ids = [await submitted(campaign.id), await submitted(campaign.id)];
    const third = await submitted(campaign.id);
    const manager = world.as('CampaignManager');
    const first = await retriedWithOneKey(
      context,
      (options) => manager.post(entries(campaign.id, '/bulk-approve'), { entryIds: ids }, options),
      (options) =>
        manager.post(entries(campaign.id, '/bulk-approve'), { entryIds: [...ids, third] }, options),
    );
    expect(first.json<EntryBulkResult>().results.map((result) => result.entry?.status)).toEqual([
      'APPROVED',
      'APPROVED',
    ]);
    expect(await committedOf(campaign.id)).toBe(2000);
  });

  it('archiving entries in bulk: each slot given back once', async () => {
    const campaign = await slotCampaign();
    const ids = [await submitted(campaign.id), await submitted(campaign.id)];
    const manager = world.as('CampaignManager');
    expect((await manager.post(entries(campaign.id, '/bulk-approve'), { entryIds: ids })).statusCode).toBe(
      200,
    );
    const first = await retriedWithOneKey(
      context,
      (options) => manager.post(entries(campaign.id, '/bulk-archive'), { entryIds: ids }, options),
      (options) =>
        manager.post(entries(campaign.id, '/bulk-archive'), { entryIds: ids.slice(0, 1) }, options),
    );
    expect(first.json<EntryBulkResult>().results.map((result) => result.entry?.status)).toEqual([
      'ARCHIVED',
      'ARCHIVED',
    ]);
    expect(await committedOf(campaign.id)).toBe(0);
  });

  it('rejecting entries in bulk: each rejected once, with the first reason', async () => {
    const campaign = await slotCampaign();
    const ids = [await submitted(campaign.id), await submitted(campaign.id)];
    const bulkReject = entries(campaign.id, '/bulk-reject');
    const marketer = world.as('CampaignMarketer');
    const first = await retriedWithOneKey(
      context,
      (options) =>
        marketer.post(bulkReject, { entryIds: ids, rejection: { reason: 'LOW_QUALITY' } }, options),
      (options) =>
        marketer.post(bulkReject, { entryIds: ids, rejection: { reason: 'NOT_ORIGINAL' } }, options),
    );
    expect(first.json<EntryBulkResult>().results.map((result) => result.entry?.status)).toEqual([
      'REJECTED',
      'REJECTED',
    ]);
  });
});
