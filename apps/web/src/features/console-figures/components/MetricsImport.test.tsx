import { METRICS_MESSAGES, type MetricsImportReport } from '@platform/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockApi, type MockReply } from '../../../test/api-mock';
import { campaign, campaignPath, importReport, importRow, SUMMER_ID } from '../../../test/campaigns';
import { signedIn } from '../../../test/console';
import { fieldErrorOf } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { clearToasts, shownToasts } from '../../../test/toasts';
import MetricsImport, { IMPORT_WORDS } from './MetricsImport';

const IMPORT = campaignPath(SUMMER_ID, '/metrics/import');

const csv = (name = 'figures.csv', type = 'text/csv') =>
  new File(['entry_id,views\n7c1d2e3f-0000-4000-8000-0000000000e1,120000\n'], name, { type });

const ada = importRow();
const ben = importRow({
  row: 3,
  entryId: '9d8e7f6a-0000-4000-8000-0000000000e2',
  postLink: 'https://www.tiktok.com/@ben/video/7301234567890123999',
  views: 4_000,
  likes: null,
});

/** The import's answers: `preview` for a preview, `recorded` (or a refusal) for the real import. */
function importRoute(preview: MockReply, recorded: MockReply = { body: {} }) {
  return () => {
    const [input] = vi.mocked(fetch).mock.lastCall!;
    const url = new URL(input instanceof Request ? input.url : input.toString(), window.location.origin);
    return url.searchParams.get('preview') === 'true' ? preview : recorded;
  };
}

function renderImport(route: () => MockReply, options: { applyAccept?: boolean } = {}) {
  signedIn();
  const api = mockApi({ [`POST ${IMPORT}`]: route });
  const view = renderWidget(<MetricsImport campaign={campaign({ status: 'LIVE' })} />, options);
  return { api, ...view };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const fileField = () => screen.getByRole('button', { name: /CSV file/ });
const previewsAsked = (api: ReturnType<typeof mockApi>) =>
  api.fetchMock.mock.calls
    .map(
      ([input]) => new URL(input instanceof Request ? input.url : input.toString(), window.location.origin),
    )
    .filter((url) => url.pathname === IMPORT)
    .map((url) => url.searchParams.get('preview'));

afterEach(clearToasts);

describe('MetricsImport', () => {
  it('reads the chosen file at once, shows every row, and records them all', async () => {
    const recorded: MetricsImportReport = importReport([ada, ben], {
      preview: false,
      imported: true,
      recorded: 1,
      alreadyRecorded: 1,
    });
    const { api, user } = renderImport(importRoute({ body: importReport([ada, ben]) }, { body: recorded }));
    const file = csv();

    await user.upload(fileInput(), file);

    const table = await screen.findByRole('table', { name: 'Rows of the file' });
    expect(screen.getByText('2 rows read, every one ready to record.')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '7c1d2e3f', '120,000', '5,000', '—', '—', '2030-06-11 09:00 GMT', 'OK']);
    const sent = api.fetchMock.mock.calls[0]!;
    expect(new Headers(sent[1]?.headers).get('Content-Type')).toBe('text/csv');
    expect(sent[1]?.body).toBe(file);

    await user.click(screen.getByRole('button', { name: 'Record 2 readings' }));

    expect(await shownToasts()).toContain('1 reading recorded from figures.csv.');
    expect(previewsAsked(api)).toEqual(['true', 'false']);
    expect(screen.getByRole('status', { name: 'Figures recorded' })).toHaveTextContent(
      '1 reading recorded. 1 reading was recorded before (the same figures imported again) and kept once.',
    );
    expect(screen.queryByRole('table', { name: 'Rows of the file' })).not.toBeInTheDocument();
  });

  it('shows each row’s errors in their cells, in the server’s words, and records nothing while one fails', async () => {
    const wrong = importRow({
      row: 4,
      entryId: null,
      views: null,
      readAt: null,
      errors: [
        { column: 'entry_id', message: METRICS_MESSAGES.entryUnknown },
        { column: 'views', message: METRICS_MESSAGES.viewsRequired },
        { column: 'row', message: METRICS_MESSAGES.tooManyCells },
      ],
    });
    const { api, user } = renderImport(
      importRoute({ body: importReport([ada, wrong], { ignoredColumns: ['creator_name'] }) }),
    );

    await user.upload(fileInput(), csv());

    expect(
      await screen.findByText('2 rows read; 1 row with errors. Not read: creator_name.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = within(row!).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent(METRICS_MESSAGES.entryUnknown);
    expect(cells[2]).toHaveTextContent(METRICS_MESSAGES.viewsRequired);
    expect(cells[2]?.querySelector('svg')).not.toBeNull();
    expect(cells[6]).toHaveTextContent('When imported');
    expect(cells[7]).toHaveTextContent(`3 errorsrow: ${METRICS_MESSAGES.tooManyCells}`);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Record 2 readings' })).toBeDisabled();
    expect(screen.getByText(/nothing is recorded while a row fails/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'All rows' }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(previewsAsked(api)).toEqual(['true']);
  });

  it('refuses a file that is not a CSV, or too large, before sending it', async () => {
    const { api, user } = renderImport(importRoute({ body: importReport([ada]) }), { applyAccept: false });

    await user.upload(fileInput(), csv('figures.xlsx', 'application/vnd.ms-excel'));
    await waitFor(() => expect(fieldErrorOf(fileField())).toHaveTextContent(IMPORT_WORDS.notCsv));
    expect(fieldErrorOf(fileField())?.querySelector('svg')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove the file' }));
    await user.upload(fileInput(), new File(['x'.repeat(1024 * 1024 + 1)], 'huge.csv', { type: 'text/csv' }));
    await waitFor(() =>
      expect(fieldErrorOf(fileField())).toHaveTextContent('File size exceeds the maximum limit of 1 MB.'),
    );
    expect(api.requests).toHaveLength(0);
  });

  it('shows under the field why the server could not read the file', async () => {
    const { user } = renderImport(
      importRoute({
        status: 400,
        body: errorBody('VALIDATION_FAILED', 'Invalid input', [
          { field: 'body', message: METRICS_MESSAGES.viewsColumnMissing },
        ]),
      }),
    );

    await user.upload(fileInput(), csv());

    await waitFor(() =>
      expect(fieldErrorOf(fileField())).toHaveTextContent(METRICS_MESSAGES.viewsColumnMissing),
    );
    expect(screen.queryByRole('button', { name: /Record/ })).not.toBeInTheDocument();
  });

  it('says nothing was recorded, and why, when the import is refused after its preview', async () => {
    const { user } = renderImport(
      importRoute(
        { body: importReport([ada]) },
        {
          status: 400,
          body: errorBody('VALIDATION_FAILED', METRICS_MESSAGES.importFailed(1), [
            { field: 'entry_id (row 2)', message: `Row 2, entry_id: ${METRICS_MESSAGES.entryUnknown}` },
          ]),
        },
      ),
    );
    await user.upload(fileInput(), csv());
    await user.click(await screen.findByRole('button', { name: 'Record 1 reading' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was recorded');
    expect(alert).toHaveTextContent(METRICS_MESSAGES.importFailed(1));
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      `Row 2, entry_id: ${METRICS_MESSAGES.entryUnknown}`,
    );
    expect(screen.getByRole('button', { name: 'Record 1 reading' })).toBeEnabled();
    expect(await shownToasts()).toEqual([]);
  });
});
