import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CAMPAIGN_VALIDATION,
  ENTRY_MESSAGES,
  entryReviewDueAt,
  type Entry,
  type EntryCount,
  type NotificationFeed,
} from '@platform/shared';
import { approveOverdueEntries } from '../../jobs/entry-auto-approval';
import { auditLog, campaignEntries, campaigns, entryHolds, rewards } from '../../db/schema/index';
import {
  createCampaign,
  createWorld,
  joinedCreator,
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
const DAY_MS = 86_400_000;
const NOTE = 'Show the product in the first three seconds, and tag @novalights.';

let postSeq = 0;
const tiktokLink = (handle: string) =>
  `https://www.tiktok.com/@${handle}/video/${7_320_000_000_000_000_000n + BigInt(Date.now() % 1e9) * 1000n + BigInt(postSeq++)}`;

/** A live campaign of the home team: first come, first served with two slots unless told otherwise. */
async function liveCampaign(options: { slots?: number; changeRequests?: boolean } = {}) {
  const campaign = await createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 5000, slots: options.slots ?? 2 },
  });
  await context.db
    .update(campaigns)
    .set({
      validation: { ...DEFAULT_CAMPAIGN_VALIDATION, changeRequests: options.changeRequests ?? true },
    })
    .where(eq(campaigns.id, campaign.id));
  return campaign;
}

/** A creator taking part in `campaignId` with a post of their own entered, through the app's own calls. */
async function enteredPost(
  campaignId: string,
  options: { verified?: boolean } = {},
): Promise<{ creator: SignedIn; handle: string; entry: Entry }> {
  const handle = uniqueHandle();
  const creator = await joinedCreator(context, campaignId, { handle, verified: options.verified ?? true });
  const entered = await creator.as.post(ENTRY, {
    campaignId,
    postLink: tiktokLink(handle),
    platform: 'TikTok',
  });
  expect(entered.statusCode, entered.body).toBe(201);
  return { creator, handle, entry: entered.json<Entry>() };
}

const rowOf = async (entryId: string) =>
  (await context.db.select().from(campaignEntries).where(eq(campaignEntries.id, entryId)))[0];

/** Moves an entry's review deadline into the past, as though it had waited that long. */
const makeOverdue = (entryId: string) =>
  context.db
    .update(campaignEntries)
    .set({ reviewDueAt: new Date(context.clock.now().getTime() - 60_000) })
    .where(eq(campaignEntries.id, entryId));

const slotsOf = (entryId: string) =>
  context.db
    .select({ rule: rewards.rule, amountMinor: rewards.amountMinor })
    .from(rewards)
    .where(and(eq(rewards.entryId, entryId), eq(rewards.rule, 'SLOT')));

const noneHeld = { isHeld: async () => new Set<string>() };

const eventsOf = async (creator: SignedIn) =>
  (await creator.as.get('/server-api/notifications'))
    .json<NotificationFeed>()
    .items.map((item) => ({ event: item.event, body: item.body }));

describe('asking for changes', () => {
  it('sends a waiting entry back to its creator with the note, who revises it into the queue with a fresh deadline', async () => {
    const campaign = await liveCampaign();
    const { creator, handle, entry } = await enteredPost(campaign.id);
    expect(entry.reviewDueAt).toBe(
      entryReviewDueAt(new Date(entry.submittedAt), DEFAULT_CAMPAIGN_VALIDATION).toISOString(),
    );
    const marketer = world.as('CampaignMarketer');

    const blank = await marketer.post(staffEntries(campaign.id, `/${entry.id}/request-changes`), {
      note: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<ErrorBody>().error.details).toEqual([
      { field: 'note', message: ENTRY_MESSAGES.changeNoteRequired },
    ]);

    const asked = await marketer.post(staffEntries(campaign.id, `/${entry.id}/request-changes`), {
      note: `  ${NOTE}  `,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<Entry>()).toMatchObject({
      status: 'CHANGES_REQUESTED',
      changeRequest: NOTE,
      rejection: null,
      autoApproved: false,
    });
    const [audited] = await context.db
      .select({ action: auditLog.action, actorEmail: auditLog.actorEmail, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, entry.id), eq(auditLog.action, 'entry.request-changes')));
    expect(audited).toEqual({
      action: 'entry.request-changes',
      actorEmail: world.account('CampaignMarketer').email,
      after: expect.objectContaining({ status: 'CHANGES_REQUESTED', changeRequest: NOTE }) as unknown,
    });
    const told = await eventsOf(creator);
    expect(told[0]).toEqual({
      event: 'ENTRY_CHANGES_REQUESTED',
      body: expect.stringContaining(NOTE) as string,
    });
    // Waiting on its creator, not refused: it still counts.
    expect(
      (await creator.as.get(`/server-api/campaigns/${campaign.id}/entry-count`)).json<EntryCount>()
        .totalCount,
    ).toBe(1);
    const mine = (await creator.as.get(`/server-api/campaigns/${campaign.id}/entry`)).json<{
      data: Entry[];
    }>();
    expect(mine.data[0]).toMatchObject({ status: 'CHANGES_REQUESTED', changeRequest: NOTE });

    // Nor can it be approved or asked again until its creator revises it.
    const approve = await marketer.post(staffEntries(campaign.id, `/${entry.id}/approve`));
    expect(approve.statusCode).toBe(409);
    const again = await marketer.post(staffEntries(campaign.id, `/${entry.id}/request-changes`), {
      note: NOTE,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe(ENTRY_MESSAGES.changesOnlyWhileWaiting);

    const revised = await creator.as.patch(`${ENTRY}/${entry.id}`, { postLink: tiktokLink(handle) });
    expect(revised.statusCode, revised.body).toBe(200);
    const back = revised.json<Entry>();
    expect(back).toMatchObject({ status: 'SUBMITTED', changeRequest: null, reviewedAt: null });
    expect(new Date(back.submittedAt).getTime()).toBeGreaterThan(new Date(entry.submittedAt).getTime());
    expect(back.reviewDueAt).toBe(
      entryReviewDueAt(new Date(back.submittedAt), DEFAULT_CAMPAIGN_VALIDATION).toISOString(),
    );
    expect((await rowOf(entry.id))?.changeRequest).toBeNull();
  });

  it('is refused where the campaign does not ask for changes, and for an entry not waiting for review', async () => {
    const closed = await liveCampaign({ changeRequests: false });
    const { creator, entry } = await enteredPost(closed.id);
    const marketer = world.as('CampaignMarketer');
    const refused = await marketer.post(staffEntries(closed.id, `/${entry.id}/request-changes`), {
      note: NOTE,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().error.message).toBe(ENTRY_MESSAGES.changeRequestsOff);
    expect((await rowOf(entry.id))?.status).toBe('SUBMITTED');
    expect((await eventsOf(creator)).map((told) => told.event)).not.toContain('ENTRY_CHANGES_REQUESTED');

    const open = await liveCampaign();
    const approved = (await enteredPost(open.id)).entry;
    expect((await marketer.post(staffEntries(open.id, `/${approved.id}/approve`))).statusCode).toBe(200);
    const late = await marketer.post(staffEntries(open.id, `/${approved.id}/request-changes`), {
      note: NOTE,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorBody>().error.message).toBe(ENTRY_MESSAGES.changesOnlyWhileWaiting);
    expect((await rowOf(approved.id))?.status).toBe('APPROVED');
  });

  it('gives a rejected entry a fresh deadline when it is revised', async () => {
    const campaign = await liveCampaign();
    const { creator, handle, entry } = await enteredPost(campaign.id);
    await makeOverdue(entry.id);
    const rejected = await world
      .as('CampaignMarketer')
      .post(staffEntries(campaign.id, `/${entry.id}/reject`), { reason: 'LOW_QUALITY' });
    expect(rejected.statusCode).toBe(200);
    const revised = (
      await creator.as.patch(`${ENTRY}/${entry.id}`, { postLink: tiktokLink(handle) })
    ).json<Entry>();
    expect(revised.status).toBe('SUBMITTED');
    expect(new Date(revised.reviewDueAt ?? 0).getTime()).toBeGreaterThan(
      context.clock.now().getTime() + 6 * DAY_MS,
    );
  });
});

describe('approving on the review deadline', () => {
  it('approves an overdue entry as the platform, which takes a slot, and leaves one not yet due', async () => {
    const campaign = await liveCampaign({ slots: 2 });
    const overdue = await enteredPost(campaign.id);
    const waiting = await enteredPost(campaign.id);
    await makeOverdue(overdue.entry.id);

    const run = await context.services.entries.approveOverdue(context.clock.now(), noneHeld);
    expect(run.approved).toBeGreaterThanOrEqual(1);

    const approved = await rowOf(overdue.entry.id);
    expect(approved).toMatchObject({ status: 'APPROVED', autoApproved: true, reviewedBy: null });
    expect(approved?.reviewedAt).not.toBeNull();
    expect(await slotsOf(overdue.entry.id)).toEqual([{ rule: 'SLOT', amountMinor: 5000 }]);
    const [audited] = await context.db
      .select({ actorId: auditLog.actorId, actorEmail: auditLog.actorEmail, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, overdue.entry.id), eq(auditLog.action, 'entry.approve')));
    expect(audited).toEqual({
      actorId: null,
      actorEmail: 'scheduler',
      after: expect.objectContaining({ status: 'APPROVED', autoApproved: true }) as unknown,
    });
    expect((await eventsOf(overdue.creator))[0]?.event).toBe('POST_APPROVED');
    const seen = (await overdue.creator.as.get(`/server-api/campaigns/${campaign.id}/entry`)).json<{
      data: Entry[];
    }>();
    expect(seen.data[0]).toMatchObject({ status: 'APPROVED', autoApproved: true });

    expect(await rowOf(waiting.entry.id)).toMatchObject({ status: 'SUBMITTED', autoApproved: false });
    expect(await slotsOf(waiting.entry.id)).toEqual([]);
  });

  it('leaves an entry that is held, and one whose handle is not proven, for a reviewer', async () => {
    const campaign = await liveCampaign();
    const held = await enteredPost(campaign.id);
    const unproven = await enteredPost(campaign.id, { verified: false });
    await makeOverdue(held.entry.id);
    await makeOverdue(unproven.entry.id);
    const asked: string[][] = [];

    const run = await context.services.entries.approveOverdue(context.clock.now(), {
      isHeld: async (entryIds) => {
        asked.push([...entryIds]);
        return new Set(entryIds.filter((id) => id === held.entry.id));
      },
    });

    expect(asked.flat()).toEqual(expect.arrayContaining([held.entry.id, unproven.entry.id]));
    expect(run.skipped).toBeGreaterThanOrEqual(2);
    for (const entryId of [held.entry.id, unproven.entry.id]) {
      expect(await rowOf(entryId)).toMatchObject({ status: 'SUBMITTED', autoApproved: false });
      expect(await slotsOf(entryId)).toEqual([]);
    }
  });

  it('approves nothing twice, and gives no slot past the campaign’s last', async () => {
    const campaign = await liveCampaign({ slots: 1 });
    const first = await enteredPost(campaign.id);
    const second = await enteredPost(campaign.id);
    await makeOverdue(first.entry.id);
    await makeOverdue(second.entry.id);

    await context.services.entries.approveOverdue(context.clock.now(), noneHeld);
    const again = await context.services.entries.approveOverdue(context.clock.now(), noneHeld);

    expect(again.approved).toBe(0);
    expect((await rowOf(first.entry.id))?.status).toBe('APPROVED');
    expect((await rowOf(second.entry.id))?.status).toBe('APPROVED');
    const slots = [...(await slotsOf(first.entry.id)), ...(await slotsOf(second.entry.id))];
    expect(slots).toHaveLength(1);
    const approvals = await context.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, first.entry.id), eq(auditLog.action, 'entry.approve')));
    expect(approvals).toHaveLength(1);
  });

  it('as the job runs it, leaves an entry whose earnings view validation holds', async () => {
    const campaign = await liveCampaign();
    const held = await enteredPost(campaign.id);
    const free = await enteredPost(campaign.id);
    await makeOverdue(held.entry.id);
    await makeOverdue(free.entry.id);
    await context.db.insert(entryHolds).values({
      id: randomUUID(),
      entryId: held.entry.id,
      campaignId: campaign.id,
      creatorId: held.creator.account.id,
      status: 'HELD',
      score: 80,
      signals: [],
      heldAt: context.clock.now(),
    });

    await approveOverdueEntries({
      entriesService: context.services.entries,
      viewValidationService: context.services['view-validation'],
      clock: context.clock,
    });

    expect((await rowOf(held.entry.id))?.status).toBe('SUBMITTED');
    expect(await rowOf(free.entry.id)).toMatchObject({ status: 'APPROVED', autoApproved: true });
  });
});
