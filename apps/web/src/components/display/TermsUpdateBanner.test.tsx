import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/api-mock';
import { renderWidget } from '../../test/render-widget';
import { TermsUpdateBanner } from './TermsUpdateBanner';

const MESSAGE =
  'We have updated our Terms and Conditions. Please review these by clicking the link below. If you have any questions please contact Support.';

describe('TermsUpdateBanner', () => {
  it('says exactly what changed, with the terms link and Okay', () => {
    renderWidget(<TermsUpdateBanner onOpenTerms={() => {}} onAccept={() => {}} />);
    const banner = screen.getByRole('region', { name: 'Terms update' });
    expect(within(banner).getByText(MESSAGE)).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Terms and Conditions.' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Okay' })).toBeInTheDocument();
  });

  it('shows a spinner on Okay while accepting, and ignores a second press', async () => {
    const acceptance = deferred<void>();
    const onAccept = vi.fn(() => acceptance.promise);
    const { user } = renderWidget(<TermsUpdateBanner onOpenTerms={() => {}} onAccept={onAccept} />);
    const okay = screen.getByRole('button', { name: 'Okay' });

    await user.click(okay);
    expect(okay).toHaveAttribute('data-loading', 'true');
    expect(okay).toBeDisabled();
    await user.click(okay);
    expect(onAccept).toHaveBeenCalledTimes(1);

    acceptance.resolve();
    await vi.waitFor(() => expect(okay).not.toHaveAttribute('data-loading'));
    expect(okay).toBeEnabled();
  });

  it('calls the terms handler from the link, by keyboard too', async () => {
    const onOpenTerms = vi.fn();
    const { user } = renderWidget(<TermsUpdateBanner onOpenTerms={onOpenTerms} onAccept={() => {}} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Terms and Conditions.' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpenTerms).toHaveBeenCalledTimes(1);
  });

  it('opens the terms in its own panel when given a loader', async () => {
    const { user } = renderWidget(
      <TermsUpdateBanner loadTerms={async () => 'Updated terms text'} onAccept={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: 'Terms and Conditions.' }));
    const panel = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(await within(panel).findByText('Updated terms text')).toBeInTheDocument();
  });
});
