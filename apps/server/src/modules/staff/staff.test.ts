import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEACTIVATED_MESSAGES,
  ERROR_CODES,
  PASSWORD_MESSAGES,
  REQUIRED_MESSAGE,
  STAFF_MESSAGES,
  type StaffInvitation,
} from '@platform/shared';
import {
  accounts,
  auditLog,
  sessions,
  staffInvitations,
  teamMembers,
  territoryManagers,
} from '../../db/schema/index';
import {
  actingAs,
  createCreator,
  createStaffMember,
  createTeam,
  createTerritory,
  createWorld,
  signIn,
  type World,
} from '../../test/factories';
import {
  createCountingHasher,
  createTestApp,
  NO_AUTH_RATE_LIMITS,
  PUBLIC_URL,
  STRONG_PASSWORD,
  type TestApp,
} from '../../test/harness';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const STAFF = '/server-api/marketing/staff';
const INVITATIONS = `${STAFF}/invitations`;

type ErrorBody = {
  error: { code: string; message: string; details?: { field: string; message: string }[] };
};
type Paged<Item> = { items: Item[]; total: number; page: number; pageSize: number };
type Member = {
  id: string;
  email: string;
  displayName: string | null;
  role: string;
  status: string;
  teams: { id: string; name: string }[];
  territories: { id: string; name: string }[];
  lastSignedInAt: string | null;
  createdAt: string;
};

let context: TestApp;
let world: World;
const hasher = createCountingHasher();

beforeAll(async () => {
  context = await createTestApp({ hasher, authRateLimits: NO_AUTH_RATE_LIMITS });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

const admin = () => world.as('Admin');
let emailCounter = 0;
const newEmail = (prefix = 'colleague') => `${prefix}-${(emailCounter += 1)}@example.com`;
// The public invitation calls are limited per address: each test speaks from its own.
let addressCounter = 0;
const newAddress = () => `10.20.${Math.floor((addressCounter += 1) / 250)}.${addressCounter % 250}`;

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function invite(body: Record<string, unknown>, as = admin()) {
  return as.post(INVITATIONS, body);
}

/** The token of the newest invitation link emailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  const found = (await context.emails.to(email)).find((sent) =>
    sent.actionUrl?.startsWith(`${PUBLIC_URL}/accept-invitation?`),
  );
  const token = found?.actionUrl ? new URL(found.actionUrl).searchParams.get('token') : null;
  if (!token) throw new Error(`no invitation emailed to ${email}`);
  return token;
}

function invitationDetails(token: string, remoteAddress = newAddress()) {
  return context.app.inject({
    method: 'GET',
    url: `/api/staff/invitation?token=${encodeURIComponent(token)}`,
    remoteAddress,
  });
}

function accept(token: string, password = STRONG_PASSWORD, remoteAddress = newAddress()) {
  return context.form('/api/staff/accept-invitation', { token, password }, undefined, remoteAddress);
}

/** Invites a Support colleague (no teams) and returns the invitation and its link's token. */
async function invited(extra: Record<string, unknown> = {}) {
  const email = newEmail();
  const response = await invite({ email, displayName: 'Sam Colleague', role: 'Support', ...extra });
  expect(response.statusCode).toBe(201);
  return { invitation: response.json<StaffInvitation>(), email, token: await invitationToken(email) };
}

async function auditEntries(action: string, targetId: string) {
  return context.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

async function member(id: string): Promise<Member> {
  const account = await context.db.select().from(accounts).where(eq(accounts.id, id));
  const email = account[0]?.email ?? '';
  const page = await admin().get(`${STAFF}?search=${encodeURIComponent(email)}`);
  const found = page.json<Paged<Member>>().items.find((item) => item.id === id);
  if (!found) throw new Error(`no staff member ${id}`);
  return found;
}

/** Every table's row count but the rate-limit counters, which a refused public call still advances. */
async function rowCountsBesidesRateLimits() {
  const { rate_limit_windows: _windows, ...counts } = await context.rowCounts();
  return counts;
}

describe('GET /server-api/marketing/staff', () => {
  it('lists staff with their role, teams, territories, status and last sign-in, never creators', async () => {
    const response = await admin().get(`${STAFF}?pageSize=100`);
    expect(response.statusCode).toBe(200);
    const page = response.json<Paged<Member>>();
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(100);
    expect(page.items.map((item) => item.role)).not.toContain('Creator');
    expect(page.items.some((item) => item.email === world.account('Creator').email)).toBe(false);

    const manager = page.items.find((item) => item.id === world.account('CampaignManager').id);
    expect(manager).toMatchObject({
      email: world.account('CampaignManager').email,
      role: 'CampaignManager',
      status: 'ACTIVE',
      teams: [{ id: world.homeTeam.id, name: world.homeTeam.name }],
      territories: [{ id: world.homeTerritory.id, name: world.homeTerritory.name }],
    });
    // The world's staff signed in when it was built.
    expect(manager?.lastSignedInAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('pages, searches names and emails, and filters by status', async () => {
    const marker = `zephyrine-${Date.now()}`;
    const first = await createStaffMember(context, { role: 'Support', displayName: `${marker} Alpha` });
    const second = await createStaffMember(context, {
      role: 'StatsViewer',
      displayName: 'Someone Else',
      email: `${marker}@example.com`,
    });
    const third = await createStaffMember(context, {
      role: 'Support',
      displayName: `${marker} Gamma`,
      status: 'INACTIVE',
    });

    const found = (await admin().get(`${STAFF}?search=${marker.toUpperCase()}`)).json<Paged<Member>>();
    expect(found.total).toBe(3);
    expect(found.items.map((item) => item.id).sort()).toEqual([first.id, second.id, third.id].sort());

    const paged = (await admin().get(`${STAFF}?search=${marker}&pageSize=2&page=2`)).json<Paged<Member>>();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);

    const inactive = (await admin().get(`${STAFF}?search=${marker}&status=INACTIVE`)).json<Paged<Member>>();
    expect(inactive.items.map((item) => item.id)).toEqual([third.id]);
    expect(inactive.items[0]?.status).toBe('INACTIVE');

    // A search's % and _ are taken literally.
    expect((await admin().get(`${STAFF}?search=%25%25`)).json<Paged<Member>>().total).toBe(0);
  });

  it('is open to Support, read-only', async () => {
    expect((await world.as('Support').get(STAFF)).statusCode).toBe(200);
    expect((await world.as('Support').get(INVITATIONS)).statusCode).toBe(200);
    const refused = await invite(
      { email: newEmail(), displayName: 'Nope', role: 'Support' },
      world.as('Support'),
    );
    expect(refused.statusCode).toBe(403);
  });

  it('names what is wrong with the paging and the filter', async () => {
    const response = await admin().get(`${STAFF}?page=0&pageSize=500&status=GONE`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details).toEqual(
      expect.arrayContaining([
        { field: 'page', message: 'Page must be a whole number from 1.' },
        { field: 'pageSize', message: 'Page size must be from 1 to 100.' },
        { field: 'status', message: 'Status must be ACTIVE or INACTIVE.' },
      ]),
    );
  });
});

describe('GET /server-api/marketing/staff/directory', () => {
  it('finds active staff by name or email for any staff member, without statuses or sign-in times', async () => {
    const found = await createStaffMember(context, {
      role: 'CampaignMarketer',
      displayName: 'Priya Directory',
      email: 'priya.directory@example.com',
    });
    await createStaffMember(context, {
      role: 'CampaignMarketer',
      displayName: 'Priya Disabled',
      status: 'INACTIVE',
    });
    await createCreator(context, { email: 'priya.creator@example.com' });

    for (const principal of ['CampaignManager', 'TerritoryManager', 'StatsViewer'] as const) {
      const response = await world.as(principal).get(`${STAFF}/directory?search=priya`);
      expect(response.statusCode, principal).toBe(200);
      expect(response.json()).toEqual({
        items: [
          {
            id: found.id,
            email: 'priya.directory@example.com',
            displayName: 'Priya Directory',
            role: 'CampaignMarketer',
          },
        ],
      });
    }
    expect((await world.as('Creator').get(`${STAFF}/directory?search=priya`)).statusCode).toBe(403);
  });

  it('answers at most 20 people and names an over-long search', async () => {
    const everyone = await admin().get(`${STAFF}/directory`);
    expect(everyone.json<{ items: unknown[] }>().items.length).toBeLessThanOrEqual(20);
    const tooLong = await admin().get(`${STAFF}/directory?search=${'x'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).details).toEqual([
      { field: 'search', message: 'Search must be at most 200 characters.' },
    ]);
  });
});

describe('POST /server-api/marketing/staff/invitations', () => {
  it('invites by email with a role and teams, emails a 7-day link, keeps only its hash, and audits', async () => {
    const adminAccount = world.account('Admin');
    const response = await invite({
      email: ' New.Manager@Example.COM ',
      displayName: 'Nora Manager',
      role: 'CampaignManager',
      teamIds: [world.homeTeam.id, world.homeTeam.id],
    });
    expect(response.statusCode).toBe(201);
    const invitation = response.json<StaffInvitation>();
    expect(invitation).toMatchObject({
      email: 'new.manager@example.com',
      displayName: 'Nora Manager',
      role: 'CampaignManager',
      teams: [{ id: world.homeTeam.id, name: world.homeTeam.name }],
      territories: [],
      status: 'pending',
    });
    expect(new Date(invitation.expiresAt).getTime() - new Date(invitation.sentAt).getTime()).toBe(7 * DAY);

    const [sent] = await context.emails.to('new.manager@example.com');
    expect(sent?.actionUrl).toMatch(/^http:\/\/app\.test\/accept-invitation\?token=[A-Za-z0-9_-]{43}$/);
    expect(sent?.textBody).toContain('as a Campaign manager');
    expect(sent?.textBody).toContain(
      `${(await context.db.select().from(accounts).where(eq(accounts.id, adminAccount.id)))[0]?.displayName} invited you`,
    );
    expect(sent?.textBody).toContain('expires in 7 days');

    const token = await invitationToken('new.manager@example.com');
    const [row] = await context.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.id, invitation.id));
    expect(row?.tokenHash).toBe(hashOf(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.invitedBy).toBe(adminAccount.id);

    const [entry] = await auditEntries('staff.invite', invitation.id);
    expect(entry).toMatchObject({
      actorId: adminAccount.id,
      actorRole: 'Admin',
      targetType: 'staff-invitation',
      targetLabel: 'new.manager@example.com',
      before: null,
      after: {
        email: 'new.manager@example.com',
        displayName: 'Nora Manager',
        role: 'CampaignManager',
        teams: [world.homeTeam.name],
        territories: [],
      },
    });
    expect(entry?.requestId).toBe(response.headers['x-request-id']);
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('invites a territory manager with territories', async () => {
    const response = await invite({
      email: newEmail('territory'),
      displayName: 'Tia Territory',
      role: 'TerritoryManager',
      territoryIds: [world.homeTerritory.id],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<StaffInvitation>().territories).toEqual([
      { id: world.homeTerritory.id, name: world.homeTerritory.name },
    ]);
  });

  it('gives every field its message and writes nothing', async () => {
    const before = await context.rowCounts();
    const cases: [Record<string, unknown>, { field: string; message: string }[]][] = [
      [
        {},
        [
          { field: 'email', message: REQUIRED_MESSAGE },
          { field: 'displayName', message: REQUIRED_MESSAGE },
          { field: 'role', message: STAFF_MESSAGES.roleInvalid },
        ],
      ],
      [
        { email: 'not-an-email', displayName: '   ', role: 'Support' },
        [
          { field: 'email', message: 'A valid email is required' },
          { field: 'displayName', message: REQUIRED_MESSAGE },
        ],
      ],
      [
        { email: newEmail(), displayName: 'x'.repeat(101), role: 'Chief' },
        [
          { field: 'displayName', message: 'You cannot enter more than 100 characters' },
          { field: 'role', message: STAFF_MESSAGES.roleInvalid },
        ],
      ],
      [
        { email: newEmail(), displayName: 'Two\nLines', role: 'Support' },
        [{ field: 'displayName', message: STAFF_MESSAGES.nameOnOneLine }],
      ],
      [
        { email: newEmail(), displayName: 'No Team', role: 'CampaignMarketer' },
        [{ field: 'teamIds', message: STAFF_MESSAGES.teamsRequired('CampaignMarketer') }],
      ],
      [
        { email: newEmail(), displayName: 'No Team', role: 'CampaignViewer', teamIds: [] },
        [{ field: 'teamIds', message: STAFF_MESSAGES.teamsRequired('CampaignViewer') }],
      ],
      [
        { email: newEmail(), displayName: 'No Territory', role: 'TerritoryManager' },
        [{ field: 'territoryIds', message: STAFF_MESSAGES.territoriesRequired }],
      ],
      [
        {
          email: newEmail(),
          displayName: 'Stats',
          role: 'StatsViewer',
          teamIds: [world.homeTeam.id],
          territoryIds: [world.homeTerritory.id],
        },
        [
          { field: 'teamIds', message: STAFF_MESSAGES.teamsNotTaken('StatsViewer') },
          { field: 'territoryIds', message: STAFF_MESSAGES.territoriesNotTaken('StatsViewer') },
        ],
      ],
      [
        { email: newEmail(), displayName: 'Admin', role: 'Admin', territoryIds: [world.homeTerritory.id] },
        [{ field: 'territoryIds', message: STAFF_MESSAGES.territoriesNotTaken('Admin') }],
      ],
      [
        { email: newEmail(), displayName: 'Bad Ids', role: 'CampaignManager', teamIds: ['not-a-uuid'] },
        [{ field: 'teamIds.0', message: STAFF_MESSAGES.teamInvalid }],
      ],
      [
        {
          email: newEmail(),
          displayName: 'Many',
          role: 'TerritoryManager',
          territoryIds: Array.from({ length: 51 }, () => world.homeTerritory.id),
        },
        [{ field: 'territoryIds', message: STAFF_MESSAGES.tooManyTerritories }],
      ],
    ];
    for (const [body, details] of cases) {
      const response = await invite(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
      expect(errorOf(response).details).toEqual(details);
    }
    expect(await context.rowCounts()).toEqual(before);
  });

  it('refuses an archived team and an inactive territory', async () => {
    const archived = await createTeam(context, { archived: true });
    const inactive = await createTerritory(context, { active: false });
    const before = await context.rowCounts();
    const team = await invite({
      email: newEmail(),
      displayName: 'Gone Team',
      role: 'CampaignManager',
      teamIds: [world.homeTeam.id, archived.id],
    });
    expect(team.statusCode).toBe(400);
    expect(errorOf(team).details).toEqual([{ field: 'teamIds', message: STAFF_MESSAGES.teamGone }]);
    const territory = await invite({
      email: newEmail(),
      displayName: 'Gone Territory',
      role: 'TerritoryManager',
      territoryIds: [inactive.id],
    });
    expect(territory.statusCode).toBe(400);
    expect(errorOf(territory).details).toEqual([
      { field: 'territoryIds', message: STAFF_MESSAGES.territoryGone },
    ]);
    expect(await context.rowCounts()).toEqual(before);
  });

  it('answers 409 on the email for an existing account, however the email is written', async () => {
    const creator = await createCreator(context, { email: newEmail('creator') });
    const before = await context.rowCounts();
    for (const email of [world.account('Support').email.toUpperCase(), ` ${creator.email} `]) {
      const response = await invite({ email, displayName: 'Taken', role: 'Support' });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).details).toEqual([{ field: 'email', message: STAFF_MESSAGES.emailTaken }]);
    }
    expect(await context.rowCounts()).toEqual(before);
  });

  it('answers 409 suggesting a re-send for an invitation already waiting or expired', async () => {
    const { invitation, email } = await invited();
    const again = await invite({ email: email.toUpperCase(), displayName: 'Again', role: 'Admin' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).details).toEqual([{ field: 'email', message: STAFF_MESSAGES.invitationPending }]);

    await context.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(context.clock.now().getTime() - HOUR) })
      .where(eq(staffInvitations.id, invitation.id));
    const afterExpiry = await invite({ email, displayName: 'Again', role: 'Admin' });
    expect(afterExpiry.statusCode).toBe(409);
    expect(errorOf(afterExpiry).details).toEqual([
      { field: 'email', message: STAFF_MESSAGES.invitationExpiredExists },
    ]);

    await admin().delete(`${INVITATIONS}/${invitation.id}`);
    expect((await invite({ email, displayName: 'Fresh', role: 'Support' })).statusCode).toBe(201);
  });

  it('lets only one of two Admins inviting the same email at once succeed', async () => {
    const email = newEmail('race');
    const body = { email, displayName: 'Raced', role: 'Support' };
    const secondAdmin = await createStaffMember(context, { role: 'Admin' });
    const other = actingAs(context, await signIn(context, secondAdmin));
    const statuses = (await Promise.all([invite(body), invite(body, other)])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([201, 409]);
    const rows = await context.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(rows).toHaveLength(1);
  });
});

describe('GET /server-api/marketing/staff/invitations', () => {
  it('lists pending and expired invitations, newest first, never accepted or cancelled ones', async () => {
    const marker = `quillon${Date.now()}`;
    const make = async (name: string) => (await invited({ displayName: `${marker} ${name}` })).invitation;
    const pending = await make('Pending');
    const expired = await make('Expired');
    const cancelled = await make('Cancelled');
    const acceptedOne = await invited({ displayName: `${marker} Accepted` });
    await context.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(context.clock.now().getTime() - 1) })
      .where(eq(staffInvitations.id, expired.id));
    expect((await admin().delete(`${INVITATIONS}/${cancelled.id}`)).statusCode).toBe(204);
    expect((await accept(acceptedOne.token)).statusCode).toBe(201);

    const page = (await admin().get(`${INVITATIONS}?search=${marker}`)).json<Paged<StaffInvitation>>();
    expect(page.total).toBe(2);
    expect(page.items.map((item) => [item.id, item.status])).toEqual([
      [expired.id, 'expired'],
      [pending.id, 'pending'],
    ]);
    expect(page.items[1]?.invitedBy).toBeTruthy();
  });
});

describe('POST /server-api/marketing/staff/invitations/{id}/resend and DELETE …/{id}', () => {
  it('re-sends with a new link and 7 more days; the old link stops working', async () => {
    const { invitation, email, token: oldToken } = await invited();
    context.clock.advance(60 * 1000);
    const response = await admin().post(`${INVITATIONS}/${invitation.id}/resend`);
    expect(response.statusCode).toBe(200);
    const renewed = response.json<StaffInvitation>();
    expect(new Date(renewed.expiresAt).getTime()).toBeGreaterThan(new Date(invitation.expiresAt).getTime());
    expect(new Date(renewed.expiresAt).getTime() - new Date(renewed.sentAt).getTime()).toBe(7 * DAY);

    const newToken = await invitationToken(email);
    expect(newToken).not.toBe(oldToken);
    expect(await context.emails.to(email)).toHaveLength(2);
    const old = await invitationDetails(oldToken);
    expect(old.statusCode).toBe(400);
    expect(errorOf(old)).toMatchObject({ code: 'HINT_INVALID', message: STAFF_MESSAGES.linkInvalid });
    expect((await invitationDetails(newToken)).statusCode).toBe(200);

    const [entry] = await auditEntries('staff.resend', invitation.id);
    expect(entry?.before).toEqual({ sentAt: invitation.sentAt, expiresAt: invitation.expiresAt });
    expect(entry?.after).toEqual({ sentAt: renewed.sentAt, expiresAt: renewed.expiresAt });
  });

  it('re-sends an expired invitation, which works again', async () => {
    const { invitation, email } = await invited();
    await context.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(context.clock.now().getTime() - DAY) })
      .where(eq(staffInvitations.id, invitation.id));
    expect(
      (await admin().post(`${INVITATIONS}/${invitation.id}/resend`)).json<StaffInvitation>().status,
    ).toBe('pending');
    expect((await accept(await invitationToken(email))).statusCode).toBe(201);
  });

  it('cancels: the link answers 409 and the invitation can change no more', async () => {
    const { invitation, token } = await invited();
    const response = await admin().delete(`${INVITATIONS}/${invitation.id}`);
    expect(response.statusCode).toBe(204);
    const link = await invitationDetails(token);
    expect(link.statusCode).toBe(409);
    expect(errorOf(link).message).toBe(STAFF_MESSAGES.linkCancelled);
    expect((await accept(token)).statusCode).toBe(409);

    const before = await context.rowCounts();
    for (const call of [
      admin().delete(`${INVITATIONS}/${invitation.id}`),
      admin().post(`${INVITATIONS}/${invitation.id}/resend`),
    ]) {
      const refused = await call;
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).message).toBe(STAFF_MESSAGES.invitationCancelled);
    }
    expect(await context.rowCounts()).toEqual(before);

    const [entry] = await auditEntries('staff.cancel', invitation.id);
    expect(entry).toMatchObject({ before: { status: 'pending' }, after: { status: 'cancelled' } });
  });

  it('refuses to re-send or cancel an accepted invitation', async () => {
    const { invitation, token } = await invited();
    expect((await accept(token)).statusCode).toBe(201);
    for (const call of [
      admin().post(`${INVITATIONS}/${invitation.id}/resend`),
      admin().delete(`${INVITATIONS}/${invitation.id}`),
    ]) {
      const refused = await call;
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).message).toBe(STAFF_MESSAGES.invitationAccepted);
    }
  });

  it('answers 404 for a missing invitation and for an id that is not a UUID', async () => {
    for (const id of ['7d9c1f8e-8a3b-4c55-9d2e-5f1a2b3c4d5e', 'not-a-uuid']) {
      expect((await admin().post(`${INVITATIONS}/${id}/resend`)).statusCode).toBe(404);
      expect((await admin().delete(`${INVITATIONS}/${id}`)).statusCode).toBe(404);
    }
  });
});

describe('accepting an invitation (GET /api/staff/invitation, POST /api/staff/accept-invitation)', () => {
  it('shows what the link is for, then creates the account with its role, teams and email verified', async () => {
    const email = newEmail('joiner');
    const created = await invite({
      email,
      displayName: 'Jo Joiner',
      role: 'CampaignMarketer',
      teamIds: [world.homeTeam.id, world.otherTeam.id],
    });
    const invitationId = created.json<StaffInvitation>().id;
    const token = await invitationToken(email);

    const details = await invitationDetails(token);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({ email, displayName: 'Jo Joiner', role: 'CampaignMarketer' });

    const response = await accept(token);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: STAFF_MESSAGES.accountReady });

    const [account] = await context.db.select().from(accounts).where(eq(accounts.email, email));
    expect(account).toMatchObject({ role: 'CampaignMarketer', displayName: 'Jo Joiner', status: 'ACTIVE' });
    expect(account?.emailVerifiedAt).not.toBeNull();
    const teams = await context.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.accountId, account?.id ?? ''));
    expect(teams.map((row) => row.teamId).sort()).toEqual([world.homeTeam.id, world.otherTeam.id].sort());
    const [invitation] = await context.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.id, invitationId));
    expect(invitation?.acceptedAt).not.toBeNull();
    expect(invitation?.accountId).toBe(account?.id);

    const [entry] = await auditEntries('staff.join', account?.id ?? '');
    expect(entry).toMatchObject({
      actorId: account?.id,
      actorEmail: email,
      actorRole: 'CampaignMarketer',
      targetType: 'staff',
      after: { email, role: 'CampaignMarketer' },
    });
    expect((entry?.after as { teams: string[] }).teams.sort()).toEqual(
      [world.homeTeam.name, world.otherTeam.name].sort(),
    );
    expect(JSON.stringify(entry)).not.toContain(token);
    expect(JSON.stringify(entry)).not.toContain(STRONG_PASSWORD);

    // The new colleague signs in with the existing sign-in and reads the staff list of their scope.
    const session = await signIn(context, { email, password: STRONG_PASSWORD });
    const profile = await actingAs(context, session).get('/server-api/creator/profile');
    expect(profile.json()).toMatchObject({ email, role: 'CampaignMarketer', emailVerified: true });

    // The link worked once.
    const again = await invitationDetails(token);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'HINT_USED', message: STAFF_MESSAGES.linkUsed });
    const reuse = await accept(token);
    expect(reuse.statusCode).toBe(409);
    expect(errorOf(reuse).message).toBe(STAFF_MESSAGES.linkUsed);
  });

  it('makes a territory manager a manager of the invitation’s territories', async () => {
    const email = newEmail('territory-joiner');
    await invite({
      email,
      displayName: 'Terry',
      role: 'TerritoryManager',
      territoryIds: [world.otherTerritory.id],
    });
    expect((await accept(await invitationToken(email))).statusCode).toBe(201);
    const [account] = await context.db.select().from(accounts).where(eq(accounts.email, email));
    const managed = await context.db
      .select()
      .from(territoryManagers)
      .where(eq(territoryManagers.accountId, account?.id ?? ''));
    expect(managed.map((row) => row.territoryId)).toEqual([world.otherTerritory.id]);
  });

  it('leaves out a team archived since the invitation', async () => {
    const doomed = await createTeam(context);
    const email = newEmail('archived-team');
    await invite({
      email,
      displayName: 'Ari',
      role: 'CampaignViewer',
      teamIds: [world.homeTeam.id, doomed.id],
    });
    await context.db.execute(sql`update teams set archived_at = now() where id = ${doomed.id}`);
    expect((await accept(await invitationToken(email))).statusCode).toBe(201);
    const created = await context.db.select().from(accounts).where(eq(accounts.email, email));
    const teams = await context.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.accountId, created[0]?.id ?? ''));
    expect(teams.map((row) => row.teamId)).toEqual([world.homeTeam.id]);
  });

  it('holds the password to the sign-up rules; a refused password writes nothing and leaves the link working', async () => {
    const { email, token } = await invited({ displayName: 'Pat Password' });
    const before = await rowCountsBesidesRateLimits();

    const short = await accept(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).details).toEqual(
      expect.arrayContaining([{ field: 'password', message: PASSWORD_MESSAGES.tooShort }]),
    );
    const missing = await context.form('/api/staff/accept-invitation', {}, undefined, newAddress());
    expect(errorOf(missing).details).toEqual([
      { field: 'token', message: REQUIRED_MESSAGE },
      { field: 'password', message: REQUIRED_MESSAGE },
    ]);
    const localPart = email.split('@')[0] ?? '';
    const containsEmail = await accept(token, `${localPart}-Xy9!`);
    expect(containsEmail.statusCode).toBe(422);
    expect(errorOf(containsEmail)).toMatchObject({ code: 'ZUCAHETDQ4' });
    expect(errorOf(containsEmail).details?.[0]?.field).toBe('password');
    const common = await accept(token, 'Football2024!');
    expect(common.statusCode).toBe(422);
    expect(errorOf(common).code).toBe('A1X8V5O7EN');

    expect(await rowCountsBesidesRateLimits()).toEqual(before);
    expect((await invitationDetails(token)).statusCode).toBe(200);
    expect((await accept(token)).statusCode).toBe(201);
  });

  it('answers 400 for an unknown link and 410 for an expired one', async () => {
    const unknown = await invitationDetails('made-up-token');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ code: 'HINT_INVALID', message: STAFF_MESSAGES.linkInvalid });
    expect((await accept('made-up-token')).statusCode).toBe(400);
    const noToken = await context.app.inject({ url: '/api/staff/invitation', remoteAddress: newAddress() });
    expect(noToken.statusCode).toBe(400);
    expect(errorOf(noToken).details).toEqual([{ field: 'token', message: REQUIRED_MESSAGE }]);

    const { invitation, token } = await invited();
    await context.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(context.clock.now().getTime() - 1) })
      .where(eq(staffInvitations.id, invitation.id));
    const before = await rowCountsBesidesRateLimits();
    for (const response of [await invitationDetails(token), await accept(token)]) {
      expect(response.statusCode).toBe(410);
      expect(errorOf(response)).toMatchObject({ code: 'HINT_EXPIRED', message: STAFF_MESSAGES.linkExpired });
    }
    expect(await rowCountsBesidesRateLimits()).toEqual(before);
  });

  it('creates one account when the same link is used twice at once', async () => {
    const { email, token } = await invited();
    const statuses = (await Promise.all([accept(token), accept(token)])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([201, 409]);
    expect(await context.db.select().from(accounts).where(eq(accounts.email, email))).toHaveLength(1);
  });

  it('refuses a link whose email got an account meanwhile, and keeps the link', async () => {
    const { email, token } = await invited();
    await createCreator(context, { email });
    const response = await accept(token);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(STAFF_MESSAGES.emailTaken);
    expect((await invitationDetails(token)).statusCode).toBe(200);
  });

  it('limits each address to 60 calls per 15 minutes, before any password is hashed', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < 60; attempt += 1) {
      expect((await invitationDetails('made-up', address)).statusCode).toBe(400);
    }
    const hashes = hasher.counts.hash;
    const limited = await accept('made-up', STRONG_PASSWORD, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await invitationDetails('made-up', address)).statusCode).toBe(429);
    expect(hasher.counts.hash).toBe(hashes);
    expect((await invitationDetails('made-up', newAddress())).statusCode).toBe(400);
  });

  it('accepts only form-encoded bodies', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/staff/accept-invitation',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: 'x', password: STRONG_PASSWORD }),
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('PATCH /server-api/marketing/staff/{id}', () => {
  it('renames, changes the role and replaces teams and territories, with before and after audited', async () => {
    const teamA = await createTeam(context, { name: `Alpha ${Date.now()}` });
    const teamB = await createTeam(context, { name: `Bravo ${Date.now()}` });
    const person = await createStaffMember(context, {
      role: 'CampaignViewer',
      displayName: 'Val Viewer',
      teamIds: [teamA.id],
    });
    const response = await admin().patch(`${STAFF}/${person.id}`, {
      displayName: 'Val Manager',
      role: 'CampaignManager',
      teamIds: [teamB.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Member>()).toMatchObject({
      displayName: 'Val Manager',
      role: 'CampaignManager',
      teams: [{ id: teamB.id, name: teamB.name }],
    });
    const [entry] = await auditEntries('staff.update', person.id);
    expect(entry).toMatchObject({
      before: { displayName: 'Val Viewer', role: 'CampaignViewer', teams: [teamA.name] },
      after: { displayName: 'Val Manager', role: 'CampaignManager', teams: [teamB.name] },
    });

    const territoryManager = await admin().patch(`${STAFF}/${person.id}`, {
      role: 'TerritoryManager',
      territoryIds: [world.homeTerritory.id],
    });
    expect(territoryManager.json<Member>()).toMatchObject({
      role: 'TerritoryManager',
      teams: [],
      territories: [{ id: world.homeTerritory.id, name: world.homeTerritory.name }],
    });
  });

  it('keeps the teams when only the name changes, and ends them when the role takes none', async () => {
    const person = await createStaffMember(context, {
      role: 'CampaignManager',
      teamIds: [world.homeTeam.id],
    });
    await admin().patch(`${STAFF}/${person.id}`, { displayName: 'Still Managing' });
    expect((await member(person.id)).teams).toEqual([{ id: world.homeTeam.id, name: world.homeTeam.name }]);

    const response = await admin().patch(`${STAFF}/${person.id}`, { role: 'StatsViewer' });
    expect(response.json<Member>()).toMatchObject({ role: 'StatsViewer', teams: [] });
    const [entry] = (await auditEntries('staff.update', person.id)).filter(
      (row) => 'role' in (row.after ?? {}),
    );
    expect(entry).toMatchObject({
      before: { role: 'CampaignManager', teams: [world.homeTeam.name] },
      after: { role: 'StatsViewer', teams: [] },
    });
  });

  it('applies a role change from the person’s next request', async () => {
    const person = await createStaffMember(context, { role: 'StatsViewer' });
    const token = await signIn(context, person);
    expect((await actingAs(context, token).get(STAFF)).statusCode).toBe(403);
    expect((await admin().patch(`${STAFF}/${person.id}`, { role: 'Support' })).statusCode).toBe(200);
    expect((await actingAs(context, token).get(STAFF)).statusCode).toBe(200);
  });

  it('gives each problem its message and writes nothing', async () => {
    const person = await createStaffMember(context, { role: 'StatsViewer' });
    const archived = await createTeam(context, { archived: true });
    const before = await context.rowCounts();
    const cases: [Record<string, unknown>, { field: string; message: string }[]][] = [
      [{}, [{ field: 'body', message: STAFF_MESSAGES.nothingToChange }]],
      [{ displayName: '' }, [{ field: 'displayName', message: REQUIRED_MESSAGE }]],
      [{ role: 'Boss' }, [{ field: 'role', message: STAFF_MESSAGES.roleInvalid }]],
      [
        { role: 'CampaignManager' },
        [{ field: 'teamIds', message: STAFF_MESSAGES.teamsRequired('CampaignManager') }],
      ],
      [
        { role: 'CampaignMarketer', teamIds: [] },
        [{ field: 'teamIds', message: STAFF_MESSAGES.teamsRequired('CampaignMarketer') }],
      ],
      [
        { role: 'TerritoryManager' },
        [{ field: 'territoryIds', message: STAFF_MESSAGES.territoriesRequired }],
      ],
      [
        { teamIds: [world.homeTeam.id] },
        [{ field: 'teamIds', message: STAFF_MESSAGES.teamsNotTaken('StatsViewer') }],
      ],
      [
        { role: 'Support', territoryIds: [world.homeTerritory.id] },
        [{ field: 'territoryIds', message: STAFF_MESSAGES.territoriesNotTaken('Support') }],
      ],
      [
        { role: 'CampaignViewer', teamIds: [archived.id] },
        [{ field: 'teamIds', message: STAFF_MESSAGES.teamGone }],
      ],
      [{ teamIds: ['x'] }, [{ field: 'teamIds.0', message: STAFF_MESSAGES.teamInvalid }]],
    ];
    for (const [body, details] of cases) {
      const response = await admin().patch(`${STAFF}/${person.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).details, JSON.stringify(body)).toEqual(details);
    }
    expect(await context.rowCounts()).toEqual(before);
  });

  it('answers 404 for a creator, a missing account and an id that is not a UUID', async () => {
    for (const id of [world.account('Creator').id, '7d9c1f8e-8a3b-4c55-9d2e-5f1a2b3c4d5e', 'nope']) {
      expect((await admin().patch(`${STAFF}/${id}`, { displayName: 'X' })).statusCode).toBe(404);
      expect((await admin().post(`${STAFF}/${id}/disable`)).statusCode).toBe(404);
      expect((await admin().post(`${STAFF}/${id}/enable`)).statusCode).toBe(404);
    }
  });
});

describe('POST /server-api/marketing/staff/{id}/disable and /enable', () => {
  it('disables at once: the person’s sessions end and they cannot sign in, until enabled again', async () => {
    const person = await createStaffMember(context, { role: 'Support', displayName: 'Dee Disabled' });
    const token = await signIn(context, person);
    const other = await signIn(context, person);
    expect((await actingAs(context, token).get(STAFF)).statusCode).toBe(200);

    const response = await admin().post(`${STAFF}/${person.id}/disable`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Member>().status).toBe('INACTIVE');
    for (const stale of [token, other]) {
      expect((await actingAs(context, stale).get(STAFF)).statusCode).toBe(401);
      expect((await context.form('/api/auth/refresh-token', {}, stale)).statusCode).toBe(401);
    }
    const live = await context.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.accountId, person.id), sql`${sessions.revokedAt} is null`));
    expect(live).toHaveLength(0);
    const refused = await context.form('/api/auth/sign-in', {
      username: person.email,
      password: person.password,
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: ERROR_CODES.accountDeactivated,
      message: DEACTIVATED_MESSAGES.staff,
    });
    expect((await auditEntries('staff.disable', person.id))[0]).toMatchObject({
      before: { status: 'ACTIVE' },
      after: { status: 'INACTIVE' },
    });

    const again = await admin().post(`${STAFF}/${person.id}/disable`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(STAFF_MESSAGES.alreadyDisabled);

    const enabled = await admin().post(`${STAFF}/${person.id}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json<Member>().status).toBe('ACTIVE');
    expect((await auditEntries('staff.enable', person.id))[0]).toMatchObject({
      before: { status: 'INACTIVE' },
      after: { status: 'ACTIVE' },
    });
    // Enabling does not bring the ended sessions back; signing in again works.
    expect((await actingAs(context, token).get(STAFF)).statusCode).toBe(401);
    expect((await actingAs(context, await signIn(context, person)).get(STAFF)).statusCode).toBe(200);

    const enabledAgain = await admin().post(`${STAFF}/${person.id}/enable`);
    expect(enabledAgain.statusCode).toBe(409);
    expect(errorOf(enabledAgain).message).toBe(STAFF_MESSAGES.alreadyActive);
  });

  it('refuses an Admin disabling their own account', async () => {
    const before = await context.rowCounts();
    const response = await admin().post(`${STAFF}/${world.account('Admin').id}/disable`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(STAFF_MESSAGES.ownAccount);
    expect(await context.rowCounts()).toEqual(before);
  });
});

describe('the last active Admin', () => {
  let lone: TestApp;
  beforeAll(async () => {
    lone = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  });
  afterAll(async () => {
    await lone?.close();
  });

  const activeAdmins = async () =>
    lone.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.role, 'Admin'), eq(accounts.status, 'ACTIVE')));

  async function twoAdmins() {
    for (const { id } of await activeAdmins()) {
      await lone.db.update(accounts).set({ status: 'INACTIVE' }).where(eq(accounts.id, id));
    }
    const first = await createStaffMember(lone, { role: 'Admin' });
    const second = await createStaffMember(lone, { role: 'Admin' });
    return {
      first,
      second,
      asFirst: actingAs(lone, await signIn(lone, first)),
      asSecond: actingAs(lone, await signIn(lone, second)),
    };
  }

  it('cannot be given another role, even by themselves', async () => {
    const { first, second, asFirst } = await twoAdmins();
    expect((await asFirst.patch(`${STAFF}/${second.id}`, { role: 'Support' })).statusCode).toBe(200);
    const before = await lone.rowCounts();
    const response = await asFirst.patch(`${STAFF}/${first.id}`, { role: 'Support' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      message: STAFF_MESSAGES.lastAdmin,
      details: [{ field: 'role', message: STAFF_MESSAGES.lastAdmin }],
    });
    expect(await lone.rowCounts()).toEqual(before);
    // Renaming the last Admin is fine.
    expect((await asFirst.patch(`${STAFF}/${first.id}`, { displayName: 'Last One' })).statusCode).toBe(200);
  });

  /**
   * Both requests are held inside their transactions until both wait for the Admins' lock, so each has
   * passed its access check; on PGlite, whose one connection runs requests one after another, they run
   * as they come.
   */
  async function atOnce<Result>(calls: (() => Promise<Result>)[]): Promise<Result[]> {
    if (lone.database.kind !== 'postgres') return Promise.all(calls.map((call) => call()));
    let running: Promise<Result[]> | undefined;
    await lone.db.transaction(async (tx) => {
      await tx.execute(sql`select id from accounts where role = 'Admin' and status = 'ACTIVE' for update`);
      running = Promise.all(calls.map((call) => call()));
      for (let waited = 0; ; waited += 1) {
        const result = (await lone.db.execute<{ waiting: number }>(
          sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as { rows: { waiting: number }[] };
        if ((result.rows[0]?.waiting ?? 0) >= calls.length) break;
        if (waited > 200) throw new Error('the requests never reached the lock');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
    return running ?? [];
  }

  it('stays when two Admins demote each other at once', async () => {
    const { first, second, asFirst, asSecond } = await twoAdmins();
    const responses = await atOnce([
      () => asFirst.patch(`${STAFF}/${second.id}`, { role: 'Support' }),
      () => asSecond.patch(`${STAFF}/${first.id}`, { role: 'Support' }),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses[0]).toBe(200);
    // The second is refused: by the rule inside its transaction, or (run after the first) by its new role.
    expect([403, 409]).toContain(statuses[1]);
    expect(await activeAdmins()).toHaveLength(1);
  });

  it('stays when two Admins disable each other at once', async () => {
    const { first, second, asFirst, asSecond } = await twoAdmins();
    const responses = await atOnce([
      () => asFirst.post(`${STAFF}/${second.id}/disable`),
      () => asSecond.post(`${STAFF}/${first.id}/disable`),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses[0]).toBe(200);
    // Refused by the rule, or (run after the first) because its own session has ended.
    expect([401, 409]).toContain(statuses[1]);
    expect(await activeAdmins()).toHaveLength(1);
  });
});

describe('staff sessions', () => {
  it('end 12 hours after sign-in however busy they are', async () => {
    const own = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
    try {
      const person = await createStaffMember(own, { role: 'Support' });
      let token = await signIn(own, person);
      const started = own.clock.now().getTime();
      const elapsed = () => own.clock.now().getTime() - started;
      const refresh = async () => {
        const refreshed = await own.form('/api/auth/refresh-token', {}, token);
        expect(refreshed.statusCode).toBe(200);
        token = refreshed.json<{ id_token: string }>().id_token;
      };
      // Busy all along: a request and a fresh token every 25 minutes.
      while (elapsed() + 25 * 60 * 1000 < 12 * HOUR) {
        own.clock.advance(25 * 60 * 1000);
        await refresh();
        expect((await actingAs(own, token).get(STAFF)).statusCode).toBe(200);
      }
      own.clock.advance(12 * HOUR - 60 * 1000 - elapsed());
      await refresh();
      expect((await actingAs(own, token).get(STAFF)).statusCode).toBe(200);
      // Two minutes on, the token itself is still young: the session has ended.
      own.clock.advance(2 * 60 * 1000);
      expect((await actingAs(own, token).get(STAFF)).statusCode).toBe(401);
      expect((await own.form('/api/auth/refresh-token', {}, token)).statusCode).toBe(401);
    } finally {
      await own.close();
    }
  });
});
