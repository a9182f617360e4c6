import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_PAGE_SIZE,
  notificationEventsFor,
  notificationText,
  type NotificationFeed,
  type NotificationPreferences,
  type UnreadCount,
} from '@platform/shared';
import { PUSH_SKIPPED_NOTE } from '../../adapters/push/disabled-push-sender';
import { creatorDevices, notificationPreferences, notifications } from '../../db/schema/index';
import {
  createCampaign,
  createCreator,
  createTeam,
  createTerritory,
  signedIn,
  type SignedIn,
} from '../../test/factories';
import { fcmErrors, startFakeFcmWithSender, type FakeFcm } from '../../test/fakes/fcm';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, PUBLIC_URL, type TestApp } from '../../test/harness';
import {
  PREFERENCE_MESSAGES,
  PUSH_MAX_ATTEMPTS,
  PUSH_NOTES,
  pushRetryDelaySeconds,
  type NotifyInput,
} from './notifications.service';

const BASE = '/server-api/notifications';

let fcm: FakeFcm;
/** Pushes through FCM (the fake). */
let context: TestApp;
/** No push provider configured. */
let offline: TestApp;
let campaign: { id: string; name: string };

beforeAll(async () => {
  const started = await startFakeFcmWithSender();
  fcm = started.fcm;
  const push = started.push;
  [context, offline] = await Promise.all([
    createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS, push }),
    createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS }),
  ]);
  const team = await createTeam(context);
  const territory = await createTerritory(context);
  campaign = await createCampaign(context, { teamId: team.id, territoryIds: [territory.id], status: 'LIVE' });
});
afterAll(async () => {
  await context?.close();
  await offline?.close();
  await fcm?.close();
});

const newCreator = async (app: TestApp = context): Promise<SignedIn> =>
  signedIn(app, await createCreator(app));

/** What a post's rejection tells its creator, unless `overrides` says otherwise. */
const rejection = (accountId: string, overrides: Partial<NotifyInput> = {}): NotifyInput => ({
  accountId,
  event: 'POST_REJECTED',
  campaignId: campaign.id,
  campaignName: campaign.name,
  rejection: { reason: 'LOW_QUALITY', note: null },
  ...overrides,
});

/** Notifies in a transaction of its own, as a service does in the transaction of its change. */
const notify = (input: NotifyInput, app: TestApp = context) =>
  app.db.transaction((tx) => app.services.notifications.notify(tx, input));

/** Notifies `count` times in one transaction, the oldest first. */
const notifyMany = (accountId: string, count: number) =>
  context.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const { id } = await context.services.notifications.notify(tx, {
        accountId,
        event: 'PAYMENT_APPROVED',
        campaignId: null,
        campaignName: `Campaign ${index}`,
        amount: `£${index}.00`,
      });
      ids.push(id);
    }
    return ids;
  });

const rowsOf = (accountId: string, app: TestApp = context) =>
  app.db
    .select()
    .from(notifications)
    .where(eq(notifications.accountId, accountId))
    .orderBy(asc(notifications.createdAt));

const rowOf = async (id: string, app: TestApp = context) => {
  const [row] = await app.db.select().from(notifications).where(eq(notifications.id, id));
  if (!row) throw new Error(`no notification ${id}`);
  return row;
};

const devicesOf = async (accountId: string) =>
  (
    await context.db
      .select({ token: creatorDevices.deviceToken })
      .from(creatorDevices)
      .where(eq(creatorDevices.creatorId, accountId))
  ).map((row) => row.token);

/** A device of the creator that FCM knows, live unless told it is dead. */
async function registerDevice(
  accountId: string,
  state: 'live' | 'dead' = 'live',
  app: TestApp = context,
): Promise<string> {
  const token = `device-${randomUUID()}`;
  fcm.addDevice(token);
  if (state === 'dead') fcm.unregisterDevice(token);
  await app.db.insert(creatorDevices).values({
    id: randomUUID(),
    creatorId: accountId,
    deviceToken: token,
    provider: 'fcm',
    accepted: true,
    note: 'registered by the test',
    registeredAt: app.clock.now(),
  });
  return token;
}

/** Sends every push due now, so that a test's replies from FCM go to its own. */
async function drainPushes(): Promise<void> {
  while ((await context.services.notifications.deliverPendingPushes()) > 0);
}

describe('telling a creator of an event', () => {
  it('writes the feed row, the email in the outbox and a PENDING push, by default', async () => {
    const creator = await newCreator();
    const { id } = await notify(rejection(creator.account.id));

    const expected = notificationText({
      event: 'POST_REJECTED',
      campaignName: campaign.name,
      rejection: { reason: 'LOW_QUALITY', note: null },
    });
    expect(await rowOf(id)).toMatchObject({
      accountId: creator.account.id,
      event: 'POST_REJECTED',
      ...expected,
      link: `/campaigns/${campaign.id}`,
      campaignId: campaign.id,
      readAt: null,
      pushState: 'PENDING',
      pushAttempts: 0,
    });
    const emails = await context.emails.to(creator.account.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      subject: expected.title,
      actionUrl: `${PUBLIC_URL}/campaigns/${campaign.id}`,
      status: 'pending',
    });
    expect(emails[0]?.textBody).toContain(expected.body);
  });

  it('writes no feed row, no email and no push when the change that causes it rolls back', async () => {
    const creator = await newCreator();
    const before = await context.rowCounts();
    await expect(
      context.db.transaction(async (tx) => {
        await context.services.notifications.notify(tx, rejection(creator.account.id));
        throw new Error('the review failed');
      }),
    ).rejects.toThrow('the review failed');
    expect(await rowsOf(creator.account.id)).toEqual([]);
    expect(await context.emails.to(creator.account.email)).toEqual([]);
    expect(await context.rowCounts()).toEqual(before);
  });

  it('sends email and push only as the creator chose, and always writes the feed', async () => {
    const creator = await newCreator();
    const chosen = await creator.as.put(`${BASE}/preferences`, {
      choices: [
        { event: 'POST_APPROVED', email: false, push: true },
        { event: 'POST_REJECTED', email: true, push: false },
        { event: 'POST_ARCHIVED', email: false, push: false },
      ],
    });
    expect(chosen.statusCode, chosen.body).toBe(200);

    const approved = await notify(rejection(creator.account.id, { event: 'POST_APPROVED' }));
    const rejected = await notify(rejection(creator.account.id));
    const archived = await notify(rejection(creator.account.id, { event: 'POST_ARCHIVED' }));

    expect(await rowOf(approved.id)).toMatchObject({ pushState: 'PENDING', pushNote: null });
    for (const { id } of [rejected, archived]) {
      expect(await rowOf(id)).toMatchObject({ pushState: 'SKIPPED', pushNote: PUSH_NOTES.notChosen });
    }
    const emails = await context.emails.to(creator.account.email);
    expect(emails.map((email) => email.subject)).toEqual(['Post rejected']);
    expect((await rowsOf(creator.account.id)).map((row) => row.event)).toEqual([
      'POST_APPROVED',
      'POST_REJECTED',
      'POST_ARCHIVED',
    ]);
  });

  it('skips the push and says why when no push provider is configured', async () => {
    const creator = await newCreator(offline);
    await registerDevice(creator.account.id, 'live', offline);
    const { id } = await notify(rejection(creator.account.id, { campaignId: null }), offline);
    expect(await rowOf(id, offline)).toMatchObject({
      pushState: 'SKIPPED',
      pushNote: PUSH_SKIPPED_NOTE,
      link: null,
    });
    expect((await offline.emails.to(creator.account.email))[0]?.actionUrl).toBe(`${PUBLIC_URL}/`);

    const preferences = await creator.as.get(`${BASE}/preferences`);
    expect(preferences.json<NotificationPreferences>().pushAvailable).toBe(false);
  });
});

describe('the feed', () => {
  it('pages newest first with its cursor, the same time on both sides of a page break included', async () => {
    const creator = await newCreator();
    const ids = await notifyMany(creator.account.id, 45);
    // Ten notifications of one instant across the first page break: the id decides their order.
    const instant = (await rowOf(ids[20] ?? '')).createdAt;
    await context.db
      .update(notifications)
      .set({ createdAt: instant })
      .where(inArray(notifications.id, ids.slice(15, 25)));
    const someoneElse = await newCreator();
    await notifyMany(someoneElse.account.id, 3);

    const seen: string[] = [];
    let cursor: string | null = null;
    const pageSizes: number[] = [];
    do {
      const response = await creator.as.get(cursor ? `${BASE}?before=${encodeURIComponent(cursor)}` : BASE);
      expect(response.statusCode, response.body).toBe(200);
      const page: NotificationFeed = response.json<NotificationFeed>();
      expect(page.unreadCount).toBe(45);
      pageSizes.push(page.items.length);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);

    expect(pageSizes).toEqual([NOTIFICATION_PAGE_SIZE, NOTIFICATION_PAGE_SIZE, 5]);
    expect(new Set(seen).size).toBe(45);
    expect(new Set(seen)).toEqual(new Set(ids));
    const rows = new Map((await rowsOf(creator.account.id)).map((row) => [row.id, row]));
    const order = seen.map((id) => rows.get(id));
    for (let index = 1; index < order.length; index += 1) {
      const [newer, older] = [order[index - 1], order[index]];
      const newerTime = newer?.createdAt.getTime() ?? 0;
      const olderTime = older?.createdAt.getTime() ?? 0;
      expect(
        newerTime > olderTime || (newerTime === olderTime && (newer?.id ?? '') > (older?.id ?? '')),
      ).toBe(true);
    }
  });

  it('shows each notification’s words, link and state', async () => {
    const creator = await newCreator();
    const { id } = await notify(
      rejection(creator.account.id, {
        event: 'POST_REJECTED',
        rejection: { reason: null, note: 'Too dark' },
      }),
    );
    const page = (await creator.as.get(BASE)).json<NotificationFeed>();
    expect(page).toEqual({
      items: [
        {
          id,
          event: 'POST_REJECTED',
          title: 'Post rejected',
          body: `Your post for ${campaign.name} was not approved. Reason: Too dark. You can change the link and send it again.`,
          link: `/campaigns/${campaign.id}`,
          campaignId: campaign.id,
          createdAt: (await rowOf(id)).createdAt.toISOString(),
          readAt: null,
        },
      ],
      nextCursor: null,
      unreadCount: 1,
    });
  });

  it('refuses a cursor it did not hand out', async () => {
    const creator = await newCreator();
    for (const cursor of ['nonsense', Buffer.from('2026-11-21T09:00:00.000Z|x').toString('base64url')]) {
      const refused = await creator.as.get(`${BASE}?before=${cursor}`);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).details).toEqual([{ field: 'before', message: 'Unknown cursor' }]);
    }
  });

  it('counts every unread notification for the badge, and marks one or all read', async () => {
    const creator = await newCreator();
    const ids = await notifyMany(creator.account.id, 120);
    const count = async () => (await creator.as.get(`${BASE}/unread-count`)).json<UnreadCount>().unreadCount;
    expect(await count()).toBe(120);

    const first = await creator.as.post(`${BASE}/${ids[0]}/read`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<UnreadCount>()).toEqual({ unreadCount: 119 });
    const readAt = (await rowOf(ids[0] ?? '')).readAt;
    expect(readAt).not.toBeNull();

    const again = await creator.as.post(`${BASE}/${ids[0]}/read`);
    expect(again.json<UnreadCount>()).toEqual({ unreadCount: 119 });
    expect((await rowOf(ids[0] ?? '')).readAt).toEqual(readAt);

    const withBody = await creator.as.post(`${BASE}/read-all`, { before: '2026-11-21' });
    expect(withBody.statusCode).toBe(400);
    expect(await count()).toBe(119);

    const all = await creator.as.post(`${BASE}/read-all`, {});
    expect(all.statusCode).toBe(200);
    expect(all.json<UnreadCount>()).toEqual({ unreadCount: 0 });
    expect(await count()).toBe(0);
    expect((await rowsOf(creator.account.id)).every((row) => row.readAt !== null)).toBe(true);
  });

  it('answers 404 for another creator’s notification or no notification, and changes nothing', async () => {
    const owner = await newCreator();
    const intruder = await newCreator();
    const { id } = await notify(rejection(owner.account.id));
    for (const target of [id, randomUUID(), 'not-an-id']) {
      const refused = await intruder.as.post(`${BASE}/${target}/read`);
      expect(refused.statusCode).toBe(404);
    }
    expect((await rowOf(id)).readAt).toBeNull();
    await intruder.as.post(`${BASE}/read-all`);
    expect((await rowOf(id)).readAt).toBeNull();
  });
});

describe('the creator’s choices', () => {
  it('are email and push for every event until the creator says otherwise', async () => {
    const creator = await newCreator();
    const response = await creator.as.get(`${BASE}/preferences`);
    expect(response.statusCode).toBe(200);
    expect(response.json<NotificationPreferences>()).toEqual({
      audience: 'creator',
      choices: notificationEventsFor('creator').map((event) => ({ event, email: true, push: true })),
      pushAvailable: true,
    });
  });

  it('change only for the events named', async () => {
    const creator = await newCreator();
    await creator.as.put(`${BASE}/preferences`, {
      choices: [{ event: 'VIDEO_APPROVED', email: false, push: false }],
    });
    const second = await creator.as.put(`${BASE}/preferences`, {
      choices: [{ event: 'PAYMENT_REJECTED', email: true, push: false }],
    });
    expect(second.statusCode, second.body).toBe(200);
    const choices = second.json<NotificationPreferences>().choices;
    expect(choices).toEqual(
      notificationEventsFor('creator').map((event) => ({
        event,
        email: event !== 'VIDEO_APPROVED',
        push: event !== 'VIDEO_APPROVED' && event !== 'PAYMENT_REJECTED',
      })),
    );
    expect((await creator.as.get(`${BASE}/preferences`)).json<NotificationPreferences>().choices).toEqual(
      choices,
    );
  });

  it('refuses a request with any wrong choice in the spec’s words, and keeps none of it', async () => {
    const creator = await newCreator();
    const good = { event: 'POST_APPROVED', email: false, push: false };
    const cases: [unknown, { field: string; message: string }][] = [
      [
        { choices: [good, { event: 'POST_LIKED', email: true, push: true }] },
        { field: 'choices.1.event', message: 'Unknown notification' },
      ],
      [
        { choices: [good, { event: 'POST_REJECTED', email: 'yes', push: true }] },
        { field: 'choices.1.email', message: 'Choose yes or no' },
      ],
      [{ choices: [good, good] }, { field: 'choices.1.event', message: PREFERENCE_MESSAGES.repeated }],
      [{ choices: [] }, { field: 'choices', message: PREFERENCE_MESSAGES.none }],
      [
        { choices: [...NOTIFICATION_EVENTS.map((event) => ({ event, email: true, push: true })), good] },
        { field: 'choices', message: 'Too many choices' },
      ],
    ];
    for (const [body, detail] of cases) {
      const refused = await creator.as.put(`${BASE}/preferences`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(refused).code).toBe('VALIDATION_FAILED');
      expect(errorOf(refused).details).toContainEqual(detail);
    }
    const kept = await context.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.accountId, creator.account.id));
    expect(kept).toEqual([]);
  });
});

describe('pushes', () => {
  beforeEach(async () => {
    await drainPushes();
  });

  it('go to each of the creator’s devices, and a token FCM says is dead is forgotten', async () => {
    const creator = await newCreator();
    const phone = await registerDevice(creator.account.id);
    const tablet = await registerDevice(creator.account.id);
    const uninstalled = await registerDevice(creator.account.id, 'dead');
    const { id } = await notify(rejection(creator.account.id));
    const delivered = fcm.delivered.length;

    expect(await context.services.notifications.deliverPendingPushes()).toBeGreaterThanOrEqual(1);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      pushState: 'SENT',
      pushNote: 'Sent to 2 devices. 1 dead device token forgotten.',
      pushAttempts: 1,
      pushNextAt: null,
    });
    expect(fcm.delivered.slice(delivered)).toEqual(
      [phone, tablet].map((token) => ({
        token,
        notification: { title: row.title, body: row.body },
        data: { notificationId: id, event: 'POST_REJECTED', link: `/campaigns/${campaign.id}` },
      })),
    );
    expect((await devicesOf(creator.account.id)).sort()).toEqual([phone, tablet].sort());
    expect(await devicesOf(creator.account.id)).not.toContain(uninstalled);
  });

  it('are skipped, saying so, for a creator with no device or only dead ones', async () => {
    const bare = await newCreator();
    const gone = await newCreator();
    await registerDevice(gone.account.id, 'dead');
    const first = await notify(rejection(bare.account.id));
    const second = await notify(rejection(gone.account.id));
    await drainPushes();
    expect(await rowOf(first.id)).toMatchObject({ pushState: 'SKIPPED', pushNote: PUSH_NOTES.noDevice });
    expect(await rowOf(second.id)).toMatchObject({
      pushState: 'SKIPPED',
      pushNote: PUSH_NOTES.allDevicesGone,
    });
    expect(await devicesOf(gone.account.id)).toEqual([]);
  });

  it('are tried again later when FCM is unavailable, then sent', async () => {
    const creator = await newCreator();
    const device = await registerDevice(creator.account.id);
    const { id } = await notify(rejection(creator.account.id));
    fcm.replyOnceWith('send', fcmErrors.unavailable());

    await context.services.notifications.deliverPendingPushes();
    const waiting = await rowOf(id);
    expect(waiting).toMatchObject({ pushState: 'PENDING', pushAttempts: 1 });
    expect(waiting.pushNote).toContain('Attempt 1 failed: FCM could not take the message now (503)');

    expect(await context.services.notifications.deliverPendingPushes()).toBe(0);
    context.clock.advance(pushRetryDelaySeconds(1) * 1000);
    await context.services.notifications.deliverPendingPushes();
    expect(await rowOf(id)).toMatchObject({ pushState: 'SENT', pushAttempts: 2 });
    expect(fcm.delivered.filter((message) => message.token === device)).toHaveLength(1);
  });

  it('fail for good after the last attempt, or at once when FCM refuses the message itself', async () => {
    const patient = await newCreator();
    await registerDevice(patient.account.id);
    const retried = await notify(rejection(patient.account.id));
    for (let attempt = 1; attempt <= PUSH_MAX_ATTEMPTS; attempt += 1) {
      fcm.replyOnceWith('send', fcmErrors.unavailable());
      expect(await context.services.notifications.deliverPendingPushes()).toBe(1);
      context.clock.advance(pushRetryDelaySeconds(attempt) * 1000);
    }
    const given = await rowOf(retried.id);
    expect(given).toMatchObject({ pushState: 'FAILED', pushAttempts: PUSH_MAX_ATTEMPTS, pushNextAt: null });
    expect(given.pushNote).toContain(`Not sent after ${PUSH_MAX_ATTEMPTS} attempts`);

    const refused = await newCreator();
    const device = await registerDevice(refused.account.id);
    const rejected = await notify(rejection(refused.account.id));
    fcm.replyOnceWith('send', fcmErrors.payloadInvalid('message.data[link].value'));
    await context.services.notifications.deliverPendingPushes();
    const failed = await rowOf(rejected.id);
    expect(failed).toMatchObject({ pushState: 'FAILED', pushAttempts: 1 });
    expect(failed.pushNote).toContain('The push provider refused it: FCM refused the message (400)');
    expect(await devicesOf(refused.account.id)).toEqual([device]);
  });

  it('go out once when two senders run at the same time', async () => {
    const creator = await newCreator();
    const device = await registerDevice(creator.account.id);
    const ids = await Promise.all([1, 2, 3].map(() => notify(rejection(creator.account.id))));
    await Promise.all([
      context.services.notifications.deliverPendingPushes(),
      context.services.notifications.deliverPendingPushes(),
    ]);
    for (const { id } of ids) expect(await rowOf(id)).toMatchObject({ pushState: 'SENT', pushAttempts: 1 });
    expect(fcm.delivered.filter((message) => message.token === device)).toHaveLength(3);
  });

  it('waiting when push is turned off are skipped with the reason', async () => {
    const creator = await newCreator(offline);
    await registerDevice(creator.account.id, 'live', offline);
    const { id } = await notify(rejection(creator.account.id, { campaignId: null }), offline);
    // Written while a provider was configured, as after a restart without FCM_SERVICE_ACCOUNT_JSON.
    await offline.db
      .update(notifications)
      .set({ pushState: 'PENDING', pushNote: null, pushNextAt: offline.clock.now() })
      .where(eq(notifications.id, id));
    expect(await offline.services.notifications.deliverPendingPushes()).toBe(1);
    expect(await rowOf(id, offline)).toMatchObject({ pushState: 'SKIPPED', pushNote: PUSH_SKIPPED_NOTE });
  });
});
