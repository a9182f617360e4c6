import { STAFF_MESSAGES, type StaffInvitation, type StaffMember } from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn, staffProfile } from '../../../test/console';
import { errorBody, mockApi } from '../../../test/api-mock';
import { fieldErrorOf, renderApp, screen } from '../../../test/render';

const ME = '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e10';
const profile = (role: string) => staffProfile(role, { id: ME, email: 'me@example.com' });

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  id: '8c5e3f0a-1b2c-4d3e-8f4a-000000000001',
  email: 'nora@example.com',
  displayName: 'Nora Manager',
  role: 'CampaignManager',
  status: 'ACTIVE',
  teams: [{ id: 't-1', name: 'Music' }],
  territories: [],
  lastSignedInAt: '2026-03-05T14:07:00.000Z',
  createdAt: '2026-01-01T09:00:00.000Z',
  ...overrides,
});

const NORA = member({});
const DEE = member({
  id: '8c5e3f0a-1b2c-4d3e-8f4a-000000000002',
  email: 'dee@example.com',
  displayName: 'Dee Disabled',
  role: 'Support',
  status: 'INACTIVE',
  teams: [],
  lastSignedInAt: null,
});
const ME_ROW = member({ id: ME, email: 'me@example.com', displayName: 'Me Admin', role: 'Admin', teams: [] });

const page = <Item,>(items: Item[], total = items.length) => ({ items, total, page: 1, pageSize: 25 });

const INVITATION: StaffInvitation = {
  id: '9d6f4a1b-2c3d-4e5f-8a6b-000000000001',
  email: 'sam@example.com',
  displayName: 'Sam Colleague',
  role: 'StatsViewer',
  teams: [],
  territories: [],
  invitedBy: 'Me Admin',
  sentAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  status: 'pending',
};

// The first render loads the console's lazy route modules, which can take a while on a busy machine.
const PAGE_LOAD = { timeout: 5000 };

const staffRoutes = (role = 'Admin') => ({
  'GET /server-api/creator/profile': { body: profile(role) },
  'GET /server-api/marketing/staff': { body: page([NORA, DEE, ME_ROW]) },
  'GET /server-api/marketing/staff/invitations': { body: page([INVITATION]) },
});

/** The query strings the list calls were made with. */
const queriesTo = (fetchCalls: unknown[][], path: string) =>
  fetchCalls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
};

describe('console staff page', () => {
  it('shows an Admin the staff: name, email, role, teams, status and last sign-in, with every action', async () => {
    mockApi(staffRoutes());
    signedIn();
    renderApp('/console/staff');

    expect(await screen.findByRole('heading', { name: 'Staff' }, PAGE_LOAD)).toBeInTheDocument();
    await screen.findByText('Nora Manager', {}, PAGE_LOAD);
    const nora = rowOf('Nora Manager');
    expect(nora.getByText('nora@example.com')).toBeInTheDocument();
    expect(nora.getByText('Campaign manager')).toBeInTheDocument();
    expect(nora.getByText('Music')).toBeInTheDocument();
    expect(nora.getByText('Active')).toBeInTheDocument();
    expect(nora.getByText('2026-03-05 14:07 GMT')).toBeInTheDocument();
    expect(nora.getByRole('button', { name: 'Disable Nora Manager' })).toBeInTheDocument();

    const dee = rowOf('Dee Disabled');
    expect(dee.getByText('Disabled')).toBeInTheDocument();
    expect(dee.getByText('Never')).toBeInTheDocument();
    expect(dee.getByRole('button', { name: 'Enable Dee Disabled' })).toBeInTheDocument();

    // Nobody is offered to disable their own account.
    expect(rowOf('Me Admin').queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite staff' })).toBeInTheDocument();
    expect(screen.getByText('3 staff members')).toBeInTheDocument();
  });

  it('shows Support the lists read-only', async () => {
    mockApi(staffRoutes('Support'));
    signedIn();
    const { user } = renderApp('/console/staff');

    await screen.findByText('Nora Manager', {}, PAGE_LOAD);
    expect(screen.queryByRole('button', { name: 'Invite staff' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change role/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Invitations' }));
    expect(await screen.findByText('sam@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Re-send/ })).not.toBeInTheDocument();
  });

  it('searches 500 ms after typing stops, filters by status and pages on the server', async () => {
    const api = mockApi({
      ...staffRoutes(),
      'GET /server-api/marketing/staff': { body: page([NORA], 60) },
    });
    signedIn();
    const { user } = renderApp('/console/staff');
    await screen.findByText('Nora Manager', {}, PAGE_LOAD);
    const calls = () => queriesTo(api.fetchMock.mock.calls, '/server-api/marketing/staff');
    expect(calls()[0]).toEqual({ page: '1', pageSize: '25' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls().at(-1)).toEqual({ page: '2', pageSize: '25' }));

    await user.type(screen.getByLabelText('Search staff'), 'nor');
    expect(calls().some((query) => query.search)).toBe(false);
    // A new search starts again from page 1.
    await waitFor(() => expect(calls().at(-1)).toEqual({ page: '1', pageSize: '25', search: 'nor' }));

    await user.selectOptions(screen.getByLabelText('Status'), 'Disabled');
    await waitFor(() =>
      expect(calls().at(-1)).toEqual({ page: '1', pageSize: '25', search: 'nor', status: 'INACTIVE' }),
    );
  });

  it('says what to do when there is nobody, and offers a retry when the list fails', async () => {
    let fail = true;
    mockApi({
      ...staffRoutes(),
      'GET /server-api/marketing/staff': () =>
        fail ? { status: 500, body: errorBody('INTERNAL', 'Oops') } : { body: page([]) },
    });
    signedIn();
    const { user } = renderApp('/console/staff');
    expect(await screen.findByText('We could not load the staff', {}, PAGE_LOAD)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No staff yet. Invite colleagues with “Invite staff”.'),
    ).toBeInTheDocument();
  });

  it('invites a colleague: checks the form, shows the server’s answer under the field, then sends', async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: errorBody('CONFLICT', STAFF_MESSAGES.emailTaken, [
        { field: 'email', message: STAFF_MESSAGES.emailTaken },
      ]),
    };
    const api = mockApi({
      ...staffRoutes(),
      'POST /server-api/marketing/staff/invitations': () => answer,
      'GET /server-api/marketing/teams': { body: page([{ id: 't-1', name: 'Music' }]) },
    });
    signedIn();
    const { user } = renderApp('/console/staff');
    await user.click(await screen.findByRole('button', { name: 'Invite staff' }, PAGE_LOAD));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite staff' }));

    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(fieldErrorOf(dialog.getByLabelText(/Email/))).toHaveTextContent('This field is required');
    expect(fieldErrorOf(dialog.getByLabelText(/Role/))).toHaveTextContent(STAFF_MESSAGES.roleInvalid);

    await user.type(dialog.getByLabelText(/Email/), 'taken@example.com');
    await user.type(dialog.getByLabelText(/^Name/), 'Tess Taken');
    await user.selectOptions(dialog.getByLabelText(/Role/), 'Campaign marketer');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    // A team role needs a team.
    expect(await dialog.findByText(STAFF_MESSAGES.teamsRequired('CampaignMarketer'))).toBeInTheDocument();

    await user.click(dialog.getByRole('combobox', { name: /Teams/ }));
    await user.click(await screen.findByRole('option', { name: 'Music' }));
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(fieldErrorOf(dialog.getByLabelText(/Email/))).toHaveTextContent(STAFF_MESSAGES.emailTaken),
    );
    expect(api.requestsTo('POST', '/server-api/marketing/staff/invitations')[0]?.body).toEqual({
      email: 'taken@example.com',
      displayName: 'Tess Taken',
      role: 'CampaignMarketer',
      teamIds: ['t-1'],
      territoryIds: [],
    });

    answer = { status: 201, body: { ...INVITATION, email: 'tess@example.com', role: 'CampaignMarketer' } };
    await user.clear(dialog.getByLabelText(/Email/));
    await user.type(dialog.getByLabelText(/Email/), 'tess@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Invite staff' })).not.toBeInTheDocument(),
    );
    // The new invitation is on the invitations tab.
    expect(screen.getByRole('tab', { name: 'Invitations' })).toHaveAttribute('aria-selected', 'true');
  });

  it('re-sends and cancels invitations, cancelling after a confirmation', async () => {
    const api = mockApi({
      ...staffRoutes(),
      [`POST /server-api/marketing/staff/invitations/${INVITATION.id}/resend`]: { body: INVITATION },
      [`DELETE /server-api/marketing/staff/invitations/${INVITATION.id}`]: { status: 204 },
    });
    signedIn();
    const { user } = renderApp('/console/staff');
    await user.click(await screen.findByRole('tab', { name: 'Invitations' }, PAGE_LOAD));
    await screen.findByText('sam@example.com');
    const sam = rowOf('sam@example.com');
    expect(sam.getByText('Stats viewer')).toBeInTheDocument();
    expect(sam.getByText('2026-11-20 10:00 GMT')).toBeInTheDocument();
    expect(sam.getByText('2026-11-27 10:00 GMT')).toBeInTheDocument();
    expect(sam.getByText('Pending')).toBeInTheDocument();

    await user.click(sam.getByRole('button', { name: 'Re-send the invitation to sam@example.com' }));
    await waitFor(() =>
      expect(
        api.requestsTo('POST', `/server-api/marketing/staff/invitations/${INVITATION.id}/resend`),
      ).toHaveLength(1),
    );

    await user.click(sam.getByRole('button', { name: 'Cancel the invitation to sam@example.com' }));
    expect(await screen.findByText('Cancel this invitation?')).toBeInTheDocument();
    expect(api.requestsTo('DELETE', `/server-api/marketing/staff/invitations/${INVITATION.id}`)).toHaveLength(
      0,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() =>
      expect(
        api.requestsTo('DELETE', `/server-api/marketing/staff/invitations/${INVITATION.id}`),
      ).toHaveLength(1),
    );
  });

  it('disables after a confirmation, and shows why when the server refuses', async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: errorBody('CONFLICT', STAFF_MESSAGES.lastAdmin),
    };
    const api = mockApi({
      ...staffRoutes(),
      [`POST /server-api/marketing/staff/${NORA.id}/disable`]: () => answer,
    });
    signedIn();
    const { user } = renderApp('/console/staff');
    await screen.findByText('Nora Manager', {}, PAGE_LOAD);
    await user.click(rowOf('Nora Manager').getByRole('button', { name: 'Disable Nora Manager' }));
    expect(await screen.findByText('Disable this account?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText(STAFF_MESSAGES.lastAdmin)).toBeInTheDocument();

    answer = { status: 200, body: { ...NORA, status: 'INACTIVE' } };
    await user.click(screen.getByRole('button', { name: 'Disable account' }));
    await waitFor(() => expect(screen.queryByText('Disable this account?')).not.toBeInTheDocument());
    expect(api.requestsTo('POST', `/server-api/marketing/staff/${NORA.id}/disable`)).toHaveLength(2);
  });

  it('changes a role in a dialog that starts from the person’s current role and teams', async () => {
    const api = mockApi({
      ...staffRoutes(),
      [`PATCH /server-api/marketing/staff/${NORA.id}`]: { body: { ...NORA, role: 'StatsViewer', teams: [] } },
    });
    signedIn();
    const { user } = renderApp('/console/staff');
    await screen.findByText('Nora Manager', {}, PAGE_LOAD);
    await user.click(rowOf('Nora Manager').getByRole('button', { name: 'Change role of Nora Manager' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change role: Nora Manager' }));
    expect(dialog.getByLabelText(/Role/)).toHaveValue('CampaignManager');
    expect(dialog.getByText('Music')).toBeInTheDocument();

    await user.selectOptions(dialog.getByLabelText(/Role/), 'Stats viewer');
    expect(dialog.queryByRole('combobox', { name: /Teams/ })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.requestsTo('PATCH', `/server-api/marketing/staff/${NORA.id}`)[0]?.body).toEqual({
        displayName: 'Nora Manager',
        role: 'StatsViewer',
      }),
    );
  });
});
