import { screen } from '@testing-library/react';
import { AUTH_MESSAGES } from '@platform/shared';
import type { FieldValues } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { renderWidget } from '../../test/render-widget';
import { FormFailure, formFailureMessage } from './FormFailure';
import type { ServerErrorTarget } from './use-zod-form';

const refusal = (details: { field: string; message: string }[], status = 400) =>
  new ApiError({ status, code: 'VALIDATION_FAILED', message: 'The request is invalid.', details });

/** The two calls placing errors needs from a form: its values (which fields it has), and setError. */
function fakeForm<Values extends FieldValues>(values: Values) {
  const setError = vi.fn();
  const getValues = (() => values) as ServerErrorTarget<Values>['getValues'];
  return { getValues, setError } satisfies ServerErrorTarget<Values>;
}

describe('FormFailure', () => {
  it('shows the message as an alert', () => {
    renderWidget(<FormFailure message="This name is taken." />);
    expect(screen.getByRole('alert')).toHaveTextContent('This name is taken.');
  });

  it('shows nothing without a message', () => {
    renderWidget(<FormFailure message={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('formFailureMessage', () => {
  it('puts what a field shows under it, and leaves no message when every error found its field', () => {
    const form = fakeForm({ name: '' });
    expect(formFailureMessage(form, refusal([{ field: 'name', message: 'Too long.' }]))).toBeNull();
    expect(form.setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: 'Too long.' },
      { shouldFocus: true },
    );
  });

  it('joins the messages no field shows, under the names the form gives its fields', () => {
    const form = fakeForm({ name: '', managers: [] });
    const error = refusal([
      { field: 'accountIds', message: 'One manager left.' },
      { field: 'countries', message: 'Pick a country.' },
      { field: 'links', message: 'Add the links.' },
    ]);
    expect(
      formFailureMessage(form, error, {
        shownFields: ['name', 'managers'],
        fieldAliases: { accountIds: 'managers' },
      }),
    ).toBe('Pick a country.\nAdd the links.');
    expect(form.setError).toHaveBeenCalledTimes(1);
  });

  it('tells the refusal itself when it names no field', () => {
    const form = fakeForm({ name: '' });
    expect(formFailureMessage(form, new ApiError({ status: 409, code: 'CONFLICT', message: 'Taken.' }))).toBe(
      'Taken.',
    );
    expect(formFailureMessage(form, new Error('network'))).toBe(AUTH_MESSAGES.unknownError);
  });
});
