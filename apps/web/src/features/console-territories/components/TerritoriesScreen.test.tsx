import { notifications } from '@mantine/notifications';
import { TERRITORY_MESSAGES, type Territory } from '@platform/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { errorBody, mockApi, type RecordedRequest } from '../../../test/api-mock';
import { renderWidget } from '../../../test/render-widget';
import { TerritoriesScreen } from './TerritoriesScreen';

const UK: Territory = {
  id: '7d1f0c2b-3a4e-4f5a-9b6c-000000000001',
  name: 'United Kingdom and Ireland',
  countries: ['GB', 'IE'],
  active: true,
  links: [
    { type: 'PRIVACY', url: 'https://example.com/privacy' },
    { type: 'TERMS', url: 'https://example.com/terms' },
  ],
  managers: [{ id: 'm1', name: 'Tess Manager', email: 'tess@example.com', active: true }],
};
const EUROPE: Territory = {
  id: '7d1f0c2b-3a4e-4f5a-9b6c-000000000002',
  name: 'Europe',
  countries: ['FR', 'DE', 'ES', 'IT', 'PT'],
  active: true,
  links: [],
  managers: [],
};
const page = (items: Territory[], total = items.length) => ({ items, total, page: 1, pageSize: 25 });
const LIST = 'GET /server-api/marketing/territories';

const DIRECTORY = {
  items: [
    { id: 'm2', displayName: 'Morgan Admin', email: 'morgan@example.com', role: 'Admin' },
    { id: 's1', displayName: 'Sam Support', email: 'sam@example.com', role: 'Support' },
  ],
};

// Toasts live in one store for the whole file, and only three show at once.
afterEach(() => {
  act(() => notifications.clean());
});

function renderScreen(role: 'Admin' | 'TerritoryManager' = 'Admin') {
  storeAccessToken('token-1', Date.now() + 60_000);
  return renderWidget(<TerritoriesScreen role={role} />);
}

/** Picks an entry of a searchable multi-select by typing and choosing it. */
async function choose(
  user: ReturnType<typeof renderScreen>['user'],
  dialog: HTMLElement,
  label: string,
  typed: string,
  option: RegExp,
) {
  const field = within(dialog).getByRole('combobox', { name: label });
  await user.click(field);
  await user.clear(field);
  await user.type(field, typed);
  await user.click(await within(dialog).findByRole('option', { name: option }, { timeout: 2000 }));
}

describe('TerritoriesScreen', () => {
  it('lists territories with country names, legal documents, managers and status', async () => {
    mockApi({ [LIST]: { body: page([UK, EUROPE]) } });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Territories' });
    await within(table).findByText('Europe');
    const [, uk, europe] = within(table).getAllByRole('row');

    expect(uk).toHaveTextContent('United Kingdom, Ireland');
    expect(uk).toHaveTextContent('Privacy policy');
    expect(uk).toHaveTextContent('Terms and conditions');
    expect(uk).toHaveTextContent('Tess Manager');
    expect(uk).toHaveTextContent('Active');
    expect(europe).toHaveTextContent('France, Germany, Spain and 2 more');
    expect(screen.getByRole('button', { name: 'New territory' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Europe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive Europe' })).toBeInTheDocument();
  });

  it('searches once typing pauses', async () => {
    const api = mockApi({ [LIST]: { body: page([UK]) } });
    const { user } = renderScreen();
    await screen.findByText(UK.name);
    await user.type(screen.getByRole('textbox', { name: 'Search territories' }), 'uni');
    const searches = () =>
      api.fetchMock.mock.calls
        .map(
          ([input]) =>
            new URL(input instanceof Request ? input.url : input.toString(), window.location.origin),
        )
        .filter((url) => url.pathname === '/server-api/marketing/territories')
        .map((url) => url.searchParams.get('search'))
        .filter(Boolean);
    expect(searches()).toEqual([]);
    await waitFor(() => expect(searches()).toEqual(['uni']));
  });

  it('checks a new territory with the server’s rules before sending it', async () => {
    const api = mockApi({ [LIST]: { body: page([]) } });
    const { user } = renderScreen();
    expect(
      await screen.findByText('No territories yet. Create the first one with “New territory”.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New territory' }));
    const dialog = await screen.findByRole('dialog', { name: 'New territory' });

    await user.type(within(dialog).getByRole('textbox', { name: 'CCPA notice' }), 'example.com/ccpa');
    await user.type(within(dialog).getByRole('textbox', { name: 'Privacy policy' }), 'not a link');
    await user.click(within(dialog).getByRole('button', { name: 'Create territory' }));

    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(within(dialog).getByText(TERRITORY_MESSAGES.countriesRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(TERRITORY_MESSAGES.linkScheme)).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid url')).toBeInTheDocument();

    await choose(user, dialog, 'Countries', 'Global', /^Global\s*GLOBAL$/);
    await choose(user, dialog, 'Countries', 'France', /France/);
    await user.click(within(dialog).getByRole('button', { name: 'Create territory' }));
    expect(await within(dialog).findByText(TERRITORY_MESSAGES.globalAlone)).toBeInTheDocument();
    expect(api.requestsTo('POST', '/server-api/marketing/territories')).toHaveLength(0);
  }, 15_000);

  it('creates a territory, then gives it the managers chosen', async () => {
    const created: Territory = { ...EUROPE, id: 'new-id', name: 'France', countries: ['FR'] };
    const api = mockApi({
      [LIST]: { body: page([]) },
      'GET /server-api/marketing/staff/directory': { body: DIRECTORY },
      'POST /server-api/marketing/territories': { status: 201, body: created },
      'PUT /server-api/marketing/territories/new-id/managers': {
        body: {
          ...created,
          managers: [{ id: 'm2', name: 'Morgan Admin', email: 'morgan@example.com', active: true }],
        },
      },
    });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New territory' }));
    const dialog = await screen.findByRole('dialog', { name: 'New territory' });

    await user.type(within(dialog).getByRole('textbox', { name: /Territory name/ }), 'France');
    await choose(user, dialog, 'Countries', 'fra', /France/);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Terms and conditions' }),
      'https://example.com/fr',
    );
    const managers = within(dialog).getByRole('combobox', { name: 'Managers' });
    await user.click(managers);
    expect(await within(dialog).findByRole('option', { name: /Morgan Admin/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: /Sam Support/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('option', { name: /Morgan Admin/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Create territory' }));
    expect(await screen.findByText('“France” has been created.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/server-api/marketing/territories')[0]?.body).toEqual({
      name: 'France',
      countries: ['FR'],
      links: { CCPA: '', INFLUENCER_GUIDELINES: '', PRIVACY: '', TERMS: 'https://example.com/fr' },
    });
    expect(api.requestsTo('PUT', '/server-api/marketing/territories/new-id/managers')[0]?.body).toEqual({
      accountIds: ['m2'],
    });
  }, 15_000);

  it('shows a name already taken under the field, and a refused manager under the managers', async () => {
    let nameTaken = true;
    const created: Territory = { ...EUROPE, id: 'new-id', name: 'Nordics', countries: ['SE'] };
    const api = mockApi({
      [LIST]: { body: page([]) },
      'GET /server-api/marketing/staff/directory': { body: DIRECTORY },
      'POST /server-api/marketing/territories': () =>
        nameTaken
          ? {
              status: 409,
              body: errorBody('CONFLICT', TERRITORY_MESSAGES.duplicateName, [
                { field: 'name', message: TERRITORY_MESSAGES.duplicateName },
              ]),
            }
          : { status: 201, body: created },
      'PATCH /server-api/marketing/territories/new-id': { body: created },
      'PUT /server-api/marketing/territories/new-id/managers': {
        status: 400,
        body: errorBody('VALIDATION_FAILED', TERRITORY_MESSAGES.managerNotAllowed, [
          { field: 'accountIds', message: TERRITORY_MESSAGES.managerNotAllowed },
        ]),
      },
    });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New territory' }));
    const dialog = await screen.findByRole('dialog', { name: 'New territory' });
    await user.type(within(dialog).getByRole('textbox', { name: /Territory name/ }), 'Nordics');
    await choose(user, dialog, 'Countries', 'Sweden', /Sweden/);
    await choose(user, dialog, 'Managers', 'Morgan', /Morgan Admin/);

    await user.click(within(dialog).getByRole('button', { name: 'Create territory' }));
    expect(await within(dialog).findByText(TERRITORY_MESSAGES.duplicateName)).toBeInTheDocument();

    nameTaken = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create territory' }));
    expect(await within(dialog).findByText(TERRITORY_MESSAGES.managerNotAllowed)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create territory' }));
    await waitFor(() =>
      expect(api.requestsTo('PATCH', '/server-api/marketing/territories/new-id')).toHaveLength(1),
    );
    expect(api.requestsTo('POST', '/server-api/marketing/territories')).toHaveLength(2);
  }, 15_000);

  it('edits a territory from its current values, leaving the managers alone when they did not change', async () => {
    const api = mockApi({
      [LIST]: { body: page([UK]) },
      [`PATCH /server-api/marketing/territories/${UK.id}`]: (request: RecordedRequest) => ({
        body: { ...UK, ...(request.body as object), links: UK.links },
      }),
    });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: `Edit ${UK.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${UK.name}` });
    expect(within(dialog).getByRole('textbox', { name: 'Terms and conditions' })).toHaveValue(
      'https://example.com/terms',
    );
    expect(within(dialog).getByText('United Kingdom')).toBeInTheDocument();
    expect(within(dialog).getByText('Tess Manager')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove Ireland' }));
    const privacy = within(dialog).getByRole('textbox', { name: 'Privacy policy' });
    await user.clear(privacy);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(`“${UK.name}” has been saved.`)).toBeInTheDocument();
    expect(api.requestsTo('PATCH', `/server-api/marketing/territories/${UK.id}`)[0]?.body).toEqual({
      name: UK.name,
      countries: ['GB'],
      links: { CCPA: '', INFLUENCER_GUIDELINES: '', PRIVACY: '', TERMS: 'https://example.com/terms' },
    });
    expect(api.requestsTo('PUT', `/server-api/marketing/territories/${UK.id}/managers`)).toHaveLength(0);
  });

  it('archives a territory after confirmation', async () => {
    const api = mockApi({
      [LIST]: { body: page([UK]) },
      [`POST /server-api/marketing/territories/${UK.id}/archive`]: { body: { ...UK, active: false } },
    });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: `Archive ${UK.name}` }));
    const sheet = await screen.findByRole('dialog', { name: 'Archive this territory?' });
    await user.click(within(sheet).getByRole('button', { name: 'Archive territory' }));
    expect(
      await screen.findByText(`“${UK.name}” is archived: creators no longer see it.`),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', `/server-api/marketing/territories/${UK.id}/archive`)).toHaveLength(1);
  });

  it('lets a TerritoryManager edit and archive, but not create, name a co-manager from the staff directory, and leaves the countries to an Admin', async () => {
    const api = mockApi({
      [LIST]: { body: page([UK]) },
      'GET /server-api/marketing/staff/directory': { body: DIRECTORY },
      [`PATCH /server-api/marketing/territories/${UK.id}`]: { body: UK },
      [`PUT /server-api/marketing/territories/${UK.id}/managers`]: { body: UK },
    });
    const { user } = renderScreen('TerritoryManager');
    await screen.findByText(UK.name);
    expect(screen.queryByRole('button', { name: 'New territory' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Archive ${UK.name}` })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Edit ${UK.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${UK.name}` });
    expect(within(dialog).getByRole('combobox', { name: 'Countries' })).toBeDisabled();
    expect(within(dialog).getByText(`${TERRITORY_MESSAGES.countriesAdminOnly}.`)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove Ireland' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Managers' }));
    await user.click(await within(dialog).findByRole('option', { name: /Morgan Admin/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requestsTo('PUT', `/server-api/marketing/territories/${UK.id}/managers`)[0]?.body).toEqual({
        accountIds: ['m1', 'm2'],
      }),
    );
    expect(api.requestsTo('PATCH', `/server-api/marketing/territories/${UK.id}`)[0]?.body).not.toHaveProperty(
      'countries',
    );
  }, 15_000);

  it('offers a retry when the list fails', async () => {
    let fail = true;
    mockApi({
      [LIST]: () => (fail ? { status: 500, body: errorBody('INTERNAL', 'Broken') } : { body: page([UK]) }),
    });
    const { user } = renderScreen();
    expect(await screen.findByText('We could not load the territories')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(UK.name)).toBeInTheDocument();
  });
});
