import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '@platform/shared';
import { within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, mockApi } from '../../test/api-mock';
import { fieldErrorOf, renderApp, screen } from '../../test/render';
import { clearToasts, shownToasts } from '../../test/toasts';

const validToken = { 'POST /api/auth/validate-token': { body: { message: 'TokenVerified' } } };

async function fillAndSubmit(
  user: ReturnType<typeof renderApp>['user'],
  password: string,
  confirmation = password,
) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('reset-password page', () => {
  afterEach(clearToasts);

  it('checks the link before showing the form', async () => {
    const api = mockApi(validToken);
    renderApp('/reset-password?hint=h1');
    expect(await screen.findByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining('8 to 255 characters: not met yet'),
    );
    expect(api.requests[0]).toMatchObject({ path: '/api/auth/validate-token', body: { token: 'h1' } });
  });

  it('shows an expired link (410) instead of the form', async () => {
    mockApi({ 'POST /api/auth/validate-token': { status: 410, body: errorBody('HINT_EXPIRED', 'Expired') } });
    renderApp('/reset-password?hint=h1');
    expect(await screen.findByRole('heading', { name: 'Link expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('shows a failed link for any other error', async () => {
    mockApi({ 'POST /api/auth/validate-token': { status: 400, body: errorBody('HINT_INVALID', 'Bad') } });
    renderApp('/reset-password?hint=h1');
    expect(await screen.findByRole('heading', { name: 'Link not valid' })).toBeInTheDocument();
  });

  it('checks the password rules and the confirmation before sending', async () => {
    const api = mockApi(validToken);
    const { user } = renderApp('/reset-password?hint=h1');
    await fillAndSubmit(user, 'short', 'different');

    expect(fieldErrorOf(screen.getByLabelText('New password'))).toHaveTextContent(PASSWORD_MESSAGES.tooShort);
    expect(api.requestsTo('POST', '/api/auth/reset-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'N3w!Password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(fieldErrorOf(screen.getByLabelText('Confirm password'))).toHaveTextContent(
      PASSWORD_MESSAGES.mismatch,
    );
  });

  it('resets the password and offers sign-in', async () => {
    const api = mockApi({
      ...validToken,
      'POST /api/auth/reset-password': { body: { message: 'ResetSuccess' } },
    });
    const { user } = renderApp('/reset-password?hint=h1');
    await fillAndSubmit(user, 'N3w!Password');

    expect(await screen.findByRole('heading', { name: 'Password reset' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(await shownToasts()).toEqual([]);
    expect(api.requestsTo('POST', '/api/auth/reset-password')[0]?.body).toEqual({
      hint: 'h1',
      newPassword: 'N3w!Password',
    });
  });

  it('maps a catalogue code to its message', async () => {
    mockApi({
      ...validToken,
      'POST /api/auth/reset-password': {
        status: 400,
        body: errorBody('R72BIWFZV4', 'Too soon'),
      },
    });
    const { user } = renderApp('/reset-password?hint=h1');
    await fillAndSubmit(user, 'N3w!Password');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(AUTH_MESSAGES.minimumPasswordAge)).toBeInTheDocument();
  });

  it('puts a reused-password answer under the new password', async () => {
    mockApi({
      ...validToken,
      'POST /api/auth/reset-password': {
        status: 400,
        body: errorBody('YT4W98VRST', 'Reused', [{ field: 'newPassword', message: 'Reused' }]),
      },
    });
    const { user } = renderApp('/reset-password?hint=h1');
    await fillAndSubmit(user, 'N3w!Password');

    await screen.findByText(AUTH_MESSAGES.differentPassword);
    expect(fieldErrorOf(screen.getByLabelText('New password'))).toHaveTextContent(
      AUTH_MESSAGES.differentPassword,
    );
  });

  it('switches to the expired view when the reset answers 410', async () => {
    mockApi({
      ...validToken,
      'POST /api/auth/reset-password': { status: 410, body: errorBody('HINT_EXPIRED', 'Expired') },
    });
    const { user } = renderApp('/reset-password?hint=h1');
    await fillAndSubmit(user, 'N3w!Password');
    expect(await screen.findByRole('heading', { name: 'Link expired' })).toBeInTheDocument();
  });
});
