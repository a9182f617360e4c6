import type { MarketingRole } from '@platform/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { deferred, errorBody, mockApi, queriesTo, type MockReply } from '../../../test/api-mock';
import {
  campaign,
  campaignPage,
  CAMPAIGNS_PATH,
  MUSIC_TEAM,
  pendingCampaign,
  summaryOf,
  TEAM_PAGE,
} from '../../../test/campaigns';
import { fieldErrorOf } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { CampaignsScreen } from './CampaignsScreen';

// The filters load their code beside the first page, which can take a while on a busy machine.
const LOADED = { timeout: 5000 };

const SUMMER = summaryOf(campaign());
const WINTER = summaryOf(
  pendingCampaign({
    id: '3f1c2b4a-5d6e-4f70-8a9b-00000000c002',
    name: 'Winter Warmers',
    brandOrArtist: 'Cosy Co',
    platform: 'Youtube',
    type: 'BESPOKE',
    currency: 'EUR',
    budget: 250_000,
    reward: { type: 'TOP_PRIZES', prizes: [100_000, 50_000] },
  }),
);

function renderScreen(role: MarketingRole, routes: Parameters<typeof mockApi>[0] = {}) {
  storeAccessToken('token-1', Date.now() + 60_000);
  const api = mockApi({
    [`GET ${CAMPAIGNS_PATH}`]: { body: campaignPage([SUMMER, WINTER]) },
    'GET /server-api/marketing/campaigns/teams': { body: TEAM_PAGE },
    ...routes,
  });
  return { api, ...renderWidget(<CampaignsScreen role={role} />) };
}

const lastQuery = (api: ReturnType<typeof mockApi>) => queriesTo(api, CAMPAIGNS_PATH).at(-1);

describe('CampaignsScreen', () => {
  it('lists the campaigns with their status, platform, team, dates, budget and reward', async () => {
    renderScreen('Admin');
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const summer = (await within(table).findByRole('link', { name: 'Summer Sound' })).closest('tr')!;
    expect(within(summer).getByRole('link', { name: 'Summer Sound' })).toHaveAttribute(
      'href',
      `/console/campaigns/${SUMMER.id}`,
    );
    expect(summer).toHaveTextContent('The Band · Challenge');
    expect(within(summer).getByText('Draft')).toBeInTheDocument();
    expect(summer).toHaveTextContent('TikTok');
    expect(summer).toHaveTextContent('Music');
    expect(summer).toHaveTextContent('2030-06-01 09:00 GMT');
    expect(summer).toHaveTextContent('to 2030-06-29 09:00 GMT');
    expect(summer).toHaveTextContent('£1,000.00');
    expect(summer).toHaveTextContent('First come, first served');

    const winter = within(table).getByRole('link', { name: 'Winter Warmers' }).closest('tr')!;
    expect(within(winter).getByText('Waiting for review')).toBeInTheDocument();
    expect(winter).toHaveTextContent('YouTube');
    expect(winter).toHaveTextContent('€2,500.00');
    expect(winter).toHaveTextContent('Top prizes');
    expect(screen.getByText('2 campaigns')).toBeInTheDocument();
  });

  it('shows placeholder rows while the first page loads', async () => {
    const answer = deferred<MockReply>();
    renderScreen('Admin', { [`GET ${CAMPAIGNS_PATH}`]: () => answer.promise });
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    expect(within(table).queryAllByRole('link')).toHaveLength(0);
    expect(table.querySelectorAll('tbody tr[aria-hidden="true"]').length).toBeGreaterThan(0);
    answer.resolve({ body: campaignPage([SUMMER]) });
    expect(await within(table).findByRole('link', { name: 'Summer Sound' })).toBeInTheDocument();
  });

  it.each<[MarketingRole, boolean, boolean]>([
    ['Admin', true, true],
    ['CampaignManager', true, true],
    ['CampaignMarketer', true, false],
    ['CampaignViewer', false, false],
  ])(
    'shows a %s “New campaign” and the team filter only as their grants allow (%s, %s)',
    async (role, create, team) => {
      renderScreen(role);
      await screen.findByRole('link', { name: 'Summer Sound' });
      await screen.findByRole('textbox', { name: 'Search' }, LOADED);
      expect(screen.queryByRole('link', { name: 'New campaign' }) !== null).toBe(create);
      expect(screen.queryByRole('combobox', { name: 'Team' }) !== null).toBe(team);
    },
  );

  it('searches once typing pauses, and filters by status, team and platform on the server from page 1', async () => {
    const { api, user } = renderScreen('Admin', {
      [`GET ${CAMPAIGNS_PATH}`]: { body: campaignPage([SUMMER, WINTER], 60) },
    });
    await screen.findByText('60 campaigns');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(api)?.get('page')).toBe('2'));

    await user.type(await screen.findByRole('textbox', { name: 'Search' }, LOADED), 'Summer');
    await waitFor(() => expect(lastQuery(api)?.get('search')).toBe('Summer'));
    expect(lastQuery(api)?.get('page')).toBe('1');
    expect(queriesTo(api, CAMPAIGNS_PATH).filter((query) => query.has('search'))).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Waiting for review');
    await waitFor(() => expect(lastQuery(api)?.get('status')).toBe('PENDING'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Platform' }), 'YouTube');
    await waitFor(() => expect(lastQuery(api)?.get('platform')).toBe('Youtube'));

    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'Music' }));
    await waitFor(() => expect(lastQuery(api)?.get('teamId')).toBe(MUSIC_TEAM.id));

    await user.click(screen.getByRole('switch', { name: 'Show archived' }));
    await waitFor(() => expect(lastQuery(api)?.get('includeArchived')).toBe('true'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastQuery(api)?.toString()).toBe('page=1&pageSize=25&includeArchived=true'));
  });

  it('asks for the campaigns running between two days, from the first moment of one to the last of the other', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-05-15T12:00:00.000Z'));
    const { api, user } = renderScreen('CampaignMarketer');
    await user.click(await screen.findByRole('button', { name: 'Running from' }, LOADED));
    await user.click(await screen.findByRole('button', { name: '10 May 2030' }));
    await waitFor(() => expect(lastQuery(api)?.get('from')).toBe('2030-05-10T00:00:00.000Z'));

    await user.click(screen.getByRole('button', { name: 'Running to' }));
    await user.click(await screen.findByRole('button', { name: '20 May 2030' }));
    await waitFor(() => expect(lastQuery(api)?.get('to')).toBe('2030-05-20T23:59:59.999Z'));
    expect(lastQuery(api)?.get('from')).toBe('2030-05-10T00:00:00.000Z');
  });

  it('shows under its field a filter the server refused', async () => {
    const sent: { api?: ReturnType<typeof mockApi> } = {};
    const { api, user } = renderScreen('CampaignViewer', {
      [`GET ${CAMPAIGNS_PATH}`]: () =>
        sent.api && lastQuery(sent.api)?.has('search')
          ? {
              status: 400,
              body: errorBody('VALIDATION_FAILED', 'Search must be at most 200 characters.', [
                { field: 'search', message: 'Search must be at most 200 characters.' },
              ]),
            }
          : { body: campaignPage([SUMMER]) },
    });
    sent.api = api;
    await screen.findByRole('link', { name: 'Summer Sound' });
    const search = await screen.findByRole('textbox', { name: 'Search' }, LOADED);
    await user.type(search, 'x');
    expect(await screen.findByText('Correct the filters above to see the campaigns.')).toBeInTheDocument();
    expect(fieldErrorOf(search)).toHaveTextContent('Search must be at most 200 characters.');
  });

  it('says what to do when there is nothing to list, by role and by filter', async () => {
    const { user, unmount } = renderScreen('Admin', {
      [`GET ${CAMPAIGNS_PATH}`]: { body: campaignPage([]) },
    });
    expect(
      await screen.findByText('No campaigns yet. Create the first one with “New campaign”.'),
    ).toBeInTheDocument();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }, LOADED), 'Live');
    expect(
      await screen.findByText(
        'No campaign matches these filters. Try other dates, another status or fewer words.',
      ),
    ).toBeInTheDocument();
    unmount();

    renderScreen('CampaignViewer', { [`GET ${CAMPAIGNS_PATH}`]: { body: campaignPage([]) } });
    expect(
      await screen.findByText('No campaigns to show yet. Campaigns of your teams will be listed here.'),
    ).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded (500)', async () => {
    let fail = true;
    const { user } = renderScreen('Admin', {
      [`GET ${CAMPAIGNS_PATH}`]: () =>
        fail ? { status: 500, body: errorBody('INTERNAL', 'Broken') } : { body: campaignPage([SUMMER]) },
    });
    expect(await screen.findByText('We could not load the campaigns')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Campaigns' })).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Summer Sound' })).toBeInTheDocument();
  });
});
