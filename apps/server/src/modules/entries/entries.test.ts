import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignPlatformMessage,
  ENTRY_MESSAGES,
  type CampaignEntry,
  type CampaignStatus,
  type CreatorCampaignCard,
  type Entry,
  type EntryBulkResult,
  type EntryCount,
  type NotificationFeed,
  type Paged,
} from '@platform/shared';
import { auditLog, campaignEntries } from '../../db/schema/index';
import {
  createCampaign,
  createCreator,
  createWorld,
  joinedCreator,
  signedIn,
  uniqueHandle,
  type SignedIn,
  type World,
} from '../../test/factories';
import { createTestApp, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';

let context: TestApp;
let world: World;
beforeAll(async () => {
  context = await createTestApp({
    authRateLimits: NO_AUTH_RATE_LIMITS,
    // No request leaves the machine: a TikTok short link cannot be followed, and says so.
    environment: { POST_LINK_RESOLUTION: 'off' },
  });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[] } };

const ENTRY = '/server-api/campaigns/entry';
const staffEntries = (campaignId: string, rest = '') =>
  `/server-api/marketing/campaigns/${campaignId}/entries${rest}`;

/** A TikTok video of `handle` no other test uses, with the tracking a shared link carries. */
const tiktokPost = (handle = 'casey') => {
  const id = String(7_300_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e15)));
  return {
    shared: `https://www.tiktok.com/@${handle}/video/${id}?is_from_webapp=1&sender_device=pc`,
    canonical: `https://www.tiktok.com/@${handle}/video/${id}`,
  };
};

/** A creator taking part in `campaignId`, with their TikTok handle and posts of their own to enter. */
async function entrant(campaignId: string) {
  const handle = uniqueHandle();
  const creator = await joinedCreator(context, campaignId, { handle });
  return { creator, handle, post: () => tiktokPost(handle) };
}

const liveCampaign = (status: CampaignStatus = 'LIVE') =>
  createCampaign(context, { teamId: world.homeTeam.id, territoryIds: [world.homeTerritory.id], status });

const entriesOf = async (campaignId: string) =>
  (
    await context.db
      .select({ total: count() })
      .from(campaignEntries)
      .where(eq(campaignEntries.campaignId, campaignId))
  )[0]?.total ?? 0;

describe('entering a post', () => {
  it('takes a post on the campaign’s platform, as its platform links it, and counts it', async () => {
    const campaign = await liveCampaign();
    const { creator, post: ownPost } = await entrant(campaign.id);
    const post = ownPost();

    const entered = await creator.as.post(ENTRY, {
      campaignId: campaign.id,
      postLink: post.shared,
      platform: 'TikTok',
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const entry = entered.json<Entry>();
    expect(entry).toMatchObject({
      kind: 'POST',
      status: 'SUBMITTED',
      postLink: post.canonical,
      rejection: null,
    });

    const mine = await creator.as.post(`${ENTRY}/search`, { campaignId: campaign.id });
    expect(mine.json<{ data: Entry[] }>().data).toEqual([entry]);
    expect(
      (await creator.as.get(`/server-api/campaigns/${campaign.id}/entry`)).json<{ data: Entry[] }>().data,
    ).toEqual([entry]);
    const counted = await creator.as.get(`/server-api/campaigns/${campaign.id}/entry-count`);
    expect(counted.json<EntryCount>()).toEqual({ campaignId: campaign.id, totalCount: 1 });
    const cards = (await creator.as.get('/server-api/campaigns')).json<CreatorCampaignCard[]>();
    expect(cards.find((card) => card.id === campaign.id)?.campaignEntriesCount).toBe(1);
    const audited = await context.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, entry.id));
    expect(audited).toEqual([{ action: 'entry.submit' }]);
  });

  it('refuses a link of another platform or that is not a post, in the spec’s words, and writes nothing', async () => {
    const campaign = await liveCampaign();
    const creator = await joinedCreator(context, campaign.id);
    for (const postLink of ['https://youtu.be/dQw4w9WgXcQ', 'https://www.tiktok.com/@casey', 'not a link']) {
      const refused = await creator.as.post(ENTRY, { campaignId: campaign.id, postLink, platform: 'TikTok' });
      expect(refused.statusCode, postLink).toBe(400);
      expect(refused.json<ErrorBody>().error.details).toEqual([
        { field: 'postLink', message: campaignPlatformMessage('TikTok') },
      ]);
    }
    const tooLong = await creator.as.post(ENTRY, {
      campaignId: campaign.id,
      postLink: `${tiktokPost().canonical}?${'x'.repeat(2000)}`,
      platform: 'TikTok',
    });
    expect(tooLong.json<ErrorBody>().error.details).toEqual([
      { field: 'postLink', message: 'You cannot enter more than 2000 characters' },
    ]);
    expect(await entriesOf(campaign.id)).toBe(0);
  });

  it('says when a short link cannot be followed, rather than guessing', async () => {
    const campaign = await liveCampaign();
    const creator = await joinedCreator(context, campaign.id);
    const refused = await creator.as.post(ENTRY, {
      campaignId: campaign.id,
      postLink: 'https://vm.tiktok.com/ZMabc123/',
      platform: 'TikTok',
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json<ErrorBody>().error.message).toBe(ENTRY_MESSAGES.linkUnchecked);
    expect(await entriesOf(campaign.id)).toBe(0);
  });

  it('takes entries only from creators taking part, while the campaign is live', async () => {
    const campaign = await liveCampaign();
    const stranger = await signedIn(context, await createCreator(context));
    const body = (campaignId: string) => ({ campaignId, postLink: tiktokPost().shared, platform: 'TikTok' });
    const notJoined = await stranger.as.post(ENTRY, body(campaign.id));
    expect([notJoined.statusCode, notJoined.json<ErrorBody>().error.message]).toEqual([
      409,
      ENTRY_MESSAGES.notTakingPart,
    ]);

    const upcoming = await liveCampaign('PUBLISHED');
    const early = await joinedCreator(context, upcoming.id);
    const tooSoon = await early.as.post(ENTRY, body(upcoming.id));
    expect([tooSoon.statusCode, tooSoon.json<ErrorBody>().error.message]).toEqual([
      409,
      ENTRY_MESSAGES.notLive,
    ]);

    const elsewhere = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.otherTerritory.id],
      status: 'LIVE',
    });
    expect((await early.as.post(ENTRY, body(elsewhere.id))).statusCode).toBe(404);
  });

  it('stores one entry of a post that 50 creators send at once, and refuses the rest', async () => {
    const first = await liveCampaign();
    const second = await liveCampaign();
    const creators: { creator: SignedIn; campaignId: string }[] = [];
    for (let index = 0; index < 50; index += 1) {
      const campaignId = index % 2 === 0 ? first.id : second.id;
      creators.push({ creator: await joinedCreator(context, campaignId), campaignId });
    }
    // A link that names no account, so that no creator is refused as not its author before the race.
    const videoId = String(7_300_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e15)));
    const post = { shared: `https://m.tiktok.com/v/${videoId}.html` };
    const answers = await Promise.all(
      creators.map(({ creator, campaignId }) =>
        creator.as.post(ENTRY, { campaignId, postLink: post.shared, platform: 'TikTok' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expect(answer.json<ErrorBody>().error.message).toBe(ENTRY_MESSAGES.postAlreadyEntered);
    }
    expect((await entriesOf(first.id)) + (await entriesOf(second.id))).toBe(1);
  });

  it('replays the first answer to a retried entry with the same Idempotency-Key', async () => {
    const campaign = await liveCampaign();
    const { creator, post } = await entrant(campaign.id);
    const body = { campaignId: campaign.id, postLink: post().shared, platform: 'TikTok' };
    const headers = { 'idempotency-key': randomUUID() };
    const first = await creator.as.post(ENTRY, body, { headers });
    const again = await creator.as.post(ENTRY, body, { headers });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.body).toBe(first.body);
    expect(await entriesOf(campaign.id)).toBe(1);
  });

  it('stores one entry when the same Idempotency-Key arrives 20 times at once, and answers 20 times the same', async () => {
    const campaign = await liveCampaign();
    const { creator, post } = await entrant(campaign.id);
    const body = { campaignId: campaign.id, postLink: post().shared, platform: 'TikTok' };
    const headers = { 'idempotency-key': randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => creator.as.post(ENTRY, body, { headers })),
    );
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
    expect(answers[0]?.statusCode).toBe(201);
    expect(await entriesOf(campaign.id)).toBe(1);
  });
});

describe('reviewing entries', () => {
  it('rejects with a reason the creator reads, takes the revised link back into the queue, approves and archives', async () => {
    const campaign = await liveCampaign();
    const { creator, post } = await entrant(campaign.id);
    const entry = (
      await creator.as.post(ENTRY, {
        campaignId: campaign.id,
        postLink: post().shared,
        platform: 'TikTok',
      })
    ).json<Entry>();
    const marketer = world.as('CampaignMarketer');

    const queue = (await world.as('CampaignViewer').get(staffEntries(campaign.id, '?status=SUBMITTED'))).json<
      Paged<CampaignEntry>
    >();
    expect(queue.items.map((item) => [item.id, item.creator.name])).toEqual([[entry.id, 'Casey Creator']]);

    const bare = await marketer.post(staffEntries(campaign.id, `/${entry.id}/reject`), { reason: 'OTHER' });
    expect(bare.json<ErrorBody>().error.details).toEqual([
      { field: 'note', message: ENTRY_MESSAGES.noteRequired },
    ]);
    const rejected = await marketer.post(staffEntries(campaign.id, `/${entry.id}/reject`), {
      reason: 'REQUIREMENTS_NOT_MET',
      note: 'Tag @novalights in the caption.',
    });
    expect(rejected.json<Entry>()).toMatchObject({
      status: 'REJECTED',
      rejection: { reason: 'REQUIREMENTS_NOT_MET', note: 'Tag @novalights in the caption.' },
    });
    expect(
      (await creator.as.get(`/server-api/campaigns/${campaign.id}/entry-count`)).json<EntryCount>()
        .totalCount,
    ).toBe(0);

    const revised = post();
    const back = await creator.as.patch(`${ENTRY}/${entry.id}`, { postLink: revised.shared });
    expect(back.json<Entry>()).toMatchObject({
      status: 'SUBMITTED',
      postLink: revised.canonical,
      rejection: null,
    });
    expect((await creator.as.patch(`${ENTRY}/${entry.id}`, { postLink: post().shared })).statusCode).toBe(
      409,
    );

    expect(
      (await world.as('CampaignViewer').post(staffEntries(campaign.id, `/${entry.id}/approve`))).statusCode,
    ).toBe(403);
    const approved = await world
      .as('CampaignManager')
      .post(staffEntries(campaign.id, `/${entry.id}/approve`));
    expect(approved.json<Entry>().status).toBe('APPROVED');
    expect((await marketer.post(staffEntries(campaign.id, `/${entry.id}/approve`))).statusCode).toBe(409);
    const archived = await marketer.post(staffEntries(campaign.id, `/${entry.id}/archive`));
    expect(archived.json<Entry>().status).toBe('ARCHIVED');

    const other = await liveCampaign();
    expect((await marketer.post(staffEntries(other.id, `/${entry.id}/approve`))).statusCode).toBe(404);
    const stranger = await signedIn(context, await createCreator(context));
    expect(
      (await stranger.as.patch(`${ENTRY}/${entry.id}`, { postLink: tiktokPost().shared })).statusCode,
    ).toBe(404);
    const actions = await context.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, entry.id));
    expect(actions.map((row) => row.action).sort()).toEqual(
      ['entry.approve', 'entry.archive', 'entry.reject', 'entry.revise', 'entry.submit'].sort(),
    );

    // Each move told the creator, once: the 409s and 404s above told nothing.
    const feed = (await creator.as.get('/server-api/notifications')).json<NotificationFeed>();
    expect(feed.items.map((item) => item.event)).toEqual([
      'POST_ARCHIVED',
      'POST_APPROVED',
      'POST_SUBMITTED',
      'POST_REJECTED',
      'POST_SUBMITTED',
    ]);
    expect(feed.unreadCount).toBe(5);
    expect(feed.items[3]).toMatchObject({
      title: 'Post rejected',
      link: `/campaigns/${campaign.id}`,
      readAt: null,
    });
    expect(feed.items[3]?.body).toContain(
      'Does not meet the campaign’s requirements: Tag @novalights in the caption.',
    );
    const emailed = await context.emails.to(creator.account.email);
    expect(emailed.map((email) => email.subject)).toContain('Post rejected');
  });

  it('moves many entries at once, each on its own, and says why one could not move', async () => {
    const campaign = await liveCampaign();
    const entries: Entry[] = [];
    for (let index = 0; index < 3; index += 1) {
      const { creator, post } = await entrant(campaign.id);
      const entered = await creator.as.post(ENTRY, {
        campaignId: campaign.id,
        postLink: post().shared,
        platform: 'TikTok',
      });
      entries.push(entered.json<Entry>());
    }
    const [first, second, third] = entries.map((entry) => entry.id) as [string, string, string];
    const manager = world.as('CampaignManager');
    expect((await manager.post(staffEntries(campaign.id, `/${third}/approve`))).statusCode).toBe(200);
    const elsewhere = await liveCampaign();
    const foreigner = await entrant(elsewhere.id);
    const foreign = (
      await foreigner.creator.as.post(ENTRY, {
        campaignId: elsewhere.id,
        postLink: foreigner.post().shared,
        platform: 'TikTok',
      })
    ).json<Entry>();

    const bare = await manager.post(staffEntries(campaign.id, '/bulk-reject'), {
      entryIds: [first, second],
      rejection: { reason: 'OTHER' },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json<ErrorBody>().error.details).toEqual([
      { field: 'rejection.note', message: ENTRY_MESSAGES.noteRequired },
    ]);
    const none = await manager.post(staffEntries(campaign.id, '/bulk-approve'), { entryIds: [] });
    expect(none.json<ErrorBody>().error.details).toEqual([
      { field: 'entryIds', message: ENTRY_MESSAGES.bulkRequired },
    ]);
    expect(
      (
        await world
          .as('CampaignViewer')
          .post(staffEntries(campaign.id, '/bulk-approve'), { entryIds: [first] })
      ).statusCode,
    ).toBe(403);

    const approved = await manager.post(staffEntries(campaign.id, '/bulk-approve'), {
      entryIds: [first, second, third, foreign.id, first],
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const { results } = approved.json<EntryBulkResult>();
    expect(results.map((result) => [result.entryId, result.entry?.status ?? null, result.message])).toEqual([
      [first, 'APPROVED', null],
      [second, 'APPROVED', null],
      [third, null, 'This entry is approved: it cannot be approved now.'],
      [foreign.id, null, expect.any(String)],
    ]);
    const stillThere = await context.db
      .select({ status: campaignEntries.status })
      .from(campaignEntries)
      .where(eq(campaignEntries.id, foreign.id));
    expect(stillThere).toEqual([{ status: 'SUBMITTED' }]);

    const archived = await manager.post(staffEntries(campaign.id, '/bulk-archive'), {
      entryIds: [first, second],
    });
    expect(archived.json<EntryBulkResult>().results.map((result) => result.entry?.status)).toEqual([
      'ARCHIVED',
      'ARCHIVED',
    ]);
  });

  it('answers a preview as empty text when no previews are configured', async () => {
    const preview = await world
      .as('Creator')
      .get(`/server-api/campaigns/entry/preview-url/${encodeURIComponent(tiktokPost().canonical)}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toContain('text/plain');
    expect(preview.body).toBe('');
  });
});
