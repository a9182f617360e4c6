import { TEAM_MESSAGES, type TeamDetail, type TeamListItem } from '@platform/shared';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { errorBody, mockApi } from '../../../test/api-mock';
import { renderWidget } from '../../../test/render-widget';
import { TeamsScreen } from './TeamsScreen';

const team = (id: string, name: string, overrides: Partial<TeamListItem> = {}): TeamListItem => ({
  id,
  name,
  archived: false,
  memberCount: 2,
  createdAt: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

const MUSIC = team('8c5e3f0a-1b2c-4d3e-8f4a-000000000001', 'Music');
const SPORTS = team('8c5e3f0a-1b2c-4d3e-8f4a-000000000002', 'Sports', { memberCount: 0 });
const page = (items: TeamListItem[], total = items.length, pageNumber = 1) => ({
  items,
  total,
  page: pageNumber,
  pageSize: 25,
});

const MUSIC_DETAIL: TeamDetail = {
  ...MUSIC,
  members: [
    { id: 'a1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'CampaignManager', active: true },
    { id: 'a2', name: 'Grace Hopper', email: 'grace@example.com', role: 'CampaignMarketer', active: true },
  ],
};

/** The query strings of the GET requests to a path, in order. */
const queriesTo = (api: ReturnType<typeof mockApi>, path: string) =>
  api.fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(input instanceof Request ? input.url : input.toString(), window.location.origin),
      method: init?.method ?? 'GET',
    }))
    .filter(({ url, method }) => method === 'GET' && url.pathname === path)
    .map(({ url }) => Object.fromEntries(url.searchParams));

function renderScreen(role: 'Admin' | 'CampaignManager' | 'Support' = 'Admin') {
  storeAccessToken('token-1', Date.now() + 60_000);
  return renderWidget(<TeamsScreen role={role} />);
}

// Toasts live in one store for the whole file, and only three show at once.
afterEach(() => {
  act(() => notifications.clean());
});

const DIRECTORY = {
  items: [{ id: 'a3', displayName: 'Katherine Johnson', email: 'kj@example.com', role: 'Support' }],
};

describe('TeamsScreen', () => {
  it('lists the teams with their members and status, and every action for an Admin', async () => {
    mockApi({
      'GET /server-api/marketing/teams': { body: page([MUSIC, SPORTS]) },
    });
    renderScreen();

    const table = await screen.findByRole('table', { name: 'Teams' });
    await within(table).findByText('Music');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Music2Live');
    expect(rows[2]).toHaveTextContent('Sports0Live');
    expect(screen.getByRole('button', { name: 'New team' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rename Music' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive Music' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Members of Music' })).toBeInTheDocument();
    expect(screen.getByText('2 teams')).toBeInTheDocument();
  });

  it('searches once typing pauses, and asks for archived teams when the switch is on', async () => {
    const api = mockApi({ 'GET /server-api/marketing/teams': { body: page([MUSIC]) } });
    const { user } = renderScreen();
    await screen.findByText('Music');

    await user.type(screen.getByRole('textbox', { name: 'Search teams' }), 'Mus');
    expect(queriesTo(api, '/server-api/marketing/teams').some((query) => query.search)).toBe(false);
    await waitFor(() =>
      expect(queriesTo(api, '/server-api/marketing/teams').at(-1)).toMatchObject({
        search: 'Mus',
        page: '1',
      }),
    );
    expect(queriesTo(api, '/server-api/marketing/teams').filter((query) => query.search)).toHaveLength(1);

    await user.click(screen.getByRole('switch', { name: 'Show archived' }));
    await waitFor(() =>
      expect(queriesTo(api, '/server-api/marketing/teams').at(-1)).toMatchObject({ includeArchived: 'true' }),
    );
  });

  it('pages on the server', async () => {
    const api = mockApi({
      'GET /server-api/marketing/teams': { body: page([MUSIC], 60) },
    });
    const { user } = renderScreen();
    await screen.findByText('60 teams');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(queriesTo(api, '/server-api/marketing/teams').at(-1)).toMatchObject({ page: '2' }),
    );
  });

  it('says what to do when there are no teams, and offers a retry when the list fails', async () => {
    let fail = true;
    mockApi({
      'GET /server-api/marketing/teams': () =>
        fail ? { status: 500, body: errorBody('INTERNAL', 'Broken') } : { body: page([]) },
    });
    const { user } = renderScreen();
    expect(await screen.findByText('We could not load the teams')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No teams yet. Create the first one with “New team”.'),
    ).toBeInTheDocument();
  });

  it('creates a team, showing the rules and a name already taken under the field', async () => {
    let taken = true;
    const api = mockApi({
      'GET /server-api/marketing/teams': { body: page([MUSIC]) },
      'POST /server-api/marketing/teams': (request) =>
        taken
          ? {
              status: 409,
              body: errorBody('CONFLICT', TEAM_MESSAGES.duplicateName, [
                { field: 'name', message: TEAM_MESSAGES.duplicateName },
              ]),
            }
          : {
              status: 201,
              body: { ...team('new-id', (request.body as { name: string }).name), members: [] },
            },
    });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New team' }));
    const dialog = await screen.findByRole('dialog', { name: 'New team' });
    const name = within(dialog).getByRole('textbox', { name: /Team name/ });

    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/server-api/marketing/teams')).toHaveLength(0);

    await user.type(name, 'music');
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await within(dialog).findByText(TEAM_MESSAGES.duplicateName)).toBeInTheDocument();

    taken = false;
    await user.clear(name);
    await user.type(name, 'Gaming');
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New team' })).not.toBeInTheDocument());
    expect(api.requestsTo('POST', '/server-api/marketing/teams').at(-1)?.body).toEqual({ name: 'Gaming' });
    expect(await screen.findByText('“Gaming” is ready for members.')).toBeInTheDocument();
  });

  it('renames a team', async () => {
    const api = mockApi({
      'GET /server-api/marketing/teams': { body: page([MUSIC]) },
      [`PATCH /server-api/marketing/teams/${MUSIC.id}`]: { body: { ...MUSIC_DETAIL, name: 'Music EMEA' } },
    });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Rename Music' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Music' });
    const name = within(dialog).getByRole('textbox', { name: /Team name/ });
    expect(name).toHaveValue('Music');
    await user.clear(name);
    await user.type(name, 'Music EMEA');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(api.requestsTo('PATCH', `/server-api/marketing/teams/${MUSIC.id}`)[0]?.body).toEqual({
        name: 'Music EMEA',
      }),
    );
    expect(await screen.findByText('The team is now called “Music EMEA”.')).toBeInTheDocument();
  });

  it('archives a team after confirmation, and shows why when the server refuses', async () => {
    let refuse = true;
    const api = mockApi({
      'GET /server-api/marketing/teams': { body: page([MUSIC]) },
      [`POST /server-api/marketing/teams/${MUSIC.id}/archive`]: () =>
        refuse
          ? { status: 409, body: errorBody('CONFLICT', TEAM_MESSAGES.alreadyArchived) }
          : { body: { ...MUSIC_DETAIL, archived: true } },
    });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Archive Music' }));
    const sheet = await screen.findByRole('dialog', { name: 'Archive this team?' });
    expect(api.requestsTo('POST', `/server-api/marketing/teams/${MUSIC.id}/archive`)).toHaveLength(0);

    await user.click(within(sheet).getByRole('button', { name: 'Archive team' }));
    expect(await within(sheet).findByText(TEAM_MESSAGES.alreadyArchived)).toBeInTheDocument();

    refuse = false;
    await user.click(within(sheet).getByRole('button', { name: 'Archive team' }));
    expect(await screen.findByText('“Music” is archived.')).toBeInTheDocument();
    expect(api.requestsTo('POST', `/server-api/marketing/teams/${MUSIC.id}/archive`)).toHaveLength(2);
  });

  it('replaces the members with staff found by search, and shows the server’s refusal under the field', async () => {
    let refuse = true;
    const api = mockApi({
      'GET /server-api/marketing/teams': { body: page([MUSIC]) },
      [`GET /server-api/marketing/teams/${MUSIC.id}`]: { body: MUSIC_DETAIL },
      'GET /server-api/marketing/staff/directory': { body: DIRECTORY },
      [`PUT /server-api/marketing/teams/${MUSIC.id}/members`]: () =>
        refuse
          ? {
              status: 400,
              body: errorBody('VALIDATION_FAILED', TEAM_MESSAGES.memberNotStaff, [
                { field: 'accountIds', message: TEAM_MESSAGES.memberNotStaff },
              ]),
            }
          : { body: { ...MUSIC_DETAIL, memberCount: 2 } },
    });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Members of Music' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members of Music' });
    expect(await within(dialog).findByText('Ada Lovelace')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove Grace Hopper' }));
    const field = within(dialog).getByRole('combobox', { name: 'Members' });
    await user.type(field, 'Kath');
    await waitFor(() =>
      expect(queriesTo(api, '/server-api/marketing/staff/directory').at(-1)).toMatchObject({
        search: 'Kath',
      }),
    );
    await user.click(await within(dialog).findByRole('option', { name: /Katherine Johnson/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Save members' }));
    expect(await within(dialog).findByText(TEAM_MESSAGES.memberNotStaff)).toBeInTheDocument();
    expect(api.requestsTo('PUT', `/server-api/marketing/teams/${MUSIC.id}/members`)[0]?.body).toEqual({
      accountIds: ['a1', 'a3'],
    });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save members' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Members of Music' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('“Music” has 2 members.')).toBeInTheDocument();
  });

  it('shows a CampaignManager no “New team”, and lets them add a colleague found in the staff directory', async () => {
    const api = mockApi({
      'GET /server-api/marketing/teams': { body: page([MUSIC]) },
      [`GET /server-api/marketing/teams/${MUSIC.id}`]: { body: MUSIC_DETAIL },
      'GET /server-api/marketing/staff/directory': { body: DIRECTORY },
      [`PUT /server-api/marketing/teams/${MUSIC.id}/members`]: { body: { ...MUSIC_DETAIL, memberCount: 3 } },
    });
    const { user } = renderScreen('CampaignManager');
    await screen.findByText('Music');
    expect(screen.queryByRole('button', { name: 'New team' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rename Music' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Members of Music' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members of Music' });
    expect(await within(dialog).findByText('Ada Lovelace')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: 'Members' }), 'Kath');
    await user.click(await within(dialog).findByRole('option', { name: /Katherine Johnson/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save members' }));
    await waitFor(() =>
      expect(api.requestsTo('PUT', `/server-api/marketing/teams/${MUSIC.id}/members`)[0]?.body).toEqual({
        accountIds: ['a1', 'a2', 'a3'],
      }),
    );
  });

  it('offers no action on an archived team', async () => {
    mockApi({
      'GET /server-api/marketing/teams': { body: page([team(MUSIC.id, 'Music', { archived: true })]) },
    });
    renderScreen();
    expect(await screen.findByText('Archived')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename Music' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive Music' })).not.toBeInTheDocument();
  });
});
