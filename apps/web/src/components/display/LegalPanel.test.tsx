import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/api-mock';
import { LegalFooter } from './LegalFooter';
import { LegalPanel } from './LegalPanel';
import { renderWidget } from '../../test/render-widget';

const TERMS_HTML =
  'Read these terms.<br><a href="https://example.com/help" target="_blank">Help</a><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">';

describe('LegalPanel', () => {
  it('shows a spinner while loading, then the sanitised document', async () => {
    const documentText = deferred<string>();
    renderWidget(<LegalPanel type="TERMS" opened onClose={() => {}} load={() => documentText.promise} />);
    const panel = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading Terms and Conditions…');

    documentText.resolve(TERMS_HTML);
    expect(await within(panel).findByText('Read these terms.')).toBeInTheDocument();
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
    const link = within(panel).getByRole('link', { name: 'Help' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(panel.querySelector('script')).toBeNull();
    expect(panel.querySelector('img')).toBeNull();
    expect(panel.innerHTML).not.toContain('window.hacked');
  });

  it('closes with its Close button', async () => {
    const onClose = vi.fn();
    const { user } = renderWidget(
      <LegalPanel type="PRIVACY" opened onClose={onClose} load={async () => 'Privacy text'} />,
    );
    const panel = screen.getByRole('dialog', { name: 'Privacy Policy' });
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers another try when the document cannot be loaded', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('Privacy text');
    const { user } = renderWidget(<LegalPanel type="PRIVACY" opened onClose={() => {}} load={load} />);
    const panel = screen.getByRole('dialog', { name: 'Privacy Policy' });

    expect(await within(panel).findByRole('alert')).toHaveTextContent('could not be loaded');
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Privacy text')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads nothing until it is opened', () => {
    const load = vi.fn(async () => 'Terms text');
    renderWidget(<LegalPanel type="TERMS" opened={false} onClose={() => {}} load={load} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('LegalFooter', () => {
  it('opens the terms and the privacy policy from its buttons', async () => {
    const loadDocument = vi.fn(async (type: 'TERMS' | 'PRIVACY') => `${type} document`);
    const { user } = renderWidget(<LegalFooter loadDocument={loadDocument} />);

    await user.click(screen.getByRole('button', { name: 'Terms' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(await within(terms).findByText('TERMS document')).toBeInTheDocument();
    await user.click(within(terms).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Privacy' }));
    const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    expect(await within(privacy).findByText('PRIVACY document')).toBeInTheDocument();
    expect(loadDocument).toHaveBeenCalledWith('PRIVACY');
  });
});
