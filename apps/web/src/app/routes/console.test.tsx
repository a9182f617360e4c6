import { SETUP_CHECKLIST_ITEMS, type MarketingRole, type ProfileResponse } from '@platform/shared';
import { notifications } from '@mantine/notifications';
import { act, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getAccessToken, storeAccessToken } from '../../lib/session';
import { deferred, errorBody, mockApi, type MockReply } from '../../test/api-mock';
import { creatorInfo, UK_PROFILE } from '../../test/creator-info';
import { renderApp, screen } from '../../test/render';

const profileOf = (role: ProfileResponse['role']): ProfileResponse => ({
  id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e10',
  email: `${role.toLowerCase()}@example.com`,
  emailVerified: true,
  status: 'ACTIVE',
  role,
});

const signedIn = () => storeAccessToken('token-1', Date.now() + 60_000);

function openAs(role: ProfileResponse['role'], path: string) {
  const api = mockApi({
    'GET /server-api/creator/profile': { body: profileOf(role) },
    'GET /server-api/creator/get-info': { body: creatorInfo({ status: 'ACTIVE', profile: UK_PROFILE }) },
    'GET /server-api/marketing/setup-checklist': {
      body: {
        items: SETUP_CHECKLIST_ITEMS.map((key) => ({ key, done: false, optional: key === 'payments' })),
        complete: false,
      },
    },
  });
  signedIn();
  return { api, ...renderApp(path) };
}

const navigation = () => screen.getByRole('navigation', { name: 'Console' });
const menu = () =>
  within(navigation())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the console', () => {
  // Toasts (signing out says so) live in a store of their own, which outlasts each test's render.
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('opens an Admin’s console on the setup checklist, with who is signed in and every section', async () => {
    const { router } = openAs('Admin', '/console');

    expect(
      await screen.findByRole('heading', { name: 'Set up your platform', level: 1 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/setup');
    expect(await screen.findByText('0 of 8 done')).toBeInTheDocument();
    expect(screen.getByText('admin@example.com')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(menu()).toEqual([
      'Setup',
      'Campaigns',
      'Creators',
      'Identity checks',
      'Account evidence',
      'Held earnings',
      'Reports',
      'Teams',
      'Territories',
      'Staff',
      'Lookups',
      'Legal documents',
      'Audit log',
    ]);
    expect(within(navigation()).getByRole('link', { name: 'Setup' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens an Admin’s console on the campaigns once the finished checklist was put away', async () => {
    window.localStorage.setItem('platform.setup-checklist.dismissed', 'yes');
    try {
      const { router } = openAs('Admin', '/console');
      // The campaigns' pages load here for the first time in this file.
      expect(
        await screen.findByRole('heading', { name: 'Campaigns', level: 1 }, { timeout: 8000 }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/console/campaigns');
    } finally {
      window.localStorage.removeItem('platform.setup-checklist.dismissed');
    }
  });

  it.each<[MarketingRole, string[]]>([
    ['Support', ['Campaigns', 'Creators', 'Identity checks', 'Account evidence', 'Staff']],
    ['TerritoryManager', ['Campaigns', 'Creators', 'Reports', 'Territories']],
  ])('shows a %s only their sections', async (role, sections) => {
    openAs(role, '/console/campaigns');
    await screen.findByRole('heading', { name: 'Campaigns', level: 1 });
    expect(menu()).toEqual(sections);
  });

  it('shows a StatsViewer the reports alone, and not the campaigns they may read for them', async () => {
    openAs('StatsViewer', '/console/campaigns');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(menu()).toEqual(['Reports']);
  });

  it('moves between sections by the navigation', async () => {
    const { user, router } = openAs('CampaignManager', '/console/campaigns');
    await screen.findByRole('heading', { name: 'Campaigns', level: 1 });

    await user.click(within(navigation()).getByRole('link', { name: 'Reports' }));
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/reports');
    expect(within(navigation()).getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('answers a section the role may not see as a page that does not exist, without showing it', async () => {
    openAs('StatsViewer', '/console/teams');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Teams' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the console' })).toHaveAttribute(
      'href',
      '/console/reports',
    );
  });

  it('opens the audit log for an Admin, and for no one else', async () => {
    const api = mockApi({
      'GET /server-api/creator/profile': { body: profileOf('Admin') },
      'GET /server-api/marketing/audit-log': { body: { items: [], total: 0, page: 1, pageSize: 25 } },
      'GET /server-api/marketing/audit-log/target-types': { body: { items: [] } },
    });
    signedIn();
    renderApp('/console/audit-log');
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Nothing has been recorded yet' })).toBeInTheDocument();
    expect(api.requestsTo('GET', '/server-api/marketing/audit-log')).toHaveLength(1);
  });

  it('shows a Support member who opens the audit log a missing page, and asks the server nothing for it', async () => {
    const { api } = openAs('Support', '/console/audit-log');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET', '/server-api/marketing/audit-log')).toHaveLength(0);
  });

  it('answers an unknown console path inside the console', async () => {
    openAs('Admin', '/console/no-such-section');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(navigation()).toBeInTheDocument();
  });

  it('sends a creator who opens a console page to the creator app', async () => {
    const { router } = openAs('Creator', '/console/staff');
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
  });

  it('sends visitors without a session to sign-in', async () => {
    const api = mockApi({});
    const { router } = renderApp('/console/campaigns');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('shows skeletons while the profile loads, and a retry when it cannot be read', async () => {
    const replies: (() => MockReply | Promise<MockReply>)[] = [];
    const second = deferred<MockReply>();
    replies.push(
      () => ({ status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Down') }),
      () => second.promise,
      () => ({ body: profileOf('Support') }),
    );
    mockApi({ 'GET /server-api/creator/profile': () => (replies.shift() ?? replies[0])!() });
    signedIn();
    const { user } = renderApp('/console/staff');

    expect(await screen.findByRole('status', { name: 'Loading the console' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    second.resolve({ status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Down') });
    expect(await screen.findByText('We could not load the console')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Staff', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('support@example.com')).toBeInTheDocument();
  });

  it('signs out from the header', async () => {
    const api = mockApi({
      'GET /server-api/creator/profile': { body: profileOf('Admin') },
      'POST /api/auth/sign-out': { status: 204 },
    });
    signedIn();
    const { user, router } = renderApp('/console/campaigns');
    await screen.findByRole('heading', { name: 'Campaigns', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(api.requestsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
  });

  it('can be used from the keyboard: a skip link first, then the sections', async () => {
    const { user } = openAs('Admin', '/console/campaigns');
    await screen.findByRole('heading', { name: 'Campaigns', level: 1 });

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();

    // Past the header's controls, the sections, in order.
    const campaigns = within(navigation()).getByRole('link', { name: 'Campaigns' });
    for (let step = 0; step < 5 && document.activeElement !== campaigns; step += 1) await user.tab();
    expect(campaigns).toHaveFocus();
    await user.tab();
    expect(within(navigation()).getByRole('link', { name: 'Creators' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Creators', level: 1 })).toBeInTheDocument();

    skip.focus();
    await user.keyboard('{Enter}');
    expect(document.getElementById('console-main')).toHaveFocus();
  });
});
