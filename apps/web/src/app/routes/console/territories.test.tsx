import { describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { mockApi } from '../../../test/api-mock';
import { renderApp, screen } from '../../../test/render';

const profile = (role: string) => ({
  id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e10',
  email: 'staff@example.com',
  emailVerified: true,
  status: 'ACTIVE',
  role,
});

const territories = {
  items: [
    {
      id: '7d1f0c2b-3a4e-4f5a-9b6c-000000000001',
      name: 'Australia',
      countries: ['AU'],
      active: true,
      links: [{ type: 'TERMS', url: 'https://example.com/au/terms' }],
      managers: [],
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
};

const signedIn = () => storeAccessToken('token-1', Date.now() + 60_000);

describe('console territories page', () => {
  it('shows an Admin the territories with “New territory”', async () => {
    mockApi({
      'GET /server-api/creator/profile': { body: profile('Admin') },
      'GET /server-api/marketing/territories': { body: territories },
    });
    signedIn();
    renderApp('/console/territories');

    expect(await screen.findByRole('heading', { name: 'Territories' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Australia' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New territory' })).toBeInTheDocument();
  });

  it('shows a TerritoryManager their territories to edit, without “New territory”', async () => {
    mockApi({
      'GET /server-api/creator/profile': { body: profile('TerritoryManager') },
      'GET /server-api/marketing/territories': { body: territories },
    });
    signedIn();
    renderApp('/console/territories');

    expect(await screen.findByRole('button', { name: 'Edit Australia' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New territory' })).not.toBeInTheDocument();
  });
});
