import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { access } from '@platform/shared';
import { staffInvitations } from '../../db/schema/index';
import type { AccessCase, CaseSetup } from '../../test/access-cases';
import { createStaffMember } from '../../test/factories';
import type { TestApp } from '../../test/harness';

const DAY = 24 * 3600 * 1000;

/** An open invitation written straight to its table; returns its id and the token of its link. */
async function createInvitation(context: TestApp): Promise<{ id: string; token: string }> {
  const now = context.clock.now();
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  await context.db.insert(staffInvitations).values({
    id,
    email: `invited-${id.slice(0, 8)}@example.com`,
    displayName: 'Invited colleague',
    role: 'StatsViewer',
    teamIds: [],
    territoryIds: [],
    tokenHash: createHash('sha256').update(token).digest('hex'),
    invitedBy: null,
    createdAt: now,
    sentAt: now,
    expiresAt: new Date(now.getTime() + 7 * DAY),
    acceptedAt: null,
    cancelledAt: null,
    accountId: null,
  });
  return { id, token };
}

// Every staff route is unscoped (only roles whose grant reaches everyone get in), so no caller has an
// out-of-scope record: a missing one is a random UUID, and each call that changes a record gets its own.
const invitationId = async ({ context, target }: CaseSetup) =>
  target === 'missing' ? randomUUID() : (await createInvitation(context)).id;

const staffMemberId = async ({ context, target }: CaseSetup, status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') =>
  target === 'missing'
    ? randomUUID()
    : (await createStaffMember(context, { role: 'StatsViewer', status })).id;

const readUsers = access.staff('READ', 'USER', { scoped: false });
const inviteUsers = access.staff('INVITE', 'USER', { scoped: false });
const editUsers = access.staff('EDIT', 'USER', { scoped: false });

export const staffAccessCases: AccessCase[] = [
  {
    route: 'GET /server-api/marketing/staff',
    expect: readUsers,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/marketing/staff?status=ACTIVE' }),
  },
  {
    route: 'GET /server-api/marketing/staff/directory',
    expect: access.staffMember,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/marketing/staff/directory?search=a' }),
  },
  {
    route: 'GET /server-api/marketing/staff/invitations',
    expect: readUsers,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/marketing/staff/invitations' }),
  },
  {
    route: 'POST /server-api/marketing/staff/invitations',
    expect: inviteUsers,
    targetsRecord: false,
    request: async () => ({
      method: 'POST',
      url: '/server-api/marketing/staff/invitations',
      body: {
        email: `matrix-${randomUUID().slice(0, 8)}@example.com`,
        displayName: 'Matrix colleague',
        role: 'Support',
      },
    }),
  },
  {
    route: 'POST /server-api/marketing/staff/invitations/{id}/resend',
    expect: inviteUsers,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `/server-api/marketing/staff/invitations/${await invitationId(setup)}/resend`,
    }),
  },
  {
    route: 'DELETE /server-api/marketing/staff/invitations/{id}',
    expect: inviteUsers,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'DELETE',
      url: `/server-api/marketing/staff/invitations/${await invitationId(setup)}`,
    }),
  },
  {
    route: 'PATCH /server-api/marketing/staff/{id}',
    expect: editUsers,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'PATCH',
      url: `/server-api/marketing/staff/${await staffMemberId(setup)}`,
      body: { displayName: 'Renamed colleague' },
    }),
  },
  {
    route: 'POST /server-api/marketing/staff/{id}/disable',
    expect: editUsers,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `/server-api/marketing/staff/${await staffMemberId(setup)}/disable`,
    }),
  },
  {
    route: 'POST /server-api/marketing/staff/{id}/enable',
    expect: editUsers,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `/server-api/marketing/staff/${await staffMemberId(setup, 'INACTIVE')}/enable`,
    }),
  },
  {
    route: 'GET /api/staff/invitation',
    expect: access.public,
    targetsRecord: false,
    request: async ({ context }) => {
      const { token } = await createInvitation(context);
      return { method: 'GET', url: `/api/staff/invitation?token=${encodeURIComponent(token)}` };
    },
  },
  {
    route: 'POST /api/staff/accept-invitation',
    expect: access.public,
    targetsRecord: false,
    request: async ({ context }) => ({
      method: 'POST',
      url: '/api/staff/accept-invitation',
      body: { token: (await createInvitation(context)).token, password: 'Tr4vel-Nimbus-82!' },
    }),
  },
];
