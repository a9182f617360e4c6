import { SETUP_CHECKLIST_ITEMS, type SetupChecklistResponse } from '@platform/shared';
import { within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { errorBody, mockApi } from '../../../test/api-mock';
import { screen } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { SetupChecklist } from './SetupChecklist';

const CHECKLIST = 'GET /server-api/marketing/setup-checklist';

function checklist(done: readonly string[]): SetupChecklistResponse {
  const items = SETUP_CHECKLIST_ITEMS.map((key) => ({
    key,
    done: done.includes(key),
    optional: key === 'payments',
  }));
  return { items, complete: items.every((item) => item.done || item.optional) };
}

const entry = (title: string) => screen.getByRole('listitem', { name: title });

describe('SetupChecklist', () => {
  afterEach(() => window.localStorage.clear());

  it('lists what a fresh install needs, each undone item leading to where it is done', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    mockApi({ [CHECKLIST]: { body: checklist(['genres', 'team']) } });
    renderWidget(<SetupChecklist />);

    expect(await screen.findByText('2 of 8 done')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '2 of 8 done' })).toHaveAttribute('aria-valuenow', '25');

    const terms = entry('Publish your terms and privacy notice');
    expect(within(terms).getByText('To do')).toBeInTheDocument();
    expect(within(terms).getByRole('link', { name: 'Open legal documents' })).toHaveAttribute(
      'href',
      '/console/legal-documents',
    );
    expect(within(entry('Add agencies')).getByRole('link', { name: 'Add agencies' })).toHaveAttribute(
      'href',
      '/console/lookups?kind=agencies',
    );
    const genres = entry('Add genres');
    expect(within(genres).getByText('Done')).toBeInTheDocument();
    expect(within(genres).queryByRole('link')).not.toBeInTheDocument();
    expect(within(entry('Create a team')).getByText('Done')).toBeInTheDocument();

    // Set in the server's environment, not in the console: the item says what to set.
    const email = entry('Configure email');
    expect(within(email).getByText('SMTP_URL')).toBeInTheDocument();
    expect(within(email).queryByRole('link')).not.toBeInTheDocument();
    // Without a provider, staff pay by hand: an honest optional item, not a failure.
    const payments = entry('Connect a payout provider');
    expect(within(payments).getByText('Optional')).toBeInTheDocument();
    expect(payments).toHaveTextContent('staff pay creators by hand');
  });

  it('can be put away once everything but the optional items is done, and shown again', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    mockApi({
      [CHECKLIST]: {
        body: checklist(['terms', 'genres', 'agencies', 'artists', 'territory', 'team', 'staff', 'email']),
      },
    });
    const { user } = renderWidget(<SetupChecklist />);

    expect(await screen.findByText('Everything creators and staff need is in place.')).toBeInTheDocument();
    expect(screen.queryByText(/of 8 done/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Put the checklist away' }));
    expect(screen.queryByRole('listitem', { name: 'Add genres' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('platform.setup-checklist.dismissed')).toBe('yes');

    await user.click(screen.getByRole('button', { name: 'Show the checklist' }));
    expect(entry('Add genres')).toBeInTheDocument();
    expect(window.localStorage.getItem('platform.setup-checklist.dismissed')).toBeNull();
  });

  it('shows the whole list again when an item is undone after it was put away', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    window.localStorage.setItem('platform.setup-checklist.dismissed', 'yes');
    mockApi({ [CHECKLIST]: { body: checklist(['terms', 'genres', 'agencies', 'artists', 'territory']) } });
    renderWidget(<SetupChecklist />);

    expect(await screen.findByText('5 of 8 done')).toBeInTheDocument();
    expect(within(entry('Create a team')).getByText('To do')).toBeInTheDocument();
  });

  it('offers another try when the checklist cannot be read', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    const api = mockApi({ [CHECKLIST]: { status: 503, body: errorBody('UNAVAILABLE', 'Try later') } });
    const { user } = renderWidget(<SetupChecklist />);

    expect(await screen.findByText('We could not load the setup checklist')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(api.requestsTo('GET', '/server-api/marketing/setup-checklist').length).toBeGreaterThanOrEqual(2);
  });
});
