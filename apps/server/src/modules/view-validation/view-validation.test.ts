import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOLD_MESSAGES,
  type CampaignReward,
  type CreatorHold,
  type EntryViewChecks,
  type HeldEntry,
  type HoldAppealUpload,
  type HoldQueue,
} from '@platform/shared';
import {
  auditLog,
  campaignEntries,
  campaigns,
  entryHolds,
  entryMetricReadings,
  notifications,
  type StoredRiskSignal,
} from '../../db/schema/index';
import {
  createCampaign,
  createCreator,
  createEntry,
  createWorld,
  signedIn,
  TINY_MP4,
  TINY_PNG,
  type SignedIn,
  type World,
} from '../../test/factories';
import { createTestApp, errorOf, signedUrlPath, type TestApp } from '../../test/harness';
import type { HoldDecided } from './view-validation.service';

const HOLDS = '/server-api/marketing/holds';

let context: TestApp;
let world: World;
const decided: HoldDecided[] = [];

beforeAll(async () => {
  context = await createTestApp({ environment: { POST_LINK_RESOLUTION: 'off' } });
  world = await createWorld(context);
  context.services['view-validation'].onDecided(async (_tx, event) => {
    decided.push(event);
  });
});
afterAll(async () => {
  await context?.close();
});

const SPIKE: StoredRiskSignal = {
  code: 'SPIKE',
  value: 14,
  threshold: 10,
  weight: 35,
  sentence: 'Your views rose 14× in 2 hours, long after the post was first counted.',
  window: { from: '2026-11-20T09:00:00.000Z', to: '2026-11-20T11:00:00.000Z', views: 42_000 },
};
const LOW_ENGAGEMENT: StoredRiskSignal = {
  code: 'LOW_ENGAGEMENT',
  value: 0.1,
  threshold: 5,
  weight: 30,
  sentence:
    'Your post has 0.1 likes and comments per 1,000 views, where TikTok posts usually have 5 or more.',
  window: null,
};

type Setup = { teamId?: string; reward?: CampaignReward; holdScore?: number };

async function liveCampaign(setup: Setup = {}) {
  const campaign = await createCampaign(context, {
    teamId: setup.teamId ?? world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    ...(setup.reward ? { reward: setup.reward } : {}),
  });
  if (setup.holdScore !== undefined) {
    const [row] = await context.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    await context.db
      .update(campaigns)
      .set({ validation: { ...(row?.validation as object), holdScore: setup.holdScore } as never })
      .where(eq(campaigns.id, campaign.id));
  }
  return campaign;
}

/** Announces an assessment of the entry as the metrics module does, in a transaction of its own. */
function assess(entry: { id: string; campaignId: string; creatorId: string }, score: number) {
  return context.db.transaction((tx) =>
    context.services['view-validation'].holdRiskyEntry(tx, {
      entryId: entry.id,
      campaignId: entry.campaignId,
      creatorId: entry.creatorId,
      score,
      signals: [SPIKE, LOW_ENGAGEMENT],
      assessedAt: context.clock.now(),
    }),
  );
}

/** A signed-in creator's entry to a campaign, held on a score of 65. */
async function heldEntry(setup: Setup & { status?: 'SUBMITTED' | 'APPROVED'; creator?: SignedIn } = {}) {
  const campaign = await liveCampaign(setup);
  const creator = setup.creator ?? (await signedIn(context, await createCreator(context)));
  const { id } = await createEntry(context, {
    campaignId: campaign.id,
    creatorId: creator.account.id,
    status: setup.status ?? 'SUBMITTED',
  });
  const entry = { id, campaignId: campaign.id, creatorId: creator.account.id };
  await assess(entry, 65);
  const [hold] = await context.db.select().from(entryHolds).where(eq(entryHolds.entryId, id));
  if (!hold) throw new Error('the entry was not held');
  return { campaign, creator, entry, holdId: hold.id };
}

const holdsOf = (entryId: string) =>
  context.db.select().from(entryHolds).where(eq(entryHolds.entryId, entryId));
const auditOf = (holdId: string) =>
  context.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'hold'), eq(auditLog.targetId, holdId)));
const notificationsOf = (accountId: string, event: string) =>
  context.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), eq(notifications.event, event as never)));

/** Readings of the entry at the given hours before now, with engagement a tenth of a like per 1,000 views. */
async function readings(entryId: string, points: readonly (readonly [hoursAgo: number, views: number])[]) {
  const now = context.clock.now().getTime();
  for (const [hoursAgo, views] of points) {
    const readAt = new Date(now - hoursAgo * 3_600_000);
    await context.db.insert(entryMetricReadings).values({
      id: randomUUID(),
      entryId,
      views,
      likes: Math.round(views / 10_000),
      comments: 0,
      shares: null,
      source: 'tiktok-business',
      readAt,
      recordedAt: readAt,
    });
  }
}

describe('holding an entry', () => {
  it('holds at or above the campaign’s own score, never below it, and tells and audits it', async () => {
    const campaign = await liveCampaign({ holdScore: 70 });
    const creator = await createCreator(context);
    const below = await createEntry(context, { campaignId: campaign.id, creatorId: creator.id });
    const at = await createEntry(context, { campaignId: campaign.id, creatorId: creator.id });
    await assess({ ...below, campaignId: campaign.id, creatorId: creator.id }, 69);
    await assess({ ...at, campaignId: campaign.id, creatorId: creator.id }, 70);
    expect(await holdsOf(below.id)).toEqual([]);
    const [hold] = await holdsOf(at.id);
    expect(hold).toMatchObject({ status: 'HELD', score: 70, creatorId: creator.id });
    expect(hold?.signals.map((signal) => signal.code)).toEqual(['SPIKE', 'LOW_ENGAGEMENT']);
    expect(await context.services['view-validation'].heldAmong([below.id, at.id])).toEqual(new Set([at.id]));

    const [opened] = await auditOf(hold?.id ?? '');
    expect(opened).toMatchObject({ action: 'hold.open', actorEmail: 'scheduler', actorRole: 'System' });
    const [told] = await notificationsOf(creator.id, 'EARNINGS_HELD');
    expect(told?.body).toContain(SPIKE.sentence);
    expect(told?.body).toContain(LOW_ENGAGEMENT.sentence);
  });

  it('holds an entry once, ever: a decided hold is not opened again', async () => {
    const { entry, holdId } = await heldEntry();
    await assess(entry, 90);
    expect(await holdsOf(entry.id)).toHaveLength(1);
    const accepted = await world.as('CampaignMarketer').post(`${HOLDS}/${holdId}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    await assess(entry, 95);
    expect(await holdsOf(entry.id)).toHaveLength(1);
    expect(await context.services['view-validation'].heldAmong([entry.id])).toEqual(new Set());
  });

  it('holds no entry that can no longer be paid', async () => {
    const campaign = await liveCampaign();
    const creator = await createCreator(context);
    const rejected = await createEntry(context, {
      campaignId: campaign.id,
      creatorId: creator.id,
      status: 'REJECTED',
    });
    await assess({ ...rejected, campaignId: campaign.id, creatorId: creator.id }, 100);
    expect(await holdsOf(rejected.id)).toEqual([]);
  });
});

describe('the staff queue', () => {
  it('lists open holds by money at stake, highest first, and hides other teams’ from team staff', async () => {
    const slot = await heldEntry({
      reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 5_000, slots: 10 },
    });
    const dearSlot = await heldEntry({
      reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 20_000, slots: 10 },
    });
    const prize = await heldEntry({ reward: { type: 'TOP_PRIZES', prizes: [100_000, 50_000] } });
    const elsewhere = await heldEntry({ teamId: world.otherTeam.id });

    const marketer = world.as('CampaignMarketer');
    const queue = (await marketer.get(`${HOLDS}?pageSize=100`)).json<HoldQueue>();
    const ours = queue.items.filter((item) => [slot.holdId, dearSlot.holdId, prize.holdId].includes(item.id));
    expect(ours.map((item) => item.id)).toEqual([prize.holdId, dearSlot.holdId, slot.holdId]);
    expect(ours.map((item) => item.atStake.amountMinor)).toEqual([100_000, 20_000, 5_000]);
    expect(queue.items.some((item) => item.id === elsewhere.holdId)).toBe(false);
    const amounts = queue.items.map((item) => item.atStake.amountMinor);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

    const item = ours[0] as HeldEntry;
    expect(item).toMatchObject({
      status: 'HELD',
      score: 65,
      campaign: { id: prize.campaign.id, currency: 'GBP' },
      creator: { id: prize.creator.account.id },
      entry: { id: prize.entry.id, kind: 'POST', status: 'SUBMITTED' },
      appeal: null,
      decision: null,
    });
    expect(item.signals[0]).toEqual({
      code: 'SPIKE',
      value: 14,
      threshold: 10,
      sentence: SPIKE.sentence,
      window: SPIKE.window,
    });

    expect((await marketer.get(`${HOLDS}/${elsewhere.holdId}`)).statusCode).toBe(404);
    expect((await marketer.post(`${HOLDS}/${elsewhere.holdId}/accept`, {})).statusCode).toBe(404);
    expect((await marketer.get(`${HOLDS}?campaignId=${elsewhere.campaign.id}`)).statusCode).toBe(404);
    const support = world.as('Support');
    expect((await support.get(`${HOLDS}/${elsewhere.holdId}`)).statusCode).toBe(200);
    expect((await support.post(`${HOLDS}/${elsewhere.holdId}/accept`, {})).statusCode).toBe(403);
    expect((await world.as('Creator').get(HOLDS)).statusCode).toBe(403);

    const ofOne = (await marketer.get(`${HOLDS}?campaignId=${slot.campaign.id}`)).json<HoldQueue>();
    expect(ofOne.items.map((entry) => entry.id)).toEqual([slot.holdId]);
  });
});

describe('deciding a hold', () => {
  it('accepts the figures: audited, told, announced, and final (409)', async () => {
    const { creator, entry, holdId } = await heldEntry();
    const marketer = world.as('CampaignMarketer');
    const accepted = await marketer.post(`${HOLDS}/${holdId}/accept`, {
      note: 'The insights show real viewers.',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<HeldEntry>()).toMatchObject({
      status: 'ACCEPTED',
      decision: {
        outcome: 'ACCEPTED',
        note: 'The insights show real viewers.',
        decidedBy: { id: world.account('CampaignMarketer').id },
      },
    });
    const audits = await auditOf(holdId);
    expect(audits.find((row) => row.action === 'hold.accept')).toMatchObject({
      before: { status: 'HELD' },
      after: { status: 'ACCEPTED' },
      actorId: world.account('CampaignMarketer').id,
    });
    expect(await notificationsOf(creator.account.id, 'HOLD_DECIDED')).toHaveLength(1);
    expect(decided).toContainEqual({
      holdId,
      entryId: entry.id,
      outcome: 'ACCEPTED',
      excludedViews: null,
      reason: 'The insights show real viewers.',
    });

    for (const move of ['accept', 'exclude', 'reject'] as const) {
      const again = await marketer.post(
        `${HOLDS}/${holdId}/${move}`,
        {
          accept: {},
          exclude: { from: '2026-11-20T09:00:00Z', to: '2026-11-20T11:00:00Z', reason: 'Bought views' },
          reject: { reason: 'OTHER', note: 'Bought views' },
        }[move],
      );
      expect(again.statusCode, again.body).toBe(409);
      expect(errorOf(again).message).toBe(HOLD_MESSAGES.decided);
    }
  });

  it('rejects an entry waiting for review, and archives an approved one, through the entry’s review', async () => {
    const waiting = await heldEntry();
    const approved = await heldEntry({ status: 'APPROVED' });
    const marketer = world.as('CampaignMarketer');
    for (const { holdId } of [waiting, approved]) {
      const rejected = await marketer.post(`${HOLDS}/${holdId}/reject`, {
        reason: 'NOT_ORIGINAL',
        note: 'The views were bought.',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json<HeldEntry>().decision).toMatchObject({
        outcome: 'REJECTED',
        rejectionReason: 'NOT_ORIGINAL',
      });
    }
    const statusOf = async (id: string) =>
      (await context.db.select().from(campaignEntries).where(eq(campaignEntries.id, id)))[0];
    expect(await statusOf(waiting.entry.id)).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'NOT_ORIGINAL',
    });
    expect((await statusOf(approved.entry.id))?.status).toBe('ARCHIVED');
    expect((await auditOf(waiting.holdId)).map((row) => row.action)).toContain('hold.reject');
    expect(decided.find((event) => event.holdId === approved.holdId)).toMatchObject({
      outcome: 'REJECTED',
      reason: 'NOT_ORIGINAL',
    });
    const [told] = await notificationsOf(waiting.creator.account.id, 'HOLD_DECIDED');
    expect(told?.body).toContain('The views were bought.');
  });

  it('excludes the views of a window within the entry’s readings', async () => {
    const { creator, entry, holdId } = await heldEntry({ status: 'APPROVED' });
    await readings(entry.id, [
      [10, 3_000],
      [6, 3_100],
      [4, 45_000],
      [1, 45_500],
    ]);
    const marketer = world.as('CampaignMarketer');
    const hour = (hoursAgo: number) =>
      new Date(context.clock.now().getTime() - hoursAgo * 3_600_000).toISOString();
    const backwards = await marketer.post(`${HOLDS}/${holdId}/exclude`, {
      from: hour(4),
      to: hour(6),
      reason: 'Bought views',
    });
    expect(backwards.statusCode).toBe(400);
    const outside = await marketer.post(`${HOLDS}/${holdId}/exclude`, {
      from: hour(12),
      to: hour(4),
      reason: 'Bought views',
    });
    expect(outside.statusCode).toBe(400);
    expect(errorOf(outside).message).toBe(HOLD_MESSAGES.windowOutsideReadings);

    const excluded = await marketer.post(`${HOLDS}/${holdId}/exclude`, {
      from: hour(6),
      to: hour(4),
      reason: 'Views bought in two hours',
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    const body = excluded.json<HeldEntry>();
    expect(body.decision).toMatchObject({ outcome: 'EXCLUDED', excluded: { views: 41_900 } });
    expect(body.figures).toMatchObject({ views: 45_500 - 41_900, excludedViews: 41_900 });
    expect(decided.find((event) => event.holdId === holdId)).toMatchObject({
      outcome: 'EXCLUDED',
      excludedViews: 41_900,
      reason: 'Views bought in two hours',
    });
    expect((await auditOf(holdId)).find((row) => row.action === 'hold.exclude')?.after).toMatchObject({
      status: 'EXCLUDED',
      excludedViews: 41_900,
    });
    const [told] = await notificationsOf(creator.account.id, 'HOLD_DECIDED');
    expect(told?.body).toContain('41,900 views');
  });
});

describe('the creator', () => {
  async function upload(creator: SignedIn, holdId: string, file: Buffer, type: string) {
    const asked = await creator.as.get(`/server-api/creator/holds/${holdId}/appeal-upload-url`);
    expect(asked.statusCode, asked.body).toBe(200);
    const { url, key } = asked.json<HoldAppealUpload>();
    const put = await context.app.inject({
      method: 'PUT',
      url: signedUrlPath(url),
      payload: file,
      headers: { 'content-type': type },
    });
    expect(put.statusCode, put.body).toBe(200);
    return key;
  }

  it('reads their entries’ checks: the sentences, never the score or the weights', async () => {
    const { campaign, creator, entry, holdId } = await heldEntry();
    const checks = await creator.as.get(`/server-api/creator/campaigns/${campaign.id}/view-checks`);
    expect(checks.statusCode, checks.body).toBe(200);
    const [item] = checks.json<EntryViewChecks>().items;
    expect(item).toMatchObject({
      entryId: entry.id,
      status: 'SUBMITTED',
      hold: {
        id: holdId,
        status: 'HELD',
        reasons: [SPIKE.sentence, LOW_ENGAGEMENT.sentence],
        canAppeal: true,
      },
    });
    expect(checks.body).not.toContain('"score"');
    expect(checks.body).not.toContain('"weight"');
    const stranger = await signedIn(context, await createCreator(context));
    expect(
      (await stranger.as.get(`/server-api/creator/campaigns/${campaign.id}/view-checks`)).json(),
    ).toEqual({
      items: [],
    });
  });

  it('appeals once, with a recording that is a video; staff are told and can watch it', async () => {
    const { creator, holdId } = await heldEntry();
    const stranger = await signedIn(context, await createCreator(context));
    expect((await stranger.as.get(`/server-api/creator/holds/${holdId}/appeal-upload-url`)).statusCode).toBe(
      404,
    );

    const noUpload = await creator.as.post(`/server-api/creator/holds/${holdId}/appeal`, {
      note: 'These are real views.',
      fileKey: `hold-appeal-uploads/${holdId}/${randomUUID()}`,
    });
    expect(noUpload.statusCode).toBe(400);
    expect(errorOf(noUpload).message).toBe(HOLD_MESSAGES.recordingNotUploaded);
    const picture = await upload(creator, holdId, TINY_PNG, 'video/mp4');
    const notVideo = await creator.as.post(`/server-api/creator/holds/${holdId}/appeal`, {
      note: 'These are real views.',
      fileKey: picture,
    });
    expect(notVideo.statusCode).toBe(400);
    expect(errorOf(notVideo).message).toBe(HOLD_MESSAGES.recordingNotVideo);
    const key = await upload(creator, holdId, TINY_MP4, 'video/mp4');
    const byStranger = await stranger.as.post(`/server-api/creator/holds/${holdId}/appeal`, {
      note: 'Mine.',
      fileKey: key,
    });
    expect(byStranger.statusCode).toBe(404);

    const appealed = await creator.as.post(`/server-api/creator/holds/${holdId}/appeal`, {
      note: 'These are real views.',
      fileKey: key,
    });
    expect(appealed.statusCode, appealed.body).toBe(200);
    expect(appealed.json<CreatorHold>()).toMatchObject({
      status: 'APPEALED',
      canAppeal: false,
      appeal: { note: 'These are real views.' },
    });
    const again = await creator.as.post(`/server-api/creator/holds/${holdId}/appeal`, {
      note: 'Again.',
      fileKey: key,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(HOLD_MESSAGES.appealed);
    expect((await auditOf(holdId)).find((row) => row.action === 'hold.appeal')).toMatchObject({
      before: { status: 'HELD' },
      after: { status: 'APPEALED' },
      actorId: creator.account.id,
    });
    expect(await notificationsOf(world.account('CampaignMarketer').id, 'HOLD_APPEAL_WAITING')).not.toEqual(
      [],
    );

    const detail = (await world.as('CampaignMarketer').get(`${HOLDS}/${holdId}`)).json<HeldEntry>();
    expect(detail.appeal).toMatchObject({ note: 'These are real views.', scanStatus: 'NOT_SCANNED' });
    const watched = await context.app.inject({
      method: 'GET',
      url: signedUrlPath(detail.appeal?.recordingUrl ?? ''),
    });
    expect(watched.statusCode).toBe(200);
    expect(watched.rawPayload.subarray(4, 8).toString()).toBe('ftyp');

    const accepted = await world.as('CampaignMarketer').post(`${HOLDS}/${holdId}/accept`, {});
    expect(accepted.json<HeldEntry>().status).toBe('ACCEPTED');
    expect((await creator.as.get(`/server-api/creator/holds/${holdId}/appeal-upload-url`)).statusCode).toBe(
      409,
    );
  });
});

describe('driven by the metrics module', () => {
  it('holds an entry whose views jumped with little engagement when its figures are assessed', async () => {
    const campaign = await liveCampaign();
    const creator = await createCreator(context);
    const { id } = await createEntry(context, {
      campaignId: campaign.id,
      creatorId: creator.id,
      status: 'APPROVED',
    });
    const points: [number, number][] = [];
    for (let hoursAgo = 80; hoursAgo >= 8; hoursAgo -= 1) {
      points.push([hoursAgo, Math.min(3_000, 500 + (80 - hoursAgo) * 120)]);
    }
    points.push([6, 45_000]);
    await readings(id, points);
    await context.services.metrics.assessDue();
    const [hold] = await holdsOf(id);
    expect(hold?.status).toBe('HELD');
    expect(hold?.signals.map((signal) => signal.code)).toEqual(
      expect.arrayContaining(['SPIKE', 'LOW_ENGAGEMENT']),
    );
  });
});
