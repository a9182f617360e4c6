import { maxLengthMessage, type Lookup, type LookupKind } from '@platform/shared';
import { notifications } from '@mantine/notifications';
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/console';
import { errorBody, mockApi, type MockReply, type RecordedRequest, queriesTo } from '../../../test/api-mock';
import { fieldErrorOf, renderApp, screen } from '../../../test/render';

let nextId = 1;
function lookup(kind: LookupKind, name: string, extra: Partial<Lookup> = {}): Lookup {
  const id = `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
  return {
    id,
    kind,
    name,
    label: null,
    infoContent: null,
    questionId: null,
    archived: false,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-02T14:07:00.000Z',
    ...extra,
  };
}

const page = (items: Lookup[], total = items.length, pageNumber = 1) => ({
  items,
  total,
  page: pageNumber,
  pageSize: 25,
});

const POP = lookup('genre', 'Pop', { label: 'Music', infoContent: 'Chart music' });
// A name over 100 characters breaks the shared name rule on both sides.
const TOO_LONG = 'x'.repeat(101);
const TOO_LONG_MESSAGE = maxLengthMessage(100);
const ROCK = lookup('genre', 'Rock');
const GENRES = '/server-api/marketing/lookups/genres';

const genresTable = () => screen.findByRole('table', { name: 'Genres' });

describe('console lookups page', () => {
  // Toasts live in a store of their own, which outlasts each test's render; at most three show at once.
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('shows an Admin a tab per kind and the genres with their label, status and last change', async () => {
    mockApi({ ...signedInAs('Admin'), [`GET ${GENRES}`]: { body: page([POP, ROCK]) } });
    renderApp('/console/lookups');

    expect(await screen.findByRole('heading', { name: 'Lookups' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Genres',
      'Agencies',
      'Audience bibles',
      'Vertical contents',
      'Fun questions',
      'Answers',
      'Audience clusters',
      'Artists',
    ]);
    const table = await genresTable();
    const row = (await within(table).findByText('Pop')).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row!).getByText('Chart music')).toBeInTheDocument();
    expect(within(row!).getByText('Music')).toBeInTheDocument();
    expect(within(row!).getByText('Live')).toBeInTheDocument();
    expect(within(row!).getByText('2026-11-02 14:07 GMT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add genre' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Pop' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Rock' })).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('says what to do next when a list is empty', async () => {
    mockApi({ ...signedInAs('Admin'), [`GET ${GENRES}`]: { body: page([]) } });
    renderApp('/console/lookups');
    expect(await screen.findByText('No genres yet. Add the first one with “Add genre”.')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    mockApi({
      ...signedInAs('Admin'),
      [`GET ${GENRES}`]: () =>
        fail ? { status: 500, body: errorBody('INTERNAL', 'Boom') } : { body: page([POP]) },
    });
    const { user } = renderApp('/console/lookups');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('We could not load the genres')).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await within(await genresTable()).findByText('Pop')).toBeInTheDocument();
  });

  it('searches on the server once typing pauses, and starts again from page 1', async () => {
    const api = mockApi({
      ...signedInAs('Admin'),
      [`GET ${GENRES}`]: { body: page([POP, ROCK], 60) },
    });
    const { user } = renderApp('/console/lookups');
    await within(await genresTable()).findByText('Pop');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queriesTo(api, GENRES).at(-1)?.get('page')).toBe('2'));

    await user.type(screen.getByRole('textbox', { name: 'Search genres' }), 'pop');
    await waitFor(() => expect(queriesTo(api, GENRES).at(-1)?.get('search')).toBe('pop'), {
      timeout: 2000,
    });
    const searches = queriesTo(api, GENRES)
      .map((query) => query.get('search'))
      .filter(Boolean);
    expect(searches).toEqual(['pop']);
    expect(queriesTo(api, GENRES).at(-1)?.get('page')).toBe('1');
  });

  it('shows archived lookups on request and restores one', async () => {
    const archived = lookup('genre', 'Disco', { archived: true });
    const api = mockApi({
      ...signedInAs('Admin'),
      [`GET ${GENRES}`]: () => ({ body: page([POP, archived]) }),
      [`POST ${GENRES}/${archived.id}/restore`]: { body: { ...archived, archived: false } },
    });
    const { user } = renderApp('/console/lookups');
    await within(await genresTable()).findByText('Pop');

    await user.click(screen.getByRole('switch', { name: 'Show archived' }));
    await waitFor(() => expect(queriesTo(api, GENRES).at(-1)?.get('includeArchived')).toBe('true'));
    const row = screen.getByText('Disco').closest('tr');
    expect(within(row!).getByText('Archived')).toBeInTheDocument();
    expect(within(row!).queryByRole('button', { name: 'Edit Disco' })).not.toBeInTheDocument();

    await user.click(within(row!).getByRole('button', { name: 'Restore Disco' }));
    expect(await screen.findByText('“Disco” is live again: creators can choose it.')).toBeInTheDocument();
    expect(api.requestsTo('POST', `${GENRES}/${archived.id}/restore`)).toHaveLength(1);
  });

  it('adds a genre with the shared rules, and shows what the server refuses under its field', async () => {
    let created = 0;
    const api = mockApi({
      ...signedInAs('Admin'),
      [`GET ${GENRES}`]: { body: page([POP]) },
      [`POST ${GENRES}`]: (request: RecordedRequest): MockReply => {
        created += 1;
        if (created === 1) {
          return {
            status: 409,
            body: errorBody('CONFLICT', 'A genre with this name already exists.', [
              { field: 'name', message: 'A genre with this name already exists.' },
            ]),
          };
        }
        return { status: 201, body: lookup('genre', (request.body as { name: string }).name) };
      },
    });
    const { user } = renderApp('/console/lookups');
    await within(await genresTable()).findByText('Pop');

    await user.click(screen.getByRole('button', { name: 'Add genre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add genre' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });

    await user.type(name, TOO_LONG);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(TOO_LONG_MESSAGE)).toBeInTheDocument();
    expect(fieldErrorOf(name)).toHaveTextContent(TOO_LONG_MESSAGE);
    expect(api.requestsTo('POST', GENRES)).toHaveLength(0);

    await user.clear(name);
    await user.type(name, 'pop');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(fieldErrorOf(name)).toHaveTextContent('A genre with this name already exists.'),
    );

    await user.clear(name);
    await user.type(name, 'Jazz');
    await user.type(within(dialog).getByRole('textbox', { name: /Label/ }), 'Music');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add genre' })).not.toBeInTheDocument());
    expect(api.requestsTo('POST', GENRES).at(-1)?.body).toEqual({
      name: 'Jazz',
      label: 'Music',
      infoContent: '',
    });
    expect(await screen.findByText('“Jazz” has been added.')).toBeInTheDocument();
  });

  it('edits a genre from its row', async () => {
    const api = mockApi({
      ...signedInAs('Admin'),
      [`GET ${GENRES}`]: { body: page([POP]) },
      [`PATCH ${GENRES}/${POP.id}`]: (request: RecordedRequest) => ({
        body: { ...POP, ...(request.body as object) },
      }),
    });
    const { user } = renderApp('/console/lookups');
    await user.click(await screen.findByRole('button', { name: 'Edit Pop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit genre' });
    const label = within(dialog).getByRole('textbox', { name: /Label/ });
    expect(label).toHaveValue('Music');
    await user.clear(label);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.requestsTo('PATCH', `${GENRES}/${POP.id}`)).toHaveLength(1));
    expect(api.requestsTo('PATCH', `${GENRES}/${POP.id}`)[0]?.body).toEqual({
      name: 'Pop',
      label: '',
      infoContent: 'Chart music',
    });
    expect(await screen.findByText('“Pop” has been saved.')).toBeInTheDocument();
  });

  it.each([
    ['archived', 'Archived because it is in use'],
    ['deleted', 'Deleted'],
  ])('asks before deleting, and tells the outcome the server chose (%s)', async (outcome, toast) => {
    const api = mockApi({
      ...signedInAs('Admin'),
      [`GET ${GENRES}`]: { body: page([POP]) },
      [`DELETE ${GENRES}/${POP.id}`]: { body: { outcome } },
    });
    const { user } = renderApp('/console/lookups');
    await user.click(await screen.findByRole('button', { name: 'Delete Pop' }));
    const sheet = await screen.findByRole('dialog', { name: 'Delete this genre?' });
    expect(sheet).toHaveTextContent('If it is in use, it will be archived instead');

    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo('DELETE', `${GENRES}/${POP.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Pop' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this genre?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    // Toasts load their module on the first one shown.
    expect(await screen.findByText(toast, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(api.requestsTo('DELETE', `${GENRES}/${POP.id}`)).toHaveLength(1);
  });

  it('adds an entry from the quick editor’s searchable dropdown', async () => {
    const jazz = lookup('genre', 'Jazz');
    const api = mockApi({
      ...signedInAs('Admin'),
      [`GET ${GENRES}`]: () => ({ body: page([POP]) }),
      [`POST ${GENRES}`]: { status: 201, body: jazz },
    });
    const { user } = renderApp('/console/lookups');
    const field = await screen.findByRole('combobox', { name: 'Find a genre' }, { timeout: 3000 });
    await user.click(field);
    await user.type(field, 'Jazz');
    await user.click(await screen.findByRole('option', { name: 'Add "Jazz"' }, { timeout: 2000 }));

    await waitFor(() => expect(api.requestsTo('POST', GENRES)).toHaveLength(1));
    expect(api.requestsTo('POST', GENRES)[0]?.body).toEqual({ name: 'Jazz' });
  });

  it('renames from the dropdown by the same rules, without asking the server when a rule is broken', async () => {
    const api = mockApi({
      ...signedInAs('Admin'),
      [`GET ${GENRES}`]: () => ({ body: page([POP]) }),
      [`PATCH ${GENRES}/${POP.id}`]: (request: RecordedRequest) => ({
        body: { ...POP, ...(request.body as object) },
      }),
    });
    const { user } = renderApp('/console/lookups');
    await user.click(await screen.findByRole('combobox', { name: 'Find a genre' }, { timeout: 3000 }));
    const listbox = await screen.findByRole('listbox');
    await user.click(await within(listbox).findByLabelText('Edit Pop', {}, { timeout: 2000 }));
    const rename = screen.getByRole('textbox', { name: 'New name for Pop' });
    await user.clear(rename);
    await user.type(rename, `${TOO_LONG}{Enter}`);
    expect(await screen.findByText(TOO_LONG_MESSAGE)).toBeInTheDocument();
    expect(api.requestsTo('PATCH', `${GENRES}/${POP.id}`)).toHaveLength(0);

    await user.clear(rename);
    await user.type(rename, 'Pop music{Enter}');
    await waitFor(() => expect(api.requestsTo('PATCH', `${GENRES}/${POP.id}`)).toHaveLength(1));
    expect(api.requestsTo('PATCH', `${GENRES}/${POP.id}`)[0]?.body).toEqual({ name: 'Pop music' });
  });

  it('manages answers under the question picked in the searchable dropdown', async () => {
    const question = lookup('question', 'Favourite snack');
    const crisps = lookup('answer', 'Crisps', { questionId: question.id });
    const ANSWERS = '/server-api/marketing/lookups/answers';
    const api = mockApi({
      ...signedInAs('Admin'),
      [`GET ${GENRES}`]: { body: page([POP]) },
      'GET /server-api/marketing/lookups/questions': { body: page([question]) },
      [`GET ${ANSWERS}`]: { body: page([crisps]) },
      [`POST ${ANSWERS}`]: { status: 201, body: lookup('answer', 'Fruit', { questionId: question.id }) },
    });
    const { user } = renderApp('/console/lookups?kind=answers');

    expect(
      await screen.findByText('Choose a fun question to see and manage its answers.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Fun question' }));
    await user.click(await screen.findByRole('option', { name: 'Favourite snack' }));

    const table = await screen.findByRole('table', { name: 'Answers' });
    expect(await within(table).findByText('Crisps')).toBeInTheDocument();
    expect(queriesTo(api, ANSWERS).at(-1)?.get('questionId')).toBe(question.id);

    await user.click(screen.getByRole('button', { name: 'Add answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add answer' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Fruit');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.requestsTo('POST', ANSWERS)).toHaveLength(1));
    expect(api.requestsTo('POST', ANSWERS)[0]?.body).toMatchObject({
      name: 'Fruit',
      questionId: question.id,
    });
  });

  it('keeps the open tab in the address', async () => {
    mockApi({
      ...signedInAs('Admin'),
      [`GET ${GENRES}`]: { body: page([POP]) },
      'GET /server-api/marketing/lookups/agencies': { body: page([lookup('agency', 'Northstar')]) },
    });
    const { user, router } = renderApp('/console/lookups');
    await user.click(await screen.findByRole('tab', { name: 'Agencies' }));
    expect(
      await within(await screen.findByRole('table', { name: 'Agencies' })).findByText('Northstar'),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?kind=agencies');
  });
});
