import {
  METRICS_MESSAGES,
  metricsCorrectionBodySchema,
  type Leaderboard,
  type MarketingRole,
} from '@platform/shared';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockApi, queriesTo, type MockReply, type RecordedRequest } from '../../../test/api-mock';
import { campaign, campaignPath, staffLeaderboard, staffPlace, SUMMER_ID } from '../../../test/campaigns';
import { signedIn } from '../../../test/console';
import { fieldErrorOf } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { clearToasts, shownToasts } from '../../../test/toasts';
import { LEADERBOARD_POLL_MS } from '../api/campaign-leaderboard';
import CampaignLeaderboard from './CampaignLeaderboard';

// The correction dialog loads its code when first opened, which can take a while on a busy machine.
const LOADED = { timeout: 5000 };

const BOARD = campaignPath(SUMMER_ID, '/leaderboard');
const ADA = staffPlace();
const CORRECTION = campaignPath(SUMMER_ID, `/entries/${ADA.entryId}/metrics`);
const ben = staffPlace({
  rank: null,
  entryId: '9d8e7f6a-0000-4000-8000-0000000000e2',
  creator: { id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e22', name: 'Ben Okri', handle: null },
  postLink: null,
  views: null,
  likes: null,
  comments: null,
  shares: null,
  source: null,
  readAt: null,
  figureState: 'VALIDATED',
  validatedAt: '2030-06-09T12:00:00.000Z',
});

type Route = MockReply | ((request: RecordedRequest) => MockReply);

function renderBoard(
  role: MarketingRole,
  board: Route,
  {
    shown = campaign({ status: 'LIVE' }),
    routes = {},
  }: { shown?: ReturnType<typeof campaign>; routes?: Record<string, Route> } = {},
) {
  signedIn();
  const api = mockApi({ [`GET ${BOARD}`]: board, ...routes });
  const view = renderWidget(<CampaignLeaderboard campaign={shown} role={role} />);
  return { api, ...view };
}

/** The correction route as the server answers: its body checked with the shared schema, refused field by field. */
function correctionRoute(request: RecordedRequest): MockReply {
  const checked = metricsCorrectionBodySchema.safeParse(request.body);
  if (checked.success) return { status: 201, body: { id: 'r2' } };
  const details = checked.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: issue.message,
  }));
  return { status: 400, body: errorBody('VALIDATION_FAILED', 'Invalid input', details) };
}

const boardsInTurn = (...boards: Leaderboard[]) => {
  let call = 0;
  return () => ({ body: boards[Math.min(call++, boards.length - 1)] });
};

const poll = () => act(() => vi.advanceTimersByTimeAsync(LEADERBOARD_POLL_MS));

/** The cells of the table's rows, one array of texts per place. */
function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

afterEach(() => {
  vi.useRealTimers();
  clearToasts();
});

describe('CampaignLeaderboard', () => {
  it('lists each place with its creator, figures, where they came from and when', async () => {
    renderBoard('CampaignViewer', { body: staffLeaderboard({ totalEntries: 2, places: [ADA, ben] }) });

    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Rank',
      'Creator',
      'Handle',
      'Views',
      'Likes',
      'Comments',
      'Shares',
      'Source',
      'Read at',
      'Validation',
    ]);
    expect(rowsOf(table)).toEqual([
      [
        '1',
        'Ada LovelaceOpen the post',
        '@ada_dances',
        '98,000',
        '4,100',
        '210',
        '—',
        'TikTok API',
        '2030-06-10 09:00 GMT',
        'ProvisionalValidated by 2030-06-10 10:00 GMT',
      ],
      ['—', 'Ben Okri', '—', '—', '—', '—', '—', '—', '—', 'Validated'],
    ]);
    expect(within(table).getByRole('link', { name: 'Open the post' })).toHaveAttribute('href', ADA.postLink);
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Refreshed every 15 seconds; closes 2030-06-29 09:00 GMT. Figures as of 2030-06-10 09:00 GMT.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^2 approved entries\./)).toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says how many entries the board has beyond the first hundred', async () => {
    renderBoard('CampaignViewer', { body: staffLeaderboard({ totalEntries: 240 }) });
    expect(await screen.findByText(/^The first 100 of 240 approved entries\./)).toBeInTheDocument();
  });

  it('says when no entry is approved yet', async () => {
    renderBoard('CampaignViewer', { body: staffLeaderboard({ totalEntries: 0, places: [], asOf: null }) });

    expect(
      await screen.findByText(
        'No approved entries yet: the board fills as entries are approved and their figures are read.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/No figures read yet\./)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks again every 15 seconds while the board is live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderBoard(
      'CampaignViewer',
      boardsInTurn(staffLeaderboard(), staffLeaderboard({ places: [staffPlace({ views: 99_500 })] })),
    );
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    expect(api.requestsTo('GET', BOARD)).toHaveLength(1);

    await poll();

    expect(api.requestsTo('GET', BOARD)).toHaveLength(2);
    expect(await within(table).findByText('99,500')).toBeInTheDocument();
  });

  it('keeps asking a frozen board until it is final, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const frozen = renderBoard('CampaignViewer', {
      body: staffLeaderboard({ campaignStatus: 'ENDED', frozen: true, final: false }),
    });
    expect(await screen.findByText('Frozen')).toBeInTheDocument();
    await poll();
    expect(frozen.api.requestsTo('GET', BOARD), 'places may still move').toHaveLength(2);
    cleanup();

    const { api } = renderBoard('CampaignViewer', {
      body: staffLeaderboard({ campaignStatus: 'ENDED', frozen: true, final: true }),
    });

    expect(await screen.findByText('Frozen')).toBeInTheDocument();
    expect(
      screen.getByText(/^Closed: figures read after 2030-06-29 09:00 GMT do not count\./),
    ).toBeInTheDocument();
    await poll();
    await poll();
    expect(api.requestsTo('GET', BOARD)).toHaveLength(1);
  });

  it('says the places are provisional until every entry’s views are validated, and when the board is final', async () => {
    const validatedAda = staffPlace({ figureState: 'VALIDATED', validatedAt: '2030-06-10T10:00:00.000Z' });
    const frozen = { campaignStatus: 'ENDED' as const, frozen: true };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderBoard(
      'CampaignViewer',
      boardsInTurn(
        staffLeaderboard({ totalEntries: 2, places: [ADA, ben] }),
        staffLeaderboard({ ...frozen, final: true, totalEntries: 2, places: [validatedAda, ben] }),
      ),
    );
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    expect(
      screen.getByText('Places are provisional until every entry’s views are validated'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Final: every place is validated')).not.toBeInTheDocument();
    const [adaRow, benRow] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(adaRow).getByText('Provisional')).toBeInTheDocument();
    expect(within(adaRow).getByText('Validated by 2030-06-10 10:00 GMT')).toBeInTheDocument();
    expect(within(benRow).getByText('Validated')).toBeInTheDocument();
    expect(within(benRow).queryByText('Provisional')).not.toBeInTheDocument();

    await poll();

    expect(await screen.findByText('Final: every place is validated')).toBeInTheDocument();
    expect(screen.queryByText(/Places are provisional/)).not.toBeInTheDocument();
    expect(within(table).queryByText('Provisional')).not.toBeInTheDocument();
    expect(within(table).getAllByText('Validated')).toHaveLength(2);
  });

  it('picks a sprint’s period, its board read for that period', async () => {
    const sprint = campaign({
      status: 'LIVE',
      reward: { type: 'SPRINT', periodDays: 7, prizes: [20_000] },
    });
    const period = (number: number) => ({
      number,
      count: 4,
      startsAt: `2030-06-${String(1 + (number - 1) * 7).padStart(2, '0')}T09:00:00.000Z`,
      endsAt: `2030-06-${String(1 + number * 7).padStart(2, '0')}T09:00:00.000Z`,
    });
    const { api, user } = renderBoard(
      'CampaignViewer',
      () => {
        const [input] = vi.mocked(fetch).mock.lastCall!;
        const url = input instanceof Request ? input.url : input.toString();
        const asked = new URL(url, window.location.origin).searchParams.get('period');
        return { body: staffLeaderboard({ period: period(Number(asked ?? 2)) }) };
      },
      { shown: sprint },
    );

    const picker = await screen.findByRole('combobox', { name: 'Period' });
    expect(picker).toHaveValue('2');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Period 1: 2030-06-01 09:00 GMT to 2030-06-08 09:00 GMT',
      'Period 2: 2030-06-08 09:00 GMT to 2030-06-15 09:00 GMT',
      'Period 3: 2030-06-15 09:00 GMT to 2030-06-22 09:00 GMT',
      'Period 4: 2030-06-22 09:00 GMT to 2030-06-29 09:00 GMT',
    ]);

    await user.selectOptions(picker, '3');

    await waitFor(() => expect(picker).toHaveValue('3'));
    expect(queriesTo(api, BOARD).map((query) => query.get('period'))).toEqual([null, '3']);
  });

  it('offers a retry when the board cannot be read', async () => {
    let failing = true;
    const { user } = renderBoard('CampaignViewer', () =>
      failing
        ? { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Down') }
        : { body: staffLeaderboard() },
    );

    expect(await screen.findByText('We could not load the leaderboard')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Leaderboard' })).toBeInTheDocument();
  });
});

describe('correcting an entry’s figures', () => {
  afterEach(clearToasts);

  async function openCorrection(routes: Record<string, Route> = {}) {
    const view = renderBoard(
      'CampaignMarketer',
      boardsInTurn(
        staffLeaderboard(),
        staffLeaderboard({ places: [staffPlace({ views: 125_000, source: 'staff-correction' })] }),
      ),
      { routes },
    );
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    await view.user.click(
      within(table).getByRole('button', { name: 'Correct figures of Ada Lovelace’s entry' }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Correct the figures of Ada Lovelace’s entry' },
      LOADED,
    );
    return { ...view, table, dialog };
  }

  it('shows the reading it replaces, says under each field what the shared schema refuses before sending, and records the correction', async () => {
    const { api, user, table, dialog } = await openCorrection({ [`POST ${CORRECTION}`]: correctionRoute });

    const replaced = within(dialog).getByRole('region', { name: 'The reading it replaces' });
    expect(replaced).toHaveTextContent('Replaces the reading of 2030-06-10 09:00 GMT (TikTok API)');
    expect(replaced).toHaveTextContent('Views98,000Likes4,100Comments210Shares—');
    const views = within(dialog).getByRole('textbox', { name: 'Views' });
    expect(views).toHaveValue('98000');
    expect(within(dialog).getByRole('textbox', { name: 'Shares' })).toHaveValue('');

    await user.clear(views);
    await user.type(views, 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save the correction' }));

    await waitFor(() => expect(fieldErrorOf(views)).toHaveTextContent(METRICS_MESSAGES.count));
    expect(fieldErrorOf(views)?.querySelector('svg')).not.toBeNull();
    const note = within(dialog).getByRole('textbox', { name: /Why are the figures corrected/ });
    expect(fieldErrorOf(note)).toHaveTextContent(METRICS_MESSAGES.noteRequired);
    expect(api.requestsTo('POST', CORRECTION), 'refused here, by the same schema').toEqual([]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.clear(views);
    await user.type(views, '125,000');
    await user.type(note, 'TikTok counted a bot farm’s views.');
    await user.click(within(dialog).getByRole('button', { name: 'Save the correction' }));

    expect(await shownToasts()).toContain('The figures of Ada Lovelace’s entry are corrected.');
    expect(api.requestsTo('POST', CORRECTION)[0]?.body).toEqual({
      views: 125_000,
      likes: 4_100,
      comments: 210,
      shares: null,
      note: 'TikTok counted a bot farm’s views.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(table).findByText('125,000')).toBeInTheDocument();
    expect(within(table).getByText('Staff correction')).toBeInTheDocument();
  });

  it('shows what the server refused under its field, and keeps the dialog open', async () => {
    const { user, dialog } = await openCorrection({
      [`POST ${CORRECTION}`]: {
        status: 400,
        body: errorBody('VALIDATION_FAILED', 'Invalid input', [
          { field: 'note', message: METRICS_MESSAGES.noteTooLong },
        ]),
      },
    });
    const note = within(dialog).getByRole('textbox', { name: /Why are the figures corrected/ });
    await user.type(note, 'Wrong figures.');
    await user.click(within(dialog).getByRole('button', { name: 'Save the correction' }));

    await waitFor(() => expect(fieldErrorOf(note)).toHaveTextContent(METRICS_MESSAGES.noteTooLong));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(await shownToasts()).toEqual([]);
  });

  it('says when an entry has no figures yet, its correction becoming the first', async () => {
    const { user } = renderBoard('Admin', { body: staffLeaderboard({ places: [ben] }) });
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    await user.click(within(table).getByRole('button', { name: 'Correct figures of Ben Okri’s entry' }));
    const dialog = await screen.findByRole('dialog', {}, LOADED);

    expect(
      within(dialog).getByText('This entry has no figures yet: the correction becomes its first reading.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Views' })).toHaveValue('');
  });
});
