import {
  notificationEventsFor,
  type Notification,
  type NotificationFeed,
  type NotificationPreferences,
} from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, errorBody, queriesTo, type MockReply } from '../../test/api-mock';
import { openAsCreator, PAGE_TEST } from '../../test/creator-app';
import { creatorInfo } from '../../test/creator-info';
import { screen } from '../../test/render';
import { clearToasts, shownToasts } from '../../test/toasts';

const FEED = '/server-api/notifications';
const UNREAD_COUNT = `${FEED}/unread-count`;
const READ_ALL = `${FEED}/read-all`;
const PREFERENCES = `${FEED}/preferences`;
const readPath = (id: string) => `${FEED}/${id}/read`;

const active = creatorInfo({ status: 'ACTIVE' });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function notification(overrides: Partial<Notification> & Pick<Notification, 'id'>): Notification {
  return {
    event: 'POST_APPROVED',
    title: 'Post approved',
    body: 'Your post for Summer Sound is approved.',
    link: null,
    campaignId: null,
    createdAt: minutesAgo(5),
    readAt: null,
    ...overrides,
  };
}

const approved = notification({ id: 'n-approved', link: '/campaigns' });
const archived = notification({
  id: 'n-archived',
  event: 'POST_ARCHIVED',
  title: 'Post archived',
  body: 'Your post for Summer Sound has been archived.',
  createdAt: minutesAgo(180),
});
const paid = notification({
  id: 'n-paid',
  event: 'PAYMENT_APPROVED',
  title: 'Payment approved',
  body: 'Your £250.00 payment for Summer Sound is approved.',
  createdAt: '2024-05-20T09:30:00.000Z',
  readAt: '2024-05-21T09:30:00.000Z',
});

const feedOf = (items: Notification[], nextCursor: string | null = null): NotificationFeed => ({
  items,
  nextCursor,
  unreadCount: items.filter((item) => item.readAt === null).length,
});

/** The notifications routes over one list the test can see change: marking read lowers the count. */
function notificationServer(items: Notification[]) {
  const unread = new Set(items.filter((item) => item.readAt === null).map((item) => item.id));
  const current = () =>
    items.map((item) => (unread.has(item.id) ? item : { ...item, readAt: item.readAt ?? minutesAgo(0) }));
  return {
    [`GET ${FEED}`]: () => ({ body: { ...feedOf(current()), unreadCount: unread.size } }),
    [`GET ${UNREAD_COUNT}`]: () => ({ body: { unreadCount: unread.size } }),
    ...Object.fromEntries(
      items.map((item) => [
        `POST ${readPath(item.id)}`,
        () => {
          unread.delete(item.id);
          return { body: { unreadCount: unread.size } };
        },
      ]),
    ),
    [`POST ${READ_ALL}`]: () => {
      unread.clear();
      return { body: { unreadCount: 0 } };
    },
  };
}

const feedList = () => screen.findByRole('list', { name: 'Notifications' });

describe('creator notifications', PAGE_TEST, () => {
  it('lists the notifications newest first, the unread ones marked, with when each came', async () => {
    openAsCreator('/notifications', active, notificationServer([approved, archived, paid]));

    const items = within(await feedList()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: /^Unread: Post approved/ })).toHaveAttribute(
      'href',
      '/campaigns',
    );
    expect(within(first).getByText('Your post for Summer Sound is approved.')).toBeInTheDocument();
    expect(within(first).getByText('5 minutes ago')).toHaveAttribute('datetime', approved.createdAt);
    expect(within(second).getByRole('button', { name: /^Unread: Post archived/ })).toBeInTheDocument();
    expect(within(second).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(third).queryByText(/Unread/)).not.toBeInTheDocument();
    expect(within(third).queryByRole('button')).not.toBeInTheDocument();
    expect(within(third).getByText('20 May, 2024 @ 9:30 AM GMT')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '2 unread' })).toBeInTheDocument();
  });

  it('opens a notification: marks it read, goes to its page, and the bell there counts one fewer', async () => {
    const { api, user, router } = openAsCreator('/notifications', active, {
      ...notificationServer([approved, archived]),
      'GET /server-api/campaigns': { body: [] },
    });
    await user.click(within(await feedList()).getByRole('link', { name: /Post approved/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns'));
    expect(api.requestsTo('POST', readPath(approved.id))).toHaveLength(1);
    expect(await screen.findByRole('status', { name: '1 unread notification' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
  });

  it('marks one without a page read with Enter, and the count goes down', async () => {
    const { api, user } = openAsCreator('/notifications', active, notificationServer([approved, archived]));
    const item = within(await feedList()).getByRole('button', { name: /Post archived/ });
    expect(screen.getByRole('status', { name: '2 unread' })).toBeInTheDocument();

    item.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('status', { name: '1 unread' })).toBeInTheDocument();
    expect(api.requestsTo('POST', readPath(archived.id))).toHaveLength(1);
    const list = await feedList();
    expect(within(list).queryByRole('button', { name: /Post archived/ })).not.toBeInTheDocument();
    expect(within(list).getByText('Post archived')).toBeInTheDocument();
  });

  it('puts a notification back as unread when marking it fails', async () => {
    const { user } = openAsCreator('/notifications', active, {
      ...notificationServer([archived]),
      [`POST ${readPath(archived.id)}`]: {
        status: 503,
        body: errorBody('SERVICE_UNAVAILABLE', 'Try again later'),
      },
    });
    await user.click(within(await feedList()).getByRole('button', { name: /Post archived/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not mark that notification as read. Try again.',
    );
    expect(screen.getByRole('button', { name: /^Unread: Post archived/ })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '1 unread' })).toBeInTheDocument();
  });

  it('marks all as read at once', async () => {
    const { api, user } = openAsCreator('/notifications', active, notificationServer([approved, archived]));
    await feedList();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(screen.queryByRole('status', { name: /unread/ })).not.toBeInTheDocument());
    expect(api.requestsTo('POST', READ_ALL)).toHaveLength(1);
    expect(within(await feedList()).queryByText(/Unread/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('loads older notifications with the cursor, until there are no more', async () => {
    const older = notification({ id: 'n-older', title: 'Video received', createdAt: minutesAgo(600) });
    const pages = [feedOf([approved, archived], 'cursor-2'), feedOf([older])];
    const { api, user } = openAsCreator('/notifications', active, {
      [`GET ${FEED}`]: () => ({ body: pages.shift() }),
      [`GET ${UNREAD_COUNT}`]: { body: { unreadCount: 3 } },
    });
    expect(within(await feedList()).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await within(await feedList()).findByText('Video received')).toBeInTheDocument();
    expect(within(await feedList()).getAllByRole('listitem')).toHaveLength(3);
    expect(queriesTo(api, FEED).map(String)).toEqual(['', 'before=cursor-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('offers another try when older notifications fail to load', async () => {
    const answers: MockReply[] = [
      { body: feedOf([approved], 'cursor-2') },
      { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try again later') },
      { body: feedOf([archived]) },
    ];
    const { user } = openAsCreator('/notifications', active, {
      [`GET ${FEED}`]: () => answers.shift() ?? { body: feedOf([]) },
      [`GET ${UNREAD_COUNT}`]: { body: { unreadCount: 2 } },
    });
    await feedList();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('We could not load more notifications')).toBeInTheDocument();
    expect(within(await feedList()).getByText('Post approved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await within(await feedList()).findByText('Post archived')).toBeInTheDocument();
    expect(screen.queryByText('We could not load more notifications')).not.toBeInTheDocument();
  });

  it('says what will show up when there is nothing yet', async () => {
    openAsCreator('/notifications', active, notificationServer([]));

    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByText(/you will hear about it here/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('shows the feed loading, then a failure with a retry that asks again', async () => {
    const first = deferred<MockReply>();
    const answers: (MockReply | Promise<MockReply>)[] = [first.promise, { body: feedOf([approved]) }];
    const { api, user } = openAsCreator('/notifications', active, {
      [`GET ${FEED}`]: () => answers.shift() ?? { body: feedOf([]) },
      [`GET ${UNREAD_COUNT}`]: { body: { unreadCount: 1 } },
    });
    expect(await screen.findByRole('status', { name: 'Loading notifications' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    first.resolve({ status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try again later') });

    expect(await screen.findByText('We could not load your notifications')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(within(await feedList()).getByText('Post approved')).toBeInTheDocument();
    expect(api.requestsTo('GET', FEED)).toHaveLength(2);
  });

  it('answers an unknown part of the notifications with not found', async () => {
    openAsCreator('/notifications/elsewhere', active);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

const CREATOR_EVENTS = notificationEventsFor('creator');

const choicesOf = (push = true): NotificationPreferences['choices'] =>
  CREATOR_EVENTS.map((event) => ({ event, email: true, push }));

describe('notification settings', PAGE_TEST, () => {
  afterEach(clearToasts);

  it('is one step from the feed', async () => {
    const { user, router } = openAsCreator('/notifications', active, {
      ...notificationServer([]),
      [`GET ${PREFERENCES}`]: { body: { audience: 'creator', choices: choicesOf(), pushAvailable: true } },
    });
    await user.click(await screen.findByRole('link', { name: 'Settings' }));

    expect(await screen.findByRole('heading', { name: 'Notification settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications/settings');
  });

  it('saves the email and push choice of each event', async () => {
    const { api, user } = openAsCreator('/notifications/settings', active, {
      [`GET ${PREFERENCES}`]: { body: { audience: 'creator', choices: choicesOf(), pushAvailable: true } },
      [`PUT ${PREFERENCES}`]: ({ body }) => ({
        body: { ...(body as object), audience: 'creator', pushAvailable: true },
      }),
    });
    const email = await screen.findByRole('switch', { name: 'Email: A post of yours is approved' });
    const push = screen.getByRole('switch', { name: 'Push: A payment to you is rejected' });
    expect(email).toBeChecked();
    expect(push).toBeEnabled();

    await user.click(email);
    await user.click(push);
    await user.click(screen.getByRole('button', { name: 'Save my choices' }));

    expect(await shownToasts()).toEqual(['Your notification choices are saved.']);
    const [saved] = api.requestsTo('PUT', PREFERENCES);
    expect(saved?.body).toEqual({
      choices: CREATOR_EVENTS.map((event) => ({
        event,
        email: event !== 'POST_APPROVED',
        push: event !== 'PAYMENT_REJECTED',
      })),
    });
    expect(email).not.toBeChecked();
    expect(push).not.toBeChecked();
  });

  it('keeps the push switches off limits, and says why, when this platform sends no pushes', async () => {
    openAsCreator('/notifications/settings', active, {
      [`GET ${PREFERENCES}`]: {
        body: { audience: 'creator', choices: choicesOf(false), pushAvailable: false },
      },
    });
    const note = await screen.findByText(/Push notifications are not set up on this platform/);

    const pushSwitches = screen.getAllByRole('switch', { name: /^Push: / });
    expect(pushSwitches).toHaveLength(CREATOR_EVENTS.length);
    for (const push of pushSwitches) {
      expect(push).toBeDisabled();
      expect(push).toHaveAccessibleDescription(note.textContent ?? '');
    }
    for (const email of screen.getAllByRole('switch', { name: /^Email: / })) expect(email).toBeEnabled();
  });

  it('says so under the choices when saving fails', async () => {
    const { user } = openAsCreator('/notifications/settings', active, {
      [`GET ${PREFERENCES}`]: { body: { audience: 'creator', choices: choicesOf(), pushAvailable: true } },
      [`PUT ${PREFERENCES}`]: { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try again later') },
    });
    await user.click(await screen.findByRole('switch', { name: 'Email: A video you uploaded is in' }));
    await user.click(screen.getByRole('button', { name: 'Save my choices' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not save your choices');
    expect(alert).toHaveTextContent('An unknown error occurred.');
    expect(await shownToasts()).toEqual([]);
    expect(screen.getByRole('switch', { name: 'Email: A video you uploaded is in' })).not.toBeChecked();
  });
});
