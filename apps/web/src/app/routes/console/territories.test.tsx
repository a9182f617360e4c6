import { describe, expect, it } from 'vitest';
import { signedIn, staffProfile } from '../../../test/console';
import { mockApi } from '../../../test/api-mock';
import { renderApp, screen } from '../../../test/render';

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

describe('console territories page', () => {
  it('shows an Admin the territories with “New territory”', async () => {
    mockApi({
      'GET /server-api/creator/profile': { body: staffProfile('Admin') },
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
      'GET /server-api/creator/profile': { body: staffProfile('TerritoryManager') },
      'GET /server-api/marketing/territories': { body: territories },
    });
    signedIn();
    renderApp('/console/territories');

    expect(await screen.findByRole('button', { name: 'Edit Australia' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New territory' })).not.toBeInTheDocument();
  });
});
