import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showSuccessToast, SUCCESS_TOAST_AUTO_CLOSE_MS } from './toasts';

describe('showSuccessToast', () => {
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('shows a green toast with a check icon, its title and message, and closes it by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { container } = render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );

    act(() => showSuccessToast('Your entry has been submitted.', 'Entry submitted'));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Entry submitted');
    expect(toast).toHaveTextContent('Your entry has been submitted.');
    expect(toast.querySelector('.tabler-icon-check')).not.toBeNull();
    expect(toast.getAttribute('style')).toContain('green');
    expect(container.ownerDocument.querySelector('[data-toast="success"]')).not.toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_TOAST_AUTO_CLOSE_MS + 1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a toast said twice once, while toasts with other words still stack', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );

    act(() => showSuccessToast('Open the link we emailed you.', 'Email sent'));
    act(() => showSuccessToast('Open the link we emailed you.', 'Email sent'));
    act(() => showSuccessToast('You have signed out.'));

    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByText('Open the link we emailed you.')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_TOAST_AUTO_CLOSE_MS + 1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => showSuccessToast('Open the link we emailed you.', 'Email sent'));
    expect(await screen.findByText('Open the link we emailed you.')).toBeInTheDocument();
  });
});
