import { AUTH_MESSAGES } from '@platform/shared';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken, isLoggedOut, storeAccessToken } from '../../lib/session';
import { deferred, errorBody, mockApi, type MockReply } from '../../test/api-mock';
import { creatorInfo, UK_PROFILE } from '../../test/creator-info';
import { renderApp, screen } from '../../test/render';

const profile = {
  id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e10',
  email: 'creator@example.com',
  emailVerified: false,
  status: 'DATA_CAPTURE',
  role: 'Creator',
};

const signedIn = () => storeAccessToken('token-1', Date.now() + 60_000);

/** An unverified creator's account: the page asks them to verify their email first. */
const unverified = {
  'GET /server-api/creator/profile': { body: profile },
  'GET /server-api/creator/get-info': { body: creatorInfo({ emailVerified: false }) },
};

describe('home page', () => {
  it('sends visitors without a session to sign-in', async () => {
    const api = mockApi({});
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('sends a staff member to the console, at the first section of their role', async () => {
    mockApi({
      'GET /server-api/creator/profile': { body: { ...profile, email: 'ops@example.com', role: 'Support' } },
    });
    signedIn();
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Campaigns', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/campaigns');
    expect(screen.getByText('ops@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your account' })).not.toBeInTheDocument();
  });

  it('lands staff in the console after signing in, on the first section of their menu', async () => {
    mockApi({
      'POST /api/auth/sign-in': { body: { id_token: 'token-2' } },
      'GET /server-api/creator/profile': {
        body: { ...profile, email: 'boss@example.com', role: 'CampaignManager' },
      },
    });
    const { user, router } = renderApp('/sign-in');
    await user.type(await screen.findByLabelText(/Email/), 'boss@example.com');
    await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'Tr4vel-Nimbus-82!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Campaigns', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/campaigns');
  });

  it('shows the profile: email, verification, status and role', async () => {
    mockApi(unverified);
    signedIn();
    renderApp('/');

    expect(await screen.findByText('creator@example.com')).toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    expect(screen.getByText('Data capture')).toBeInTheDocument();
    expect(screen.getByText('Creator')).toBeInTheDocument();
  });

  it('lets an unverified creator ask for a new verification email', async () => {
    const reply = deferred<MockReply>();
    const api = mockApi({ ...unverified, 'POST /api/auth/resend-verification': () => reply.promise });
    signedIn();
    const { user } = renderApp('/');
    const resend = await screen.findByRole('button', { name: 'Resend verification email' });

    await user.click(resend);
    expect(resend).toHaveAttribute('data-loading');
    const [, init] =
      api.fetchMock.mock.calls.find(([url]) =>
        (url instanceof Request ? url.url : url instanceof URL ? url.href : url).endsWith(
          '/resend-verification',
        ),
      ) ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');

    reply.resolve({ body: { message: 'Email sent' } });
    expect(await screen.findByText('Open the link we emailed you.')).toBeInTheDocument();
  });

  it('sends the person to sign-in when the session is gone (401)', async () => {
    mockApi({
      'GET /server-api/creator/profile': { status: 401, body: errorBody('UNAUTHENTICATED', 'Signed out') },
      'GET /server-api/creator/get-info': { status: 401, body: errorBody('UNAUTHENTICATED', 'Signed out') },
      'POST /api/auth/refresh-token': { status: 401, body: errorBody('UNAUTHENTICATED', 'Signed out') },
    });
    signedIn();
    const { router } = renderApp('/');

    expect(await screen.findByText(AUTH_MESSAGES.sessionExpired)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(getAccessToken()).toBeNull();
  });

  it('signs out: calls the API, forgets the token and opens sign-in', async () => {
    const reply = deferred<MockReply>();
    const api = mockApi({ ...unverified, 'POST /api/auth/sign-out': () => reply.promise });
    signedIn();
    const { user, router } = renderApp('/');
    await screen.findByText('creator@example.com');

    const signOut = screen.getByRole('button', { name: 'Sign out' });
    await user.click(signOut);
    expect(signOut).toHaveAttribute('data-loading');
    expect(api.requestsTo('POST', '/api/auth/sign-out')[0]?.headers.get('Authorization')).toBe(
      'Bearer token-1',
    );

    reply.resolve({ status: 204 });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(getAccessToken()).toBeNull();
    expect(isLoggedOut()).toBe(true);
    expect(within(document.body).queryByText('creator@example.com')).not.toBeInTheDocument();
  });

  it('starts a verified creator’s onboarding where they are, with their progress', async () => {
    mockApi({
      'GET /server-api/creator/profile': { body: { ...profile, emailVerified: true } },
      'GET /server-api/creator/get-info': {
        body: creatorInfo({ status: 'AGENCY_CAPTURE', profile: UK_PROFILE }),
      },
    });
    signedIn();
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Your agency' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Step 2 of 4' })).toHaveAttribute('aria-valuenow', '50');
    // The step's own code loads after the wizard's.
    expect(await screen.findByRole('button', { name: 'I don’t have an agency' })).toBeInTheDocument();
  });

  it('welcomes an ACTIVE creator to their home', async () => {
    mockApi({
      'GET /server-api/creator/profile': { body: { ...profile, emailVerified: true, status: 'ACTIVE' } },
      'GET /server-api/creator/get-info': {
        body: creatorInfo({
          status: 'ACTIVE',
          profile: UK_PROFILE,
          kyc: { status: 'Success', provider: 'built-in', reason: null, updatedAt: null },
          wallet: { state: 'ready', note: null, nextAttemptAt: null },
        }),
      },
    });
    signedIn();
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage your account' })).toHaveAttribute('href', '/account');
  });

  it('shows an ACTIVE creator the notification bell with their unread count', async () => {
    mockApi({
      'GET /server-api/creator/profile': { body: { ...profile, emailVerified: true, status: 'ACTIVE' } },
      'GET /server-api/creator/get-info': { body: creatorInfo({ status: 'ACTIVE', profile: UK_PROFILE }) },
      'GET /server-api/notifications/unread-count': { body: { unreadCount: 120 } },
    });
    signedIn();
    const { user, router } = renderApp('/');

    expect(await screen.findByRole('status', { name: '99+ unread notifications' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Notifications' }));
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications');
  });

  it('leaves the bell out while a creator is still onboarding', async () => {
    mockApi({
      'GET /server-api/creator/profile': { body: { ...profile, emailVerified: true } },
      'GET /server-api/creator/get-info': {
        body: creatorInfo({ status: 'AGENCY_CAPTURE', profile: UK_PROFILE }),
      },
    });
    signedIn();
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Your agency' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Notifications' })).not.toBeInTheDocument();
  });
});
