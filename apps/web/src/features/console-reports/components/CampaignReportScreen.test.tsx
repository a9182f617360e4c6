import { act, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, queriesTo } from '../../../test/api-mock';
import { signedInAs } from '../../../test/console';
import { campaign, campaignPath, SUMMER_ID } from '../../../test/campaigns';
import { renderApp, screen } from '../../../test/render';
import { clearToasts, shownToasts } from '../../../test/toasts';
import { CAMPAIGN_ID, FORECAST, REPORT } from './report-fixtures';

const REPORT_PATH = `/server-api/marketing/campaigns/${CAMPAIGN_ID}/report`;
const FORECAST_PATH = `/server-api/marketing/campaigns/${CAMPAIGN_ID}/forecast`;
const LOADED = { timeout: 10_000 };

const kpi = (label: string) => {
  const card = within(screen.getByRole('region', { name: 'Key figures' })).getByText(label).parentElement;
  if (!card) throw new Error(`no card for ${label}`);
  return card;
};

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

describe('/console/reports', () => {
  it('lists the campaigns with a report, keeping the search and status in the address bar', async () => {
    const api = mockApi({
      ...signedInAs('StatsViewer'),
      'GET /server-api/marketing/reports': {
        body: {
          items: [
            {
              id: CAMPAIGN_ID,
              name: 'Summer Dance',
              brandOrArtist: 'Acme Records',
              platform: 'TikTok',
              type: 'CHALLENGE',
              status: 'LIVE',
              startsAt: REPORT.startsAt,
              endsAt: REPORT.endsAt,
              currency: 'GBP',
              budget: 500_000,
              rewardType: 'TOP_PRIZES',
              team: { id: 't1', name: 'North' },
              archived: false,
              updatedAt: REPORT.startsAt,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      },
    });
    const { user, router } = renderApp('/console/reports?status=LIVE');
    const table = await screen.findByRole('table', { name: 'Campaign reports' }, LOADED);
    expect(await within(table).findByRole('link', { name: 'Summer Dance' })).toHaveAttribute(
      'href',
      `/console/reports/${CAMPAIGN_ID}`,
    );
    expect(within(table).getByText('Live')).toBeInTheDocument();
    expect(queriesTo(api, '/server-api/marketing/reports').at(-1)?.get('status')).toBe('LIVE');
    // A StatsViewer's console offers the reports alone.
    const navigation = screen.getByRole('navigation', { name: 'Console' });
    expect(
      within(navigation)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Reports']);

    await user.type(screen.getByLabelText('Search'), 'summer');
    await waitFor(
      () => expect(queriesTo(api, '/server-api/marketing/reports').at(-1)?.get('search')).toBe('summer'),
      LOADED,
    );
    expect(router.state.location.search).toContain('search=summer');
    expect(router.state.location.search).toContain('status=LIVE');
    await user.selectOptions(screen.getByLabelText('Status'), '');
    await waitFor(() => expect(router.state.location.search).toBe('?search=summer'));
  });

  it('says so when there is no campaign to report on', async () => {
    mockApi({
      ...signedInAs('CampaignViewer'),
      'GET /server-api/marketing/reports': { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    });
    renderApp('/console/reports');
    expect(await screen.findByText(/No campaign reports to show yet/, {}, LOADED)).toBeInTheDocument();
  });
});

describe('/console/reports when the list cannot be read', () => {
  it('says so and reads it again on Try again', async () => {
    let fails = true;
    const api = mockApi({
      ...signedInAs('StatsViewer'),
      'GET /server-api/marketing/reports': () =>
        fails
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom', requestId: 'r' } } }
          : { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    });
    const { user } = renderApp('/console/reports');
    expect(await screen.findByText('We could not load the reports', {}, LOADED)).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No campaign reports to show yet/)).toBeInTheDocument();
    expect(api.requestsTo('GET', '/server-api/marketing/reports')).toHaveLength(2);
  });
});

describe('/console/reports/:campaignId', () => {
  it('shows the KPIs, the as-of times and the tables, without forecast or Share for a CampaignViewer', async () => {
    mockApi({ ...signedInAs('CampaignViewer'), [`GET ${REPORT_PATH}`]: { body: REPORT } });
    renderApp(`/console/reports/${CAMPAIGN_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Summer Dance', level: 1 }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText('01 Nov, 2026 to 30 Nov, 2026')).toBeInTheDocument();
    expect(
      screen.getByText('Figures as of 20 Nov, 2026 @ 2:07 PM GMT, money as of 19 Nov, 2026 @ 10:00 AM GMT.'),
    ).toBeInTheDocument();
    expect(kpi('Creators joined')).toHaveTextContent('12');
    expect(kpi('Views')).toHaveTextContent('125,000');
    expect(kpi('Engagement rate')).toHaveTextContent('5.23%');
    expect(kpi('Budget spent')).toHaveTextContent('£1,234.56');
    expect(kpi('Budget spent')).toHaveTextContent('of £5,000.00');
    expect(kpi('Budget left')).toHaveTextContent('£3,765.44');
    expect(kpi('Cost per 1,000 views')).toHaveTextContent('£9.88');

    const countries = screen.getByRole('table', { name: 'Per country' });
    expect(await within(countries).findByText('United Kingdom')).toBeInTheDocument();
    expect(within(countries).getByText('Unknown')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Per platform' })).getByText('TikTok'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Top 10 creators' })).getByText('Robin Banks'),
    ).toBeInTheDocument();
    const entries = screen.getByRole('table', { name: 'Top 10 entries' });
    const post = within(entries).getByRole('link', { name: 'TikTok post' });
    expect(post).toHaveAttribute('href', 'https://www.tiktok.com/@robindances/video/1');
    expect(post).toHaveAttribute('target', '_blank');
    expect(post).toHaveAttribute('rel', 'noopener noreferrer');
    // A link that is not a web address is never made a link.
    expect(within(entries).getAllByRole('link')).toHaveLength(1);
    expect(within(entries).getByText('@sneaky')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Forecast' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  describe('with its files', () => {
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
            return 'blob:report';
          },
          revokeObjectURL: () => {},
        }),
      );
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
    });

    it('downloads a table as CSV and prints the page', async () => {
      mockApi({ ...signedInAs('StatsViewer'), [`GET ${REPORT_PATH}`]: { body: REPORT } });
      const print = vi.fn();
      vi.stubGlobal('print', print);
      const { user } = renderApp(`/console/reports/${CAMPAIGN_ID}`);
      await screen.findByRole('table', { name: 'Per country' }, LOADED);
      await within(screen.getByRole('table', { name: 'Per country' })).findByText('United Kingdom');

      await user.click(screen.getByRole('button', { name: 'Download CSV: Per country' }));
      expect(clicked[0]?.download).toBe('summer-dance-countries.csv');
      expect(await created[0]?.text()).toBe(
        'Country,Country code,Creators,Entries,Views,Likes,Comments,Shares\r\n' +
          'United Kingdom,GB,9,20,100000,4000,1000,300\r\n' +
          'Unknown,,1,4,25000,1000,200,37\r\n',
      );
      expect(await shownToasts()).toContain('Download ready: The table is in summer-dance-countries.csv.');

      await user.click(screen.getByRole('button', { name: 'Print' }));
      expect(print).toHaveBeenCalledTimes(1);
    });
  });

  it('shows a StatsViewer the forecast with its method, but not Share', async () => {
    mockApi({
      ...signedInAs('StatsViewer'),
      [`GET ${REPORT_PATH}`]: { body: REPORT },
      [`GET ${FORECAST_PATH}`]: { body: FORECAST },
    });
    const { user, router } = renderApp(`/console/reports/${CAMPAIGN_ID}`);
    await user.click(await screen.findByRole('tab', { name: 'Forecast' }, LOADED));
    expect(await screen.findByText('187,500')).toBeInTheDocument();
    expect(screen.getByText('Range 160,000 to 215,000')).toBeInTheDocument();
    expect(screen.getByText('125,000 so far, about 6,250 views a day')).toBeInTheDocument();
    expect(screen.getByText('£1,834.56')).toBeInTheDocument();
    expect(screen.getByText('The budget lasts to the end at this rate.')).toBeInTheDocument();
    expect(
      screen.getByText(
        /over its last 14 whole days \(06 Nov, 2026 to 19 Nov, 2026\), by least squares\. The projection carries that line’s daily rate from where each figure stands now to the end date\./,
      ),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=forecast');
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it.each([
    ['NOT_STARTED', 'The campaign has not started yet.'],
    ['ENDED', 'The campaign has ended: its report has the final figures.'],
    ['TOO_EARLY', 'A forecast needs at least two whole days of figures.'],
  ] as const)('says plainly why a %s campaign has no forecast', async (state, words) => {
    mockApi({
      ...signedInAs('CampaignManager'),
      [`GET ${REPORT_PATH}`]: { body: REPORT },
      [`GET ${FORECAST_PATH}`]: {
        body: {
          ...FORECAST,
          state,
          views: null,
          spendMinor: null,
          trendFrom: null,
          trendTo: null,
          series: [],
        },
      },
    });
    renderApp(`/console/reports/${CAMPAIGN_ID}?tab=forecast`);
    expect(await screen.findByText(words, {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByText(/least squares/)).not.toBeInTheDocument();
  });

  it('tells when the budget runs out', async () => {
    mockApi({
      ...signedInAs('CampaignManager'),
      [`GET ${REPORT_PATH}`]: { body: REPORT },
      [`GET ${FORECAST_PATH}`]: { body: { ...FORECAST, budgetRunsOutAt: '2026-11-26T12:00:00.000Z' } },
    });
    renderApp(`/console/reports/${CAMPAIGN_ID}?tab=forecast`);
    expect(
      await screen.findByText('The budget runs out on 26 Nov, 2026 at this rate.', {}, LOADED),
    ).toBeInTheDocument();
  });

  it('says a report out of reach is not found', async () => {
    mockApi({ ...signedInAs('CampaignMarketer') });
    renderApp(`/console/reports/${CAMPAIGN_ID}`);
    expect(await screen.findByRole('heading', { name: 'Report not found' }, LOADED)).toBeInTheDocument();
    await act(() => Promise.resolve());
  });
});

describe('the console’s campaign page', () => {
  it.each([
    ['CampaignViewer', true],
    ['Support', false],
  ] as const)('links a %s to the campaign’s report: %s', async (role, linked) => {
    mockApi({ ...signedInAs(role), [`GET ${campaignPath(SUMMER_ID)}`]: { body: campaign() } });
    renderApp(`/console/campaigns/${SUMMER_ID}`);
    await screen.findByRole('heading', { name: campaign().name, level: 1 }, LOADED);
    const link = screen.queryByRole('link', { name: 'Report' });
    if (linked) expect(link).toHaveAttribute('href', `/console/reports/${SUMMER_ID}`);
    else expect(link).not.toBeInTheDocument();
  });
});
