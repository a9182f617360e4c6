import { AUTH_MESSAGES, CURRENT_TERMS_VERSION, PASSWORD_MESSAGES, REQUIRED_MESSAGE } from '@platform/shared';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, errorBody, mockApi, type MockReply } from '../../test/api-mock';
import { fieldErrorOf, renderApp, screen } from '../../test/render';

async function openSignUp() {
  const view = renderApp('/sign-up');
  await screen.findByRole('heading', { name: 'Create your account' });
  return {
    ...view,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    terms: screen.getByLabelText('I accept the Terms and Conditions'),
    submit: screen.getByRole('button', { name: 'Sign up' }),
  };
}

function expectFieldError(field: HTMLElement, message: string) {
  const error = fieldErrorOf(field);
  expect(error).not.toBeNull();
  expect(error).toHaveTextContent(message);
  expect(error?.querySelector('.tabler-icon-alert-triangle')).not.toBeNull();
}

describe('sign-up page', () => {
  it.each([
    ['Ab1!', PASSWORD_MESSAGES.tooShort],
    ['alllowercase', PASSWORD_MESSAGES.tooWeak],
    [`Aa1!${'x'.repeat(252)}`, PASSWORD_MESSAGES.tooLong],
  ])('shows the password rule for %j inline with the warning icon', async (value, message) => {
    const { user, password } = await openSignUp();
    await user.click(password);
    await user.paste(value);
    await user.tab();
    expectFieldError(password, message);
  });

  it('does not send the form until the terms are accepted', async () => {
    const api = mockApi({});
    const { user, email, password, terms, submit } = await openSignUp();
    await user.type(email, 'creator@example.com');
    await user.type(password, 'Str0ng!Pass');
    await user.click(submit);

    expectFieldError(terms, REQUIRED_MESSAGE);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('signs up with the current terms version and leads to the check-your-email page', async () => {
    const reply = deferred<MockReply>();
    const api = mockApi({ 'POST /api/auth/sign-up': () => reply.promise });
    const { user, email, password, terms, submit } = await openSignUp();
    await user.type(email, 'creator@example.com');
    await user.type(password, 'Str0ng!Pass');
    await user.click(terms);
    await user.click(submit);

    expect(submit).toHaveAttribute('data-loading');
    expect(api.requests[0]).toMatchObject({
      contentType: 'form',
      body: {
        username: 'creator@example.com',
        password: 'Str0ng!Pass',
        deviceToken: '',
        tncVersion: CURRENT_TERMS_VERSION,
      },
    });
    expect(api.requests[0]?.headers.has('Authorization')).toBe(false);

    reply.resolve({ body: { message: AUTH_MESSAGES.checkYourEmail, code: 'IG02S64MRC' } });
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('creator@example.com')).toBeInTheDocument();
  });

  it('puts each server field error under its field', async () => {
    mockApi({
      'POST /api/auth/sign-up': {
        status: 400,
        body: errorBody('VALIDATION_FAILED', 'Validation failed', [
          { field: 'username', message: 'Please enter a valid email address' },
          { field: 'tncVersion', message: AUTH_MESSAGES.termsOutdated },
        ]),
      },
    });
    const { user, email, password, terms, submit } = await openSignUp();
    await user.type(email, 'creator@example.com');
    await user.type(password, 'Str0ng!Pass');
    await user.click(terms);
    await user.click(submit);

    await screen.findByText('Please enter a valid email address');
    expectFieldError(email, 'Please enter a valid email address');
    expectFieldError(terms, AUTH_MESSAGES.termsOutdated);
    expect(fieldErrorOf(password)).toBeNull();
  });

  it('shows the catalogue message for a common password under the password field', async () => {
    mockApi({
      'POST /api/auth/sign-up': {
        status: 400,
        body: errorBody('A1X8V5O7EN', 'This password is too common.', [
          { field: 'password', message: 'This password is too common.' },
        ]),
      },
    });
    const { user, email, password, terms, submit } = await openSignUp();
    await user.type(email, 'creator@example.com');
    await user.type(password, 'Passw0rd!');
    await user.click(terms);
    await user.click(submit);

    await screen.findByText(AUTH_MESSAGES.differentPassword);
    expectFieldError(password, AUTH_MESSAGES.differentPassword);
  });

  it('shows a server error that no field can show in the message modal', async () => {
    mockApi({
      'POST /api/auth/sign-up': { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try later') },
    });
    const { user, email, password, terms, submit } = await openSignUp();
    await user.type(email, 'creator@example.com');
    await user.type(password, 'Str0ng!Pass');
    await user.click(terms);
    await user.click(submit);

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(AUTH_MESSAGES.signUpFailed)).toBeInTheDocument();
  });
});
