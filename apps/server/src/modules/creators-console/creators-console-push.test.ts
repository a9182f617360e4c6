import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorReminder, OnboardingStatus } from '@platform/shared';
import { auditLog, creatorDevices, notifications } from '../../db/schema/index';
import { createCreator, createStaffMember, signedIn, type SignedIn } from '../../test/factories';
import { fcmErrors, startFakeFcmWithSender, type FakeFcm } from '../../test/fakes/fcm';
import { createTestApp, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';
import { PUSH_NOTES } from '../notifications/notifications.service';

let fcm: FakeFcm;
let context: TestApp;
let support: SignedIn;

beforeAll(async () => {
  const started = await startFakeFcmWithSender();
  fcm = started.fcm;
  const push = started.push;
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS, push });
  support = await signedIn(context, await createStaffMember(context, { role: 'Support' }));
});
afterAll(async () => {
  await context?.close();
  await fcm?.close();
});

/** A device of the creator that FCM knows, live unless told it is dead. */
async function registerDevice(accountId: string, state: 'live' | 'dead' = 'live'): Promise<string> {
  const token = `device-${randomUUID()}`;
  fcm.addDevice(token);
  if (state === 'dead') fcm.unregisterDevice(token);
  await context.db.insert(creatorDevices).values({
    id: randomUUID(),
    creatorId: accountId,
    deviceToken: token,
    provider: 'fcm',
    accepted: true,
    note: 'registered by the test',
    registeredAt: context.clock.now(),
  });
  return token;
}

const stuckCreator = (status: OnboardingStatus = 'KYC_CAPTURE') => createCreator(context, { status });

async function remind(creatorId: string): Promise<CreatorReminder> {
  const response = await support.as.post(`/server-api/marketing/creators/${creatorId}/remind`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatorReminder>();
}

const auditOf = async (creatorId: string) =>
  context.db.select().from(auditLog).where(eq(auditLog.targetId, creatorId));

describe('an onboarding reminder by push beside the email', () => {
  it('pushes to the creator’s live devices, forgets dead ones, and says so in the answer and the audit', async () => {
    const creator = await stuckCreator();
    const live = await registerDevice(creator.id);
    const dead = await registerDevice(creator.id, 'dead');

    const answer = await remind(creator.id);
    expect(answer.channels).toEqual(['email', 'push']);
    expect(answer.pushNote).toBe('Sent to 1 device. 1 dead device token forgotten.');
    expect(answer.creator.remindedAt).not.toBeNull();

    const delivered = fcm.delivered.filter((message) => message.token === live);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      notification: { title: 'Finish setting up your account' },
      data: { event: 'PING_ONBOARDING', link: '/' },
    });
    const devices = await context.db
      .select({ token: creatorDevices.deviceToken })
      .from(creatorDevices)
      .where(eq(creatorDevices.creatorId, creator.id));
    expect(devices.map((device) => device.token)).toEqual([live]);
    expect(devices.map((device) => device.token)).not.toContain(dead);

    expect(await context.emails.to(creator.email)).toHaveLength(1);
    const [entry] = await auditOf(creator.id);
    expect(entry).toMatchObject({ action: 'creator.remind' });
    expect(entry?.after).toMatchObject({ channels: ['email', 'push'], pushNote: answer.pushNote });
    // A reminder is not one of the events of the creator's feed.
    expect(
      await context.db.select().from(notifications).where(eq(notifications.accountId, creator.id)),
    ).toEqual([]);
  });

  it('emails alone a creator without a device, and says why no push went', async () => {
    const creator = await stuckCreator('ARTIST_SELECTION');
    const answer = await remind(creator.id);
    expect(answer).toMatchObject({ channels: ['email'], pushNote: PUSH_NOTES.noDevice });
    expect(await context.emails.to(creator.email)).toHaveLength(1);
    const [entry] = await auditOf(creator.id);
    expect(entry?.after).toMatchObject({ channels: ['email'], pushNote: PUSH_NOTES.noDevice });
  });

  it('still emails when the push provider cannot take the push, and says what it answered', async () => {
    const creator = await stuckCreator();
    await registerDevice(creator.id);
    fcm.replyOnceWith('send', fcmErrors.payloadInvalid('message.data[link].value'));

    const answer = await remind(creator.id);
    expect(answer.channels).toEqual(['email']);
    expect(answer.pushNote).toMatch(/^The push provider could not take it: /);
    expect(await context.emails.to(creator.email)).toHaveLength(1);
  });

  it('sends nothing to a creator who is not part way through onboarding', async () => {
    const creator = await stuckCreator('ACTIVE');
    const token = await registerDevice(creator.id);
    const response = await support.as.post(`/server-api/marketing/creators/${creator.id}/remind`);
    expect(response.statusCode).toBe(409);
    expect(fcm.delivered.filter((message) => message.token === token)).toEqual([]);
    expect(await context.emails.to(creator.email)).toEqual([]);
  });
});
