import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, queriesTo } from '../../../test/api-mock';
import { signedInAs } from '../../../test/console';
import { renderApp, screen } from '../../../test/render';
import { heldEntry, HOLD_ID, HOLDS } from './hold-fixtures';

const LOADED = { timeout: 5000 };
const page = (items: ReturnType<typeof heldEntry>[]) => ({
  body: { items, total: items.length, page: 1, pageSize: 20 },
});

describe('held earnings queue', () => {
  it('lists the open holds as the server sorts them, with what is at stake and why', async () => {
    const grace = heldEntry({
      id: '7c1d9a52-8d4e-4b7a-9c2d-0000000000h2',
      status: 'APPEALED',
      score: 60,
      creator: { id: 'a2', name: null, handle: 'gracehopper' },
      campaign: { id: 'c2', name: 'Winter Vibes', currency: 'EUR' },
      atStake: { amountMinor: 12_000, currency: 'EUR' },
      appeal: {
        note: 'My video was featured.',
        recordingUrl: null,
        scanStatus: 'SUCCESS',
        appealedAt: '2026-11-22T10:00:00.000Z',
      },
    });
    const api = mockApi({ ...signedInAs('CampaignMarketer'), [`GET ${HOLDS}`]: page([heldEntry(), grace]) });
    renderApp('/console/holds');
    expect(
      await screen.findByRole('heading', { name: 'Held earnings', level: 1 }, LOADED),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Waiting for a decision' });
    const [ada, graceRow] = within(table).getAllByRole('row').slice(1);
    const cells = within(ada!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Ada Lovelace@ada_codes',
      'Summer Beats',
      '£500.00',
      '65',
      heldEntry().signals[0]!.sentence,
      '2026-11-21 09:30 GMT',
      'Review',
    ]);
    expect(within(ada!).queryByText('Appealed')).not.toBeInTheDocument();
    expect(within(graceRow!).getByText('gracehopper')).toBeInTheDocument();
    expect(within(graceRow!).getByText('€120.00')).toBeInTheDocument();
    expect(within(graceRow!).getByText('Appealed')).toBeInTheDocument();
    expect(
      within(table).getByRole('link', { name: 'Review the hold on Ada Lovelace’s entry' }),
    ).toHaveAttribute('href', `/console/holds/${HOLD_ID}`);
    expect(queriesTo(api, HOLDS)[0]?.get('status')).toBe('open');
    expect(screen.getByRole('link', { name: 'Held earnings' })).toBeInTheDocument();
  });

  it('says so when nothing is held, and reads the decided ones on their tab', async () => {
    const api = mockApi({ ...signedInAs('CampaignMarketer'), [`GET ${HOLDS}`]: page([]) });
    const { user } = renderApp('/console/holds');
    expect(
      await screen.findByText(
        /No earnings are held\. Entries whose views look bought are held here/,
        {},
        LOADED,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Decided' }));
    expect(await screen.findByText('No hold has been decided yet.')).toBeInTheDocument();
    expect(queriesTo(api, HOLDS).at(-1)?.get('status')).toBe('decided');
  });

  it('shows a decided hold’s outcome on the decided tab', async () => {
    const decided = heldEntry({
      status: 'EXCLUDED',
      decision: {
        outcome: 'EXCLUDED',
        decidedAt: '2026-11-23T15:00:00.000Z',
        note: null,
        rejectionReason: null,
        excluded: { from: '2026-11-20T08:00:00.000Z', to: '2026-11-20T12:00:00.000Z', views: 48_000 },
        decidedBy: { id: 's1', name: 'Sam Staff' },
      },
    });
    mockApi({ ...signedInAs('CampaignMarketer'), [`GET ${HOLDS}`]: page([decided]) });
    renderApp('/console/holds?status=decided');
    const table = await screen.findByRole('table', { name: 'Decided' }, LOADED);
    await within(table).findByText('Views excluded');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('2026-11-23 15:00 GMT')).toBeInTheDocument();
    expect(within(row).getByText('Views excluded')).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: 'View the hold on Ada Lovelace’s entry' }),
    ).toBeInTheDocument();
  });

  it('says when the queue cannot be read', async () => {
    mockApi({ ...signedInAs('CampaignMarketer'), [`GET ${HOLDS}`]: { status: 500, body: {} } });
    renderApp('/console/holds');
    expect(await screen.findByText('We could not load the held earnings', {}, LOADED)).toBeInTheDocument();
  });

  it('is a page that does not exist for roles that do not review entries', async () => {
    const api = mockApi({ ...signedInAs('Support'), [`GET ${HOLDS}`]: page([heldEntry()]) });
    renderApp('/console/holds');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LOADED)).toBeInTheDocument();
    expect(api.requestsTo('GET', HOLDS)).toHaveLength(0);
  });
});
