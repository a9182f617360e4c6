import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { errorBody, mockApi } from '../../../test/api-mock';
import { renderWidget } from '../../../test/render-widget';
import { NotificationBell } from './NotificationBell';

const UNREAD_COUNT = '/server-api/notifications/unread-count';

function renderBell(unreadCount: number) {
  const api = mockApi({ [`GET ${UNREAD_COUNT}`]: { body: { unreadCount } } });
  storeAccessToken('token-1', Date.now() + 60_000);
  return { ...renderWidget(<NotificationBell />), api };
}

describe('NotificationBell', () => {
  it('leads to the notifications with how many are unread', async () => {
    renderBell(7);

    expect(await screen.findByRole('status', { name: '7 unread notifications' })).toHaveTextContent('7');
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
  });

  it('caps the count at 99+', async () => {
    renderBell(120);

    const count = await screen.findByRole('status', { name: '99+ unread notifications' });
    expect(count).toHaveTextContent('99+');
    expect(screen.queryByText('120')).not.toBeInTheDocument();
  });

  it('shows no count when nothing is unread', async () => {
    const { api } = renderBell(0);

    await waitFor(() => expect(api.requestsTo('GET', UNREAD_COUNT)).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('still leads to the notifications when the count cannot be read', async () => {
    const api = mockApi({
      [`GET ${UNREAD_COUNT}`]: { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try again later') },
    });
    storeAccessToken('token-1', Date.now() + 60_000);
    renderWidget(<NotificationBell />);

    await waitFor(() => expect(api.requestsTo('GET', UNREAD_COUNT)).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('is reached with the keyboard and opens with Enter', async () => {
    const { user, router } = renderBell(3);
    await screen.findByRole('status', { name: '3 unread notifications' });

    await user.tab();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/notifications');
  });
});
