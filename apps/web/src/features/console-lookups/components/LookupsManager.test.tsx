import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { mockApi } from '../../../test/api-mock';
import { screen } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { LookupsManager } from './LookupsManager';

const pop = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'genre',
  name: 'Pop',
  label: null,
  infoContent: null,
  questionId: null,
  archived: false,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

describe('LookupsManager', () => {
  it('lets a role without the grants read the lists, without add, edit or delete', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    mockApi({
      'GET /server-api/marketing/lookups/genres': {
        body: { items: [pop], total: 1, page: 1, pageSize: 25 },
      },
    });
    renderWidget(<LookupsManager role="CampaignViewer" />);

    const table = await screen.findByRole('table', { name: 'Genres' });
    expect(await within(table).findByText('Pop')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add genre' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Pop' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Pop' })).not.toBeInTheDocument();
    expect(await screen.findByText('Choose one to show it in the table.')).toBeInTheDocument();
  });

  it('tells a reader who cannot add that an Admin adds them', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    mockApi({
      'GET /server-api/marketing/lookups/genres': { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    });
    renderWidget(<LookupsManager role="Support" />);
    expect(await screen.findByText('No genres yet. An Admin adds them.')).toBeInTheDocument();
  });
});
