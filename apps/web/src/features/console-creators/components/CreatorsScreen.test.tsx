import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { mockApi, queriesTo } from '../../../test/api-mock';
import { renderWidget } from '../../../test/render-widget';
import { CreatorsScreen } from './CreatorsScreen';

const LIST = '/server-api/marketing/creators';
const OCEANIA = {
  id: '7d1f0c2b-3a4e-4f5a-9b6c-000000000001',
  name: 'Oceania',
  countryCodeISO2: ['AU', 'NZ'],
  links: [],
};

describe('the creators’ territory filter', () => {
  it('lists the live territories, asks the server for one, and keeps it in the address bar', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    const api = mockApi({
      [`GET ${LIST}`]: { body: { items: [], total: 0, page: 1, pageSize: 25 } },
      'PATCH /server-api/territory': { body: [OCEANIA] },
    });
    const { user, router } = renderWidget(<CreatorsScreen />, { path: '/console/creators?country=AU' });

    await screen.findByRole('option', { name: 'Oceania' }, { timeout: 5000 });
    await user.selectOptions(screen.getByLabelText('Territory'), 'Oceania');

    await waitFor(() => expect(queriesTo(api, LIST).at(-1)?.get('territoryId')).toBe(OCEANIA.id));
    expect(queriesTo(api, LIST).at(-1)?.get('country')).toBe('AU');
    expect(new URLSearchParams(router.state.location.search).get('territoryId')).toBe(OCEANIA.id);
    expect(api.requestsTo('PATCH', '/server-api/territory')[0]?.body).toEqual({ active: 'YES' });
  });

  it('asks the server for the creators of one audience cluster', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    const cluster = {
      id: '0c9d8e7f-1a2b-4c3d-9e8f-000000000007',
      kind: 'audience-cluster',
      name: 'Gen Z gamers',
    };
    const api = mockApi({
      [`GET ${LIST}`]: { body: { items: [], total: 0, page: 1, pageSize: 25 } },
      'GET /server-api/marketing/lookups/audience-clusters': {
        body: { items: [cluster], total: 1, page: 1, pageSize: 100 },
      },
    });
    const { user, router } = renderWidget(<CreatorsScreen />, { path: '/console/creators' });

    await screen.findByRole('option', { name: 'Gen Z gamers' }, { timeout: 5000 });
    await user.selectOptions(screen.getByLabelText('Audience cluster'), 'Gen Z gamers');
    await waitFor(() => expect(queriesTo(api, LIST).at(-1)?.get('audienceClusterId')).toBe(cluster.id));
    expect(new URLSearchParams(router.state.location.search).get('audienceClusterId')).toBe(cluster.id);
  });
});
