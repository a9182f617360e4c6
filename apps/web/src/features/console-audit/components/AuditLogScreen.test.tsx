import { SEARCH_DEBOUNCE_MS, type AuditEntry, type AuditLogResponse } from '@platform/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { deferred, errorBody, mockApi, type MockReply } from '../../../test/api-mock';
import { fieldErrorOf } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { AuditLogScreen } from './AuditLogScreen';

const LOG = 'GET /server-api/marketing/audit-log';

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: crypto.randomUUID(),
  at: '2026-03-05T14:07:00.000Z',
  actorId: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e10',
  actorEmail: 'ana@example.com',
  actorRole: 'CampaignManager',
  action: 'team.rename',
  targetType: 'team',
  targetId: 't-1',
  targetLabel: 'Autumn crew',
  before: { name: 'Fall crew' },
  after: { name: 'Autumn crew' },
  requestId: 'req-1',
  ...overrides,
});

const page = (items: AuditEntry[], total = items.length, number = 1): AuditLogResponse => ({
  items,
  total,
  page: number,
  pageSize: 25,
});

type Api = ReturnType<typeof mockApi>;

const urlOf = (input: unknown) =>
  new URL(input instanceof Request ? input.url : String(input), 'http://test');

/** The query string of the call being answered (the mock records each call before answering it). */
const currentSearch = () => urlOf(vi.mocked(fetch).mock.calls.at(-1)?.[0]).search;

/** The query strings sent to one path, oldest first. */
const searchesTo = (api: Api, path: string) =>
  api.fetchMock.mock.calls
    .map(([input]) => urlOf(input))
    .filter((url) => url.pathname === path)
    .map((url) => url.search);
const logSearches = (api: Api) => searchesTo(api, '/server-api/marketing/audit-log');
const lastLogSearch = (api: Api) => logSearches(api).at(-1) ?? '';

function renderScreen(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({
    'GET /server-api/marketing/audit-log/target-types': { body: { items: ['lookup', 'team'] } },
    'GET /server-api/marketing/audit-log/actors': {
      body: {
        items: [
          { id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e10', email: 'ana@example.com' },
          { id: '8f7d0b2e-1111-4e0f-9a39-2f4f3c1d2e10', email: 'bo@example.com' },
        ],
      },
    },
    ...routes,
  });
  storeAccessToken('token-1', Date.now() + 60_000);
  return { api, ...renderWidget(<AuditLogScreen />) };
}

const table = () => screen.getByRole('table', { name: 'Audit log' });

/** The filters load beside the first page of the log: wait for them. */
async function filtersReady() {
  await screen.findByRole('textbox', { name: 'Search' });
}

describe('the audit log screen', () => {
  it('shows skeletons, then each entry: when, who, action, target and what changed', async () => {
    const reply = deferred<MockReply>();
    renderScreen({ [LOG]: () => reply.promise });
    expect(await screen.findByRole('table', { name: 'Loading the audit log' })).toBeInTheDocument();

    reply.resolve({ body: page([entry()]) });
    const [, row] = within(await screen.findByRole('table', { name: 'Audit log' })).getAllByRole('row');
    const cells = within(row!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('05 Mar, 2026 @ 2:07 PM GMT');
    expect(cells[1]).toHaveTextContent('ana@example.com');
    expect(cells[1]).toHaveTextContent('Campaign manager');
    expect(cells[2]).toHaveTextContent('team.rename');
    expect(cells[3]).toHaveTextContent('Autumn crew');
    expect(cells[4]).toHaveTextContent('name: Fall crew → changed to Autumn crew');
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
  });

  it('says what will appear when nothing has been recorded yet', async () => {
    renderScreen({ [LOG]: { body: page([]) } });
    expect(await screen.findByRole('heading', { name: 'Nothing has been recorded yet' })).toBeInTheDocument();
  });

  it('searches 500 ms after typing stops, from the first page', async () => {
    const { api, user } = renderScreen({ [LOG]: { body: page([entry()], 60) } });
    await screen.findByRole('table', { name: 'Audit log' });
    await filtersReady();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastLogSearch(api)).toContain('page=2'));

    const before = logSearches(api).length;
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'rename');
    expect(logSearches(api)).toHaveLength(before);
    await waitFor(() => expect(lastLogSearch(api)).toContain('search=rename'), {
      timeout: SEARCH_DEBOUNCE_MS + 1000,
    });
    const last = lastLogSearch(api);
    expect(last).toContain('page=1');
    expect(logSearches(api).length).toBe(before + 1);
  });

  it('filters by a person from the log and by target type', async () => {
    const { api, user } = renderScreen({ [LOG]: { body: page([entry()]) } });
    await screen.findByRole('table', { name: 'Audit log' });
    await filtersReady();

    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: 'bo@example.com' }));
    await waitFor(() => expect(lastLogSearch(api)).toContain('actorId=8f7d0b2e-1111-4e0f-9a39-2f4f3c1d2e10'));

    await user.click(screen.getByRole('combobox', { name: 'Target type' }));
    await user.click(await screen.findByRole('option', { name: 'Lookup' }));
    await waitFor(() => expect(lastLogSearch(api)).toContain('targetType=lookup'));
  });

  it('filters by a date range, and shows under its field a filter the server refuses', async () => {
    const { api, user } = renderScreen({
      [LOG]: () =>
        currentSearch().includes('from=')
          ? {
              status: 400,
              body: errorBody('VALIDATION_FAILED', 'The end date must be on or after the start date.', [
                { field: 'to', message: 'The end date must be on or after the start date.' },
              ]),
            }
          : { body: page([entry()]) },
    });
    await screen.findByRole('table', { name: 'Audit log' });
    await filtersReady();

    await user.click(screen.getByRole('button', { name: 'From' }));
    const dialog = await screen.findByRole('dialog');
    const [monthList, yearList] = within(dialog).getAllByRole('combobox', { name: 'Month and year' });
    await user.selectOptions(yearList!, '2026');
    await user.selectOptions(monthList!, within(monthList!).getByRole('option', { name: /Mar/ }));
    await user.click(within(dialog).getByRole('button', { name: '10 March 2026' }));

    await waitFor(() => expect(lastLogSearch(api)).toContain('from=2026-03-10'));
    const to = screen.getByRole('button', { name: 'To' });
    await waitFor(() =>
      expect(fieldErrorOf(to)).toHaveTextContent('The end date must be on or after the start date.'),
    );
    expect(screen.getByText('Correct the filters above to see the log.')).toBeInTheDocument();
  });

  it('offers to clear filters that match nothing', async () => {
    const { api, user } = renderScreen({
      [LOG]: () => ({ body: page(currentSearch().includes('search=') ? [] : [entry()]) }),
    });
    await screen.findByRole('table', { name: 'Audit log' });
    await filtersReady();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'nothing');
    const empty = await screen.findByRole(
      'heading',
      { name: 'No entries match these filters' },
      { timeout: 10_000 },
    );
    expect(empty).toBeInTheDocument();

    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear.at(-1)!);
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    // The unfiltered page shows from the cache at once; the log is asked for it again a moment later.
    await waitFor(() => expect(lastLogSearch(api)).not.toContain('search='));
  });

  it('shows a failure with a retry', async () => {
    let fail = true;
    const { user } = renderScreen({
      [LOG]: () =>
        fail ? { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Down') } : { body: page([entry()]) },
    });
    expect(await screen.findByText('We could not load the audit log')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeInTheDocument();
  });

  it('pages through the log', async () => {
    const { api, user } = renderScreen({
      [LOG]: () => {
        const number = Number(new URLSearchParams(currentSearch()).get('page') ?? '1');
        return { body: page([entry({ targetLabel: `Row on page ${number}` })], 51, number) };
      },
    });
    expect(await screen.findByText('Row on page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Row on page 3')).toBeInTheDocument();
    expect(screen.getByText('51–51 of 51')).toBeInTheDocument();
    expect(lastLogSearch(api)).toContain('pageSize=25');
    expect(within(table()).getAllByRole('row')).toHaveLength(2);
  });
});

describe('downloading the log', () => {
  const created: Blob[] = [];
  let clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    clicked = [];
    created.length = 0;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:audit';
        },
        revokeObjectURL: () => {},
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('fetches the CSV with the session and the filters, and saves it under the server’s file name', async () => {
    const { api, user } = renderScreen({
      [LOG]: { body: page([entry()]) },
      'GET /server-api/marketing/audit-log/export': () => ({
        body: 'At (UTC),Actor email\r\n',
        headers: { 'content-disposition': 'attachment; filename="audit-log-2026-03-05.csv"' },
      }),
    });
    await screen.findByRole('table', { name: 'Audit log' });
    await filtersReady();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'team');
    await waitFor(() => expect(lastLogSearch(api)).toContain('search=team'), { timeout: 2000 });

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [request] = api.requestsTo('GET', '/server-api/marketing/audit-log/export');
    expect(request?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(searchesTo(api, '/server-api/marketing/audit-log/export')).toEqual(['?search=team']);
    expect(clicked[0]?.download).toBe('audit-log-2026-03-05.csv');
    expect(clicked[0]?.href).toBe('blob:audit');
    expect(created).toHaveLength(1);
  });

  it('says so when the file could not be prepared', async () => {
    const { user } = renderScreen({
      [LOG]: { body: page([entry()]) },
      'GET /server-api/marketing/audit-log/export': {
        status: 503,
        body: errorBody('SERVICE_UNAVAILABLE', 'Down'),
      },
    });
    await screen.findByRole('table', { name: 'Audit log' });
    await filtersReady();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not prepare the file. Please try again.',
    );
    expect(clicked).toHaveLength(0);
  });
});
