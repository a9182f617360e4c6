import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BackButton } from './BackButton';
import { renderWidget } from '../../test/render-widget';

describe('BackButton', () => {
  it('calls the custom handler instead of going back', async () => {
    const onBack = vi.fn();
    const { user, router } = renderWidget(<BackButton onBack={onBack} />, {
      history: ['/campaigns'],
      path: '/campaigns/7',
    });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/campaigns/7');
  });

  it('goes back to the previous page, by keyboard too', async () => {
    const { user, router } = renderWidget(<BackButton />, { history: ['/campaigns'], path: '/campaigns/7' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/campaigns'));
  });

  it('goes to the fallback page when the app was opened on this page', async () => {
    const { user, router } = renderWidget(<BackButton fallbackPath="/campaigns" />, { path: '/campaigns/7' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/campaigns'));
  });
});
