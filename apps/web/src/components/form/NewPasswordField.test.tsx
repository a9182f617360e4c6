import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fieldErrorOf } from '../../test/render';
import { NewPasswordField } from './NewPasswordField';

const RULES = [
  '8 to 255 characters',
  'At least 5 unique characters',
  '1 upper case letter',
  '1 lower case letter',
  '1 number',
  '1 special character',
];

function renderField(error?: string) {
  render(
    <MantineProvider env="test">
      <NewPasswordField label="Password" error={error} />
    </MantineProvider>,
  );
  const input = screen.getByLabelText('Password');
  const rulesId = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((id) => id.endsWith('-description'));
  const rules = document.getElementById(rulesId ?? '');
  if (!rules) throw new Error('the rules are not tied to the password input');
  return { user: userEvent.setup(), input, rules };
}

const ruleItem = (rules: HTMLElement, rule: string) =>
  within(rules)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(rule))!;

const metRules = (rules: HTMLElement) =>
  within(rules)
    .getAllByRole('listitem')
    .filter((item) => item.textContent?.endsWith(': met'))
    .map((item) => item.textContent?.replace(': met', ''));

describe('NewPasswordField', () => {
  it('lists the rules before anything is typed, as the description of the input', () => {
    const { input, rules } = renderField();
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RULES.map((rule) => `${rule}: not met yet`));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('1 upper case letter: not met yet'));
    expect(within(rules).queryByText(/Strength/)).not.toBeInTheDocument();
  });

  it('ticks each rule off as it is met while typing, with a mark and words as well as a colour', async () => {
    const { user, input, rules } = renderField();

    await user.type(input, 'a');
    expect(metRules(rules)).toEqual(['1 lower case letter']);
    expect(ruleItem(rules, '1 lower case letter')).toHaveAttribute('data-met');
    expect(ruleItem(rules, '1 number')).not.toHaveAttribute('data-met');

    await user.type(input, 'B3!');
    expect(metRules(rules)).toEqual([
      '1 upper case letter',
      '1 lower case letter',
      '1 number',
      '1 special character',
    ]);

    await user.type(input, 'cdef');
    expect(metRules(rules)).toEqual(RULES);
    expect(input).toHaveAccessibleDescription(expect.stringContaining('8 to 255 characters: met'));

    await user.clear(input);
    expect(metRules(rules)).toEqual([]);
  });

  it('hints at the strength as the password grows', async () => {
    const { user, input, rules } = renderField();
    const strength = () => within(rules).getByText(/Strength/).textContent;

    await user.type(input, 'Tr4v');
    expect(strength()).toBe('Strength: Weak');
    await user.type(input, 'el!Ni');
    expect(strength()).toBe('Strength: Fair');
    await user.type(input, 's-82');
    expect(strength()).toBe('Strength: Strong');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Strength: Strong'));
  });

  it('keeps its error right under the input, before the rules', () => {
    const { input, rules } = renderField('Password must be at least 8 characters long');
    const error = fieldErrorOf(input);
    expect(error).toHaveTextContent('Password must be at least 8 characters long');
    expect(error?.querySelector('.tabler-icon-alert-triangle')).not.toBeNull();
    expect(error!.compareDocumentPosition(rules) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(input).toHaveAccessibleDescription(
      expect.stringMatching(/^Password must be at least 8 characters long.*Your password needs/),
    );
  });
});
