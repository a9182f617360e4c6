import {
  AUTH_MESSAGES,
  DEACTIVATED_MESSAGES,
  EMAIL_MESSAGES,
  ERROR_CODES,
  REQUIRED_MESSAGE,
} from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '../../lib/session';
import { creatorInfo } from '../../test/creator-info';
import { deferred, errorBody, mockApi, type MockReply } from '../../test/api-mock';
import { fieldErrorOf, renderApp, screen } from '../../test/render';

const profile = {
  id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e10',
  email: 'creator@example.com',
  emailVerified: true,
  status: 'DATA_CAPTURE',
  role: 'Creator',
};

async function signIn(email = 'creator@example.com', password = 'Str0ng!Pass', path = '/sign-in') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Sign in' });
  await view.user.type(screen.getByLabelText('Email'), email);
  await view.user.type(screen.getByLabelText('Password'), password);
  await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
  return view;
}

describe('sign-in page', () => {
  it.each([
    ['a wrong password', 401, 'QE4B9NJ8AD'],
    ['a locked account', 429, 'UF5C0OK9BE'],
  ])('answers %s with the spec message in a modal closed by Okay', async (_case, status, code) => {
    mockApi({ 'POST /api/auth/sign-in': { status, body: errorBody(code, 'Server words') } });
    const { user } = await signIn();

    const dialog = await screen.findByRole('dialog', { name: 'Sign-in failed' });
    expect(within(dialog).getByText(AUTH_MESSAGES.signInFailed)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getAccessToken()).toBeNull();
  });

  it('shows the server message when rate limited', async () => {
    mockApi({
      'POST /api/auth/sign-in': {
        status: 429,
        headers: { 'Retry-After': '60' },
        body: errorBody('RATE_LIMITED', 'Too many attempts. Try again in a minute.'),
      },
    });
    await signIn();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Too many attempts. Try again in a minute.')).toBeInTheDocument();
  });

  it('shows a loading button while signing in, then keeps the token and opens the home page', async () => {
    const reply = deferred<MockReply>();
    const api = mockApi({
      'POST /api/auth/sign-in': () => reply.promise,
      'GET /server-api/creator/profile': { body: profile },
      'GET /server-api/creator/get-info': { body: creatorInfo({ emailVerified: false }) },
    });
    const { router } = await signIn();

    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('data-loading');
    expect(api.requests[0]).toMatchObject({
      contentType: 'form',
      body: { username: 'creator@example.com', password: 'Str0ng!Pass' },
    });

    reply.resolve({ body: { id_token: 'token-1', expires_in: 1800 } });
    expect(await screen.findByText('creator@example.com')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getAccessToken()).toBe('token-1');
    expect(api.requestsTo('GET', '/server-api/creator/profile')[0]?.headers.get('Authorization')).toBe(
      'Bearer token-1',
    );
  });

  it('checks the email’s shape before sending anything, and shows the spec message under the field', async () => {
    const api = mockApi({});
    const { user } = await signIn('maria.lopez@example');

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(fieldErrorOf(email)).toHaveTextContent(EMAIL_MESSAGES.invalid);
    expect(fieldErrorOf(email)?.querySelector('.tabler-icon-alert-triangle')).not.toBeNull();
    expect(api.fetchMock).not.toHaveBeenCalled();

    await user.type(email, '.com');
    expect(fieldErrorOf(email)).toBeNull();
  });

  it('says nothing about the empty fields a person tabs through, and asks for them on submit', async () => {
    const api = mockApi({});
    const { user } = renderApp('/sign-in');
    await screen.findByRole('heading', { name: 'Sign in' });
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');

    await user.click(email);
    await user.tab();
    expect(password).toHaveFocus();
    await user.tab();
    expect(fieldErrorOf(email)).toBeNull();
    expect(fieldErrorOf(password)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(fieldErrorOf(email)).toHaveTextContent(REQUIRED_MESSAGE);
    expect(fieldErrorOf(password)).toHaveTextContent(REQUIRED_MESSAGE);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('returns to the page named by returnTo after signing in', async () => {
    mockApi({
      'POST /api/auth/sign-in': { body: { id_token: 'token-1', expires_in: 1800 } },
      'GET /server-api/creator/profile': { body: { ...profile, status: 'ACTIVE' } },
      'GET /server-api/creator/get-info': { body: creatorInfo() },
      'GET /server-api/notifications/unread-count': { body: { count: 0 } },
    });
    const { router } = await signIn(
      'creator@example.com',
      'Str0ng!Pass',
      '/sign-in?returnTo=%2Fpayments%3Fpage%3D2',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments'));
    expect(router.state.location.search).toBe('?page=2');
  });

  it.each(['https://evil.example/phish', '//evil.example/phish', '/\\evil.example'])(
    'goes home rather than to %s',
    async (returnTo) => {
      mockApi({
        'POST /api/auth/sign-in': { body: { id_token: 'token-1', expires_in: 1800 } },
        'GET /server-api/creator/profile': { body: profile },
        'GET /server-api/creator/get-info': { body: creatorInfo({ emailVerified: false }) },
      });
      const { router } = await signIn(
        'creator@example.com',
        'Str0ng!Pass',
        `/sign-in?returnTo=${encodeURIComponent(returnTo)}`,
      );
      expect(await screen.findByText('creator@example.com')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('tells a deactivated account so, rather than that the password is wrong', async () => {
    mockApi({
      'POST /api/auth/sign-in': {
        status: 403,
        body: errorBody(ERROR_CODES.accountDeactivated, DEACTIVATED_MESSAGES.creator),
      },
    });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(DEACTIVATED_MESSAGES.creator);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
  });

  it('says why the session ended when the account was deactivated meanwhile', async () => {
    renderApp('/sign-in', { state: { deactivated: DEACTIVATED_MESSAGES.staff } });
    expect(await screen.findByRole('alert')).toHaveTextContent(DEACTIVATED_MESSAGES.staff);
    expect(screen.queryByText(AUTH_MESSAGES.sessionExpired)).not.toBeInTheDocument();
  });

  it('links to forgot password and sign up', async () => {
    renderApp('/sign-in');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/sign-up');
  });
});
