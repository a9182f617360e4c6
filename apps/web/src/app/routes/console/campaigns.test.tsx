import { CAMPAIGN_MESSAGES } from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import {
  campaign,
  campaignPage,
  CAMPAIGNS_PATH,
  campaignPath,
  pendingCampaign,
  SUMMER_ID,
  summaryOf,
  TEAM_PAGE,
  TERRITORY_LOOKUP,
} from '../../../test/campaigns';
import { PAGE_TEST } from '../../../test/creator-app';
import { signedInAs } from '../../../test/console';
import { renderApp, screen } from '../../../test/render';
import { clearToasts, shownToasts } from '../../../test/toasts';

const LOADED = PAGE_TEST;

function openAs(role: string, path: string, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...signedInAs(role),
    [`GET ${CAMPAIGNS_PATH}`]: { body: campaignPage([summaryOf(campaign())]) },
    [`GET ${campaignPath(SUMMER_ID)}`]: { body: campaign() },
    'GET /server-api/marketing/campaigns/teams': { body: TEAM_PAGE },
    'PATCH /server-api/territory': { body: TERRITORY_LOOKUP },
    ...routes,
  });
  return { api, ...renderApp(path) };
}

afterEach(() => clearToasts());

describe('console campaigns', () => {
  it('lists the campaigns and opens one from the list', async () => {
    const { user, router } = openAs('CampaignViewer', '/console/campaigns');
    expect(await screen.findByRole('heading', { name: 'Campaigns', level: 1 }, LOADED)).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Summer Sound' }, LOADED));
    expect(
      await screen.findByRole('heading', { name: 'Summer Sound', level: 1 }, LOADED),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/console/campaigns/${SUMMER_ID}`);
    // A viewer reads it, and nothing more.
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
  });

  it('opens the editor of a new campaign from the list for a marketer', async () => {
    const { user, router } = openAs('CampaignMarketer', '/console/campaigns');
    await user.click(await screen.findByRole('link', { name: 'New campaign' }, LOADED));
    expect(
      await screen.findByRole('heading', { name: 'New campaign', level: 1 }, LOADED),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/campaigns/new');
    expect(await screen.findByRole('textbox', { name: 'Name' }, LOADED)).toBeInTheDocument();
  });

  it.each(['CampaignViewer', 'StatsViewer'])(
    'answers the editor as a page that does not exist for a %s',
    async (role) => {
      openAs(role, '/console/campaigns/new');
      expect(await screen.findByRole('heading', { name: 'Page not found' }, LOADED)).toBeInTheDocument();
    },
  );

  it('saves a change and returns to the campaign, saying so', async () => {
    const { api, user, router } = openAs('CampaignManager', `/console/campaigns/${SUMMER_ID}/edit`, {
      [`PUT ${campaignPath(SUMMER_ID)}`]: { body: campaign({ name: 'Summer Sound 2' }) },
    });
    expect(
      await screen.findByRole('heading', { name: 'Edit Summer Sound', level: 1 }, LOADED),
    ).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: 'Name' }, LOADED);
    await user.clear(name);
    await user.type(name, 'Summer Sound 2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/campaigns/${SUMMER_ID}`));
    expect(
      await screen.findByRole('heading', { name: 'Summer Sound 2', level: 1 }, LOADED),
    ).toBeInTheDocument();
    expect(await shownToasts()).toContain('Campaign saved: Your changes are saved.');
    expect(api.requestsTo('PUT', campaignPath(SUMMER_ID))).toHaveLength(1);
  });

  it('asks before leaving the editor with unsaved changes, and leaves at once without any', async () => {
    const { api, user, router } = openAs('CampaignMarketer', `/console/campaigns/${SUMMER_ID}/edit`);
    const name = await screen.findByRole('textbox', { name: 'Name' }, LOADED);
    await user.type(name, ' 2');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));

    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/console/campaigns/${SUMMER_ID}/edit`);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Summer Sound 2');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/campaigns/${SUMMER_ID}`));
    expect(api.requestsTo('PUT', campaignPath(SUMMER_ID))).toHaveLength(0);

    await user.click(await screen.findByRole('link', { name: 'Edit' }, LOADED));
    await screen.findByRole('textbox', { name: 'Name' }, LOADED);
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/campaigns/${SUMMER_ID}`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says why a campaign waiting for review cannot be edited', async () => {
    openAs('CampaignMarketer', `/console/campaigns/${SUMMER_ID}/edit`, {
      [`GET ${campaignPath(SUMMER_ID)}`]: { body: pendingCampaign() },
    });
    const panel = await screen.findByRole('heading', { name: 'This campaign cannot be changed now' }, LOADED);
    expect(panel.parentElement).toHaveTextContent(CAMPAIGN_MESSAGES.notEditable);
    expect(
      within(panel.parentElement as HTMLElement).getByRole('link', { name: 'Back to the campaign' }),
    ).toHaveAttribute('href', `/console/campaigns/${SUMMER_ID}`);
  });
});
