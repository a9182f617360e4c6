import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fieldErrorOf } from '../../test/render';
import { CheckboxField } from './CheckboxField';

describe('CheckboxField', () => {
  it('checks with the keyboard', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <CheckboxField label="I accept the Terms and Conditions" />
      </MantineProvider>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'I accept the Terms and Conditions' });
    await user.tab();
    await user.keyboard(' ');
    expect(checkbox).toBeChecked();
  });

  it('shows its error under the box with the warning icon', () => {
    render(
      <MantineProvider env="test">
        <CheckboxField label="I accept the Terms and Conditions" error="This field is required" />
      </MantineProvider>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'I accept the Terms and Conditions' });
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(fieldErrorOf(checkbox)).toHaveTextContent('This field is required');
    expect(fieldErrorOf(checkbox)?.querySelector('.tabler-icon-alert-triangle')).not.toBeNull();
  });
});
