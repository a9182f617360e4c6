import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroupField } from './RadioGroupField';
import { renderWidget } from '../../test/render-widget';

const PLATFORMS = [
  { value: 'TIKTOK', label: 'TikTok' },
  { value: 'INSTAGRAM', label: 'Instagram' },
  { value: 'YOUTUBE', label: 'YouTube', disabled: true },
];

describe('RadioGroupField', () => {
  it('picks an option with the arrow keys', async () => {
    const onChange = vi.fn();
    const { user } = renderWidget(
      <RadioGroupField label="Platform" options={PLATFORMS} value="TIKTOK" onChange={onChange} />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Platform' })).toBeInTheDocument();

    await user.tab();
    expect(screen.getByRole('radio', { name: 'TikTok' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('INSTAGRAM');
    expect(screen.getByRole('radio', { name: 'YouTube' })).toBeDisabled();
  });

  it('shows its error with the warning icon', () => {
    renderWidget(
      <RadioGroupField
        label="Platform"
        options={PLATFORMS}
        value={null}
        onChange={() => {}}
        error="This field is required"
      />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Platform' })).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(screen.getByRole('radio', { name: 'TikTok' })).toHaveAttribute('aria-invalid', 'true');
  });
});
