import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fieldErrorOf } from '../../test/render';
import { renderWidget } from '../../test/render-widget';
import { Toggle } from './Toggle';

describe('Toggle', () => {
  it('switches with the keyboard', async () => {
    const onChange = vi.fn();
    const { user } = renderWidget(<Toggle label="Email notifications" onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Email notifications' });

    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('shows its error with the warning icon', () => {
    renderWidget(<Toggle label="Accept terms" error="This field is required" />);
    const toggle = screen.getByRole('switch', { name: 'Accept terms' });
    expect(toggle).toHaveAttribute('aria-invalid', 'true');
    expect(fieldErrorOf(toggle)).toHaveTextContent('This field is required');
  });

  it('is blocked while it saves or is disabled', () => {
    renderWidget(
      <>
        <Toggle label="Saving" loading />
        <Toggle label="Locked" disabled />
      </>,
    );
    expect(screen.getByRole('switch', { name: 'Saving' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Saving' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('switch', { name: 'Locked' })).toBeDisabled();
  });
});
