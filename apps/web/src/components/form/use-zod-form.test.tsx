import { MantineProvider } from '@mantine/core';
import { EMAIL_MESSAGES, emailSchema, REQUIRED_MESSAGE } from '@platform/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { fieldErrorOf } from '../../test/render';
import { CheckboxField } from './CheckboxField';
import { PasswordField } from './PasswordField';
import { EmailField } from './TextField';
import { useZodForm } from './use-zod-form';

const required = () => z.string().check(z.minLength(1, { error: REQUIRED_MESSAGE }));
const schema = z.object({ email: emailSchema(), password: required(), terms: required() });

function AccountForm({ onValid }: { onValid: () => void }) {
  const form = useZodForm(schema, { defaultValues: { email: '', password: '', terms: '' } });
  const { errors } = form.formState;
  return (
    <form onSubmit={(event) => void form.handleSubmit(onValid)(event)} noValidate>
      <EmailField {...form.register('email')} error={errors.email?.message} />
      <PasswordField label="Password" {...form.register('password')} error={errors.password?.message} />
      <Controller
        control={form.control}
        name="terms"
        render={({ field, fieldState }) => (
          <CheckboxField
            label="I accept"
            name={field.name}
            ref={field.ref}
            checked={field.value === 'yes'}
            onChange={(event) => field.onChange(event.currentTarget.checked ? 'yes' : '')}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm() {
  const onValid = vi.fn();
  render(
    <MantineProvider env="test">
      <AccountForm onValid={onValid} />
    </MantineProvider>,
  );
  return {
    user: userEvent.setup(),
    onValid,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    terms: screen.getByRole('checkbox', { name: 'I accept' }),
  };
}

function expectFieldError(field: HTMLElement, message: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(fieldErrorOf(field)).toHaveTextContent(message);
  expect(fieldErrorOf(field)?.querySelector('.tabler-icon-alert-triangle')).not.toBeNull();
}

function expectNoFieldError(field: HTMLElement) {
  expect(field).not.toHaveAttribute('aria-invalid');
  expect(fieldErrorOf(field)).toBeNull();
}

describe('useZodForm', () => {
  it('says nothing about empty fields that are only tabbed through', async () => {
    const { user, email, password, terms } = renderForm();
    await user.tab();
    expect(email).toHaveFocus();
    while (document.activeElement !== screen.getByRole('button', { name: 'Save' })) await user.tab();
    await user.tab({ shift: true });
    await user.tab({ shift: true });

    for (const field of [email, password, terms]) expectNoFieldError(field);
  });

  it('checks a field once something was typed in it and it was left, then again while it is corrected', async () => {
    const { user, email, password } = renderForm();
    await user.click(email);
    await user.tab();
    await user.click(email);
    await user.type(email, 'maria@example');
    expectNoFieldError(email);

    await user.tab();
    expectFieldError(email, EMAIL_MESSAGES.invalid);
    expectNoFieldError(password);

    await user.type(email, '.com');
    expectNoFieldError(email);
  });

  it('asks again for a field that was typed in and emptied', async () => {
    const { user, email } = renderForm();
    await user.type(email, 'm');
    await user.clear(email);
    await user.tab();
    expectFieldError(email, REQUIRED_MESSAGE);
  });

  it('checks every field on submit, and sends nothing while one is wrong', async () => {
    const { user, onValid, email, password, terms } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expectFieldError(email, REQUIRED_MESSAGE);
    expectFieldError(password, REQUIRED_MESSAGE);
    expectFieldError(terms, REQUIRED_MESSAGE);
    // The search for the first field in error is loaded on the first refused submit, so it may land a moment later.
    await waitFor(() => expect(email).toHaveFocus());
    expect(onValid).not.toHaveBeenCalled();
  });

  it('checks a box that was ticked and unticked when it is left', async () => {
    const { user, terms } = renderForm();
    await user.click(terms);
    await user.click(terms);
    await user.tab();
    expectFieldError(terms, REQUIRED_MESSAGE);
  });
});

const choiceSchema = z.object({ colour: required(), name: required() });

/** A widget whose ref takes no focus (as a custom picker's), above a plain field. */
function ChoiceForm({ onValid }: { onValid: () => void }) {
  const form = useZodForm(choiceSchema, { defaultValues: { colour: '', name: '' } });
  const { errors } = form.formState;
  return (
    <form onSubmit={(event) => void form.handleSubmit(onValid)(event)} noValidate>
      <Controller
        control={form.control}
        name="colour"
        render={({ field, fieldState }) => (
          <div role="radiogroup" aria-label="Colour" aria-invalid={fieldState.invalid || undefined}>
            {['Red', 'Blue'].map((colour) => (
              <label key={colour}>
                <input
                  type="radio"
                  name={field.name}
                  checked={field.value === colour}
                  onChange={() => field.onChange(colour)}
                />
                {colour}
              </label>
            ))}
          </div>
        )}
      />
      <input aria-label="Name" {...form.register('name')} aria-invalid={errors.name ? true : undefined} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('an empty submit', () => {
  it('focuses the first field in error as the page shows it, a whole account form', async () => {
    const { user, email, onValid } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(email).toHaveFocus());
    expect(onValid).not.toHaveBeenCalled();
  });

  it('focuses a group in error through its first control, even when its widget’s ref takes no focus', async () => {
    const onValid = vi.fn();
    render(
      <MantineProvider env="test">
        <ChoiceForm onValid={onValid} />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: 'Red' })).toHaveFocus());

    await user.click(screen.getByRole('radio', { name: 'Blue' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
    expect(onValid).not.toHaveBeenCalled();
  });
});
