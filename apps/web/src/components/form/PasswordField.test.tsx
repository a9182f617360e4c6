import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './PasswordField';

function renderField() {
  render(
    <MantineProvider env="test">
      <PasswordField
        label="Password"
        defaultValue="S3cret!pass"
        error="Password cannot exceed 255 characters"
      />
    </MantineProvider>,
  );
  return {
    input: screen.getByLabelText('Password'),
    toggle: screen.getByRole('button', { name: 'Toggle password visibility' }),
  };
}

describe('PasswordField', () => {
  it('reveals and hides the password with the toggle', async () => {
    const user = userEvent.setup();
    const { input, toggle } = renderField();
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
  });

  it('lets a keyboard user reach the toggle and reveal the password', async () => {
    const user = userEvent.setup();
    const { input, toggle } = renderField();

    await user.tab();
    expect(input).toHaveFocus();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'text');
  });

  it('shows its error under the field with the warning icon', () => {
    const { input } = renderField();
    expect(input).toHaveAccessibleDescription('Password cannot exceed 255 characters');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(document.querySelector('.tabler-icon-alert-triangle')).not.toBeNull();
  });
});
