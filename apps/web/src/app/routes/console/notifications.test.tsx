import {
  NOTIFICATION_EVENT_LABELS,
  notificationEventsFor,
  type Notification,
  type NotificationPreferences,
} from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, mockApi } from '../../../test/api-mock';
import { signedInAs } from '../../../test/console';
import { renderApp, screen } from '../../../test/render';
import { clearToasts, shownToasts } from '../../../test/toasts';

const FEED = '/server-api/notifications';
const UNREAD_COUNT = `${FEED}/unread-count`;
const PREFERENCES = `${FEED}/preferences`;
const CHECK_ID = '3f1c9a52-8d4e-4b7a-9c2d-000000000001';

const STAFF_EVENTS = notificationEventsFor('staff');

// Pages load their code when first shown, which can take a while on a busy machine.
const LOADED = { timeout: 5000 };

const waiting: Notification = {
  id: 'n-check',
  event: 'IDENTITY_CHECK_WAITING',
  title: 'Identity check waiting',
  body: 'Ada Lovelace sent their identity document and selfie: the check is waiting for review.',
  link: `/console/identity-checks/${CHECK_ID}`,
  campaignId: null,
  createdAt: new Date(Date.now() - 2 * 60_000).toISOString(),
  readAt: null,
};

const staffPreferences = (email = true): NotificationPreferences => ({
  audience: 'staff',
  choices: STAFF_EVENTS.map((event) => ({ event, email, push: true })),
  pushAvailable: false,
});

function feedServer() {
  let unread = 1;
  return {
    [`GET ${FEED}`]: () => ({
      body: {
        items: [unread ? waiting : { ...waiting, readAt: new Date().toISOString() }],
        nextCursor: null,
        unreadCount: unread,
      },
    }),
    [`GET ${UNREAD_COUNT}`]: () => ({ body: { unreadCount: unread } }),
    [`POST ${FEED}/${waiting.id}/read`]: () => {
      unread = 0;
      return { body: { unreadCount: 0 } };
    },
  };
}

describe('the console’s notifications', () => {
  afterEach(clearToasts);

  it('shows the unread count on the header’s bell, which leads to the staff member’s notifications', async () => {
    mockApi({
      ...signedInAs('Support'),
      ...feedServer(),
      'GET /server-api/marketing/kyc': { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    });
    const { user, router } = renderApp('/console/identity-checks');

    expect(await screen.findByRole('status', { name: '1 unread notification' }, LOADED)).toBeInTheDocument();
    const bell = screen.getByRole('link', { name: 'Notifications' });
    expect(bell).toHaveAttribute('href', '/console/notifications');
    await user.click(bell);

    expect(
      await screen.findByRole('heading', { name: 'Notifications', level: 1 }, LOADED),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getByRole('link', { name: /^Unread: Identity check waiting/ })).toHaveAttribute(
      'href',
      `/console/identity-checks/${CHECK_ID}`,
    );
    expect(router.state.location.pathname).toBe('/console/notifications');
  });

  it('opens a notification at the work it names and marks it read', async () => {
    const api = mockApi({
      ...signedInAs('Support'),
      ...feedServer(),
      [`GET /server-api/marketing/kyc/${CHECK_ID}`]: {
        status: 404,
        body: errorBody('NOT_FOUND', 'Not found'),
      },
    });
    const { user, router } = renderApp('/console/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' }, LOADED);
    await user.click(within(list).getByRole('link', { name: /Identity check waiting/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/identity-checks/${CHECK_ID}`));
    expect(api.requestsTo('POST', `${FEED}/${waiting.id}/read`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('status', { name: /unread notification/ })).toBeNull());
  });

  it('says so when there is nothing yet, in the console’s words', async () => {
    mockApi({
      ...signedInAs('CampaignManager'),
      [`GET ${FEED}`]: { body: { items: [], nextCursor: null, unreadCount: 0 } },
      [`GET ${UNREAD_COUNT}`]: { body: { unreadCount: 0 } },
    });
    renderApp('/console/notifications');
    expect(await screen.findByText('No notifications yet', {}, LOADED)).toBeInTheDocument();
    expect(
      screen.getByText(/When a campaign, an identity check or entries wait for you/),
    ).toBeInTheDocument();
  });
});

describe('the console’s notification settings', () => {
  afterEach(clearToasts);

  it('lists every kind staff hear of with an email switch, and no push', async () => {
    mockApi({ ...signedInAs('CampaignManager'), [`GET ${PREFERENCES}`]: { body: staffPreferences() } });
    renderApp('/console/notifications/settings');

    expect(await screen.findByRole('heading', { name: 'Notification settings' }, LOADED)).toBeInTheDocument();
    const emails = await screen.findAllByRole('switch', { name: /^Email: / }, LOADED);
    expect(emails.map((email) => email.getAttribute('aria-label'))).toEqual(
      STAFF_EVENTS.map((event) => `Email: ${NOTIFICATION_EVENT_LABELS[event]}`),
    );
    expect(screen.queryAllByRole('switch', { name: /^Push: / })).toEqual([]);
    expect(screen.queryByText(/Push notifications are not set up/)).not.toBeInTheDocument();
    expect(screen.getByText(/Every notification shows in the console/)).toBeInTheDocument();
  });

  it('saves the email choice of each staff kind', async () => {
    const api = mockApi({
      ...signedInAs('CampaignManager'),
      [`GET ${PREFERENCES}`]: { body: staffPreferences() },
      [`PUT ${PREFERENCES}`]: ({ body }) => ({
        body: { ...(body as object), audience: 'staff', pushAvailable: false },
      }),
    });
    const { user } = renderApp('/console/notifications/settings');
    const digest = await screen.findByRole(
      'switch',
      { name: `Email: ${NOTIFICATION_EVENT_LABELS.ENTRIES_WAITING}` },
      LOADED,
    );
    await user.click(digest);
    await user.click(screen.getByRole('button', { name: 'Save my choices' }));

    expect(await shownToasts()).toEqual(['Your notification choices are saved.']);
    expect(api.requestsTo('PUT', PREFERENCES)[0]?.body).toEqual({
      choices: STAFF_EVENTS.map((event) => ({ event, email: event !== 'ENTRIES_WAITING', push: true })),
    });
    expect(digest).not.toBeChecked();
  });

  it('keeps the switches as they were and says why when saving fails', async () => {
    mockApi({
      ...signedInAs('Support'),
      [`GET ${PREFERENCES}`]: { body: staffPreferences() },
      [`PUT ${PREFERENCES}`]: {
        status: 400,
        body: errorBody('VALIDATION_FAILED', 'Invalid', [
          { field: 'choices.0.event', message: 'Unknown notification' },
        ]),
      },
    });
    const { user } = renderApp('/console/notifications/settings');
    await user.click(
      await screen.findByRole(
        'switch',
        { name: `Email: ${NOTIFICATION_EVENT_LABELS.CAMPAIGN_SUBMITTED}` },
        LOADED,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save my choices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not save your choices');
    expect(await shownToasts()).toEqual([]);
  });
});
