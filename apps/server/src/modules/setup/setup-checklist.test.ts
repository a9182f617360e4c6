import { randomUUID } from 'node:crypto';
import type { SetupChecklistResponse } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCreator,
  createLookup,
  createStaffMember,
  createTeam,
  createTerritory,
  signedIn,
  type SignedIn,
} from '../../test/factories';
import { createTestApp, errorOf, type TestApp } from '../../test/harness';

const CHECKLIST = '/server-api/marketing/setup-checklist';

let context: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  context = await createTestApp();
  admin = await signedIn(context, await createStaffMember(context, { role: 'Admin' }));
});
afterAll(async () => {
  await context?.close();
});

async function checklistOf(caller: SignedIn): Promise<SetupChecklistResponse> {
  const response = await caller.as.get(CHECKLIST);
  expect(response.statusCode).toBe(200);
  return response.json<SetupChecklistResponse>();
}

const doneKeys = (checklist: SetupChecklistResponse) =>
  checklist.items.filter((item) => item.done).map((item) => item.key);

describe('the Admin’s setup checklist', () => {
  it('starts with nothing done on a fresh install, and ticks each item as the Admin does it', async () => {
    const fresh = await checklistOf(admin);
    expect(fresh.items.map((item) => [item.key, item.done, item.optional])).toEqual([
      ['terms', false, false],
      ['genres', false, false],
      ['agencies', false, false],
      ['artists', false, false],
      ['territory', false, false],
      ['team', false, false],
      ['staff', false, false],
      ['email', false, false],
      ['payments', false, true],
    ]);
    expect(fresh.complete).toBe(false);

    // The shipped placeholders stay until both documents in force everywhere are the Admin's own.
    for (const type of ['TERMS', 'PRIVACY']) {
      const published = await admin.as.post('/server-api/marketing/legal-documents', {
        territoryId: 'every',
        type,
        version: `v-${randomUUID()}`,
        content: `Our ${type.toLowerCase()} text.`,
      });
      expect(published.statusCode).toBe(201);
      expect(doneKeys(await checklistOf(admin)).includes('terms')).toBe(type === 'PRIVACY');
    }

    for (const [segment, key] of [
      ['genres', 'genres'],
      ['agencies', 'agencies'],
      ['artists', 'artists'],
    ] as const) {
      const created = await admin.as.post(`/server-api/marketing/lookups/${segment}`, {
        name: `First ${key} ${randomUUID().slice(0, 6)}`,
      });
      expect(created.statusCode).toBe(201);
      expect(doneKeys(await checklistOf(admin))).toContain(key);
    }

    const territory = await admin.as.post('/server-api/marketing/territories', {
      name: 'United Kingdom',
      countries: ['GB'],
      links: {},
    });
    expect(territory.statusCode).toBe(201);
    const team = await admin.as.post('/server-api/marketing/teams', { name: 'Launch team' });
    expect(team.statusCode).toBe(201);
    const invitation = await admin.as.post('/server-api/marketing/staff/invitations', {
      email: 'colleague@example.com',
      displayName: 'Colleague',
      role: 'Support',
    });
    expect(invitation.statusCode).toBe(201);

    const done = await checklistOf(admin);
    expect(doneKeys(done)).toEqual(['terms', 'genres', 'agencies', 'artists', 'territory', 'team', 'staff']);
    // Without SMTP the emails are only logged: creators could not verify their addresses.
    expect(done.complete).toBe(false);

    // Read from what is there now: archiving the only team undoes its item.
    const archived = await admin.as.post(
      `/server-api/marketing/teams/${team.json<{ id: string }>().id}/archive`,
    );
    expect(archived.statusCode).toBe(200);
    expect(doneKeys(await checklistOf(admin))).not.toContain('team');

    // So does cancelling the only invitation.
    const cancelled = await admin.as.delete(
      `/server-api/marketing/staff/invitations/${invitation.json<{ id: string }>().id}`,
    );
    expect(cancelled.statusCode).toBeLessThan(300);
    expect(doneKeys(await checklistOf(admin))).not.toContain('staff');
  });

  it('is an Admin’s alone', async () => {
    for (const role of ['Support', 'CampaignManager', 'TerritoryManager'] as const) {
      const staff = await signedIn(context, await createStaffMember(context, { role }));
      const refused = await staff.as.get(CHECKLIST);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('FORBIDDEN');
    }
    const creator = await signedIn(context, await createCreator(context));
    expect((await creator.as.get(CHECKLIST)).statusCode).toBe(403);
    expect((await context.app.inject({ url: CHECKLIST })).statusCode).toBe(401);
  });
});

describe('an install with SMTP and a payout provider', () => {
  let configured: TestApp;
  beforeAll(async () => {
    configured = await createTestApp({
      environment: { SMTP_URL: 'smtp://127.0.0.1:2525', STRIPE_SECRET_KEY: 'sk_test_setup_checklist' },
    });
  });
  afterAll(async () => {
    await configured?.close();
  });

  it('ticks email and payments from the server’s configuration', async () => {
    const configuredAdmin = await signedIn(
      configured,
      await createStaffMember(configured, { role: 'Admin' }),
    );
    const checklist = await checklistOf(configuredAdmin);
    expect(doneKeys(checklist)).toEqual(['email', 'payments']);
    expect(checklist.complete).toBe(false);

    for (const type of ['TERMS', 'PRIVACY']) {
      const published = await configuredAdmin.as.post('/server-api/marketing/legal-documents', {
        territoryId: 'every',
        type,
        version: `v-${randomUUID()}`,
        content: `Our ${type.toLowerCase()} text.`,
      });
      expect(published.statusCode).toBe(201);
    }
    for (const kind of ['genre', 'agency', 'artist'] as const) await createLookup(configured, kind);
    await createTerritory(configured);
    await createTeam(configured);
    const invited = await configuredAdmin.as.post('/server-api/marketing/staff/invitations', {
      email: 'first-colleague@example.com',
      displayName: 'First colleague',
      role: 'Support',
    });
    expect(invited.statusCode).toBe(201);
    const finished = await checklistOf(configuredAdmin);
    expect(finished.items.every((item) => item.done)).toBe(true);
    expect(finished.complete).toBe(true);
  });
});
