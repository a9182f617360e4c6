import { AUTH_MESSAGES, PASSWORD_MESSAGES, STAFF_MESSAGES } from '@platform/shared';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, mockApi } from '../../test/api-mock';
import { fieldErrorOf, renderApp, screen } from '../../test/render';
import { clearToasts, shownToasts } from '../../test/toasts';

const usable = {
  'GET /api/staff/invitation': {
    body: { email: 'sam@example.com', displayName: 'Sam', role: 'CampaignViewer' },
  },
};

async function choosePassword(
  user: ReturnType<typeof renderApp>['user'],
  password: string,
  confirmation = password,
) {
  await user.type(await screen.findByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
}

describe('accept-invitation page', () => {
  afterEach(clearToasts);

  it('checks the link, then shows the email and the role with the password form', async () => {
    const api = mockApi(usable);
    renderApp('/accept-invitation?token=t%2B1');
    expect(
      await screen.findByRole('heading', { name: 'Join the team' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(screen.getByText('Campaign viewer')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('At least 5 unique characters: not met yet'),
    );
    const [check] = api.fetchMock.mock.calls;
    const url = new URL(check?.[0] as string, window.location.origin);
    expect(url.searchParams.get('token')).toBe('t+1');
  });

  it('checks the password rules and the confirmation before sending', async () => {
    const api = mockApi(usable);
    const { user } = renderApp('/accept-invitation?token=t1');
    await choosePassword(user, 'short', 'other');
    expect(fieldErrorOf(screen.getByLabelText('Password'))).toHaveTextContent(PASSWORD_MESSAGES.tooShort);
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'N3w!Password');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(fieldErrorOf(screen.getByLabelText('Confirm password'))).toHaveTextContent(
      PASSWORD_MESSAGES.mismatch,
    );
    expect(api.requestsTo('POST', '/api/staff/accept-invitation')).toHaveLength(0);
  });

  it('creates the account and leads to sign-in', async () => {
    const api = mockApi({
      ...usable,
      'POST /api/staff/accept-invitation': { status: 201, body: { message: STAFF_MESSAGES.accountReady } },
    });
    const { user } = renderApp('/accept-invitation?token=t1');
    await choosePassword(user, 'N3w!Password');
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeInTheDocument();
    expect(screen.getByText(STAFF_MESSAGES.accountReady)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(await shownToasts()).toEqual([]);
    expect(api.requestsTo('POST', '/api/staff/accept-invitation')[0]).toMatchObject({
      contentType: 'form',
      body: { token: 't1', password: 'N3w!Password' },
    });
  });

  it('puts a password the policy refuses under the password', async () => {
    mockApi({
      ...usable,
      'POST /api/staff/accept-invitation': {
        status: 422,
        body: errorBody('A1X8V5O7EN', 'Common', [{ field: 'password', message: 'Common' }]),
      },
    });
    const { user } = renderApp('/accept-invitation?token=t1');
    await choosePassword(user, 'N3w!Password');
    await waitFor(() =>
      expect(fieldErrorOf(screen.getByLabelText('Password'))).toHaveTextContent(
        AUTH_MESSAGES.differentPassword,
      ),
    );
  });

  it.each([
    [410, 'HINT_EXPIRED', STAFF_MESSAGES.linkExpired, 'Invitation expired'],
    [409, 'HINT_USED', STAFF_MESSAGES.linkUsed, 'Invitation no longer open'],
    [409, 'HINT_USED', STAFF_MESSAGES.linkCancelled, 'Invitation cancelled'],
    [400, 'HINT_INVALID', STAFF_MESSAGES.linkInvalid, 'Invitation link not valid'],
  ])('explains a link answered %i (%s) instead of showing the form', async (status, code, message, title) => {
    mockApi({ 'GET /api/staff/invitation': { status, body: errorBody(code, message) } });
    renderApp('/accept-invitation?token=t1');
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('says a link without a token is not valid, without asking the server', async () => {
    const api = mockApi({});
    renderApp('/accept-invitation');
    expect(await screen.findByRole('heading', { name: 'Invitation link not valid' })).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('offers a retry when the server cannot be reached', async () => {
    let down = true;
    mockApi({
      'GET /api/staff/invitation': () =>
        down
          ? { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Down') }
          : usable['GET /api/staff/invitation'],
    });
    const { user } = renderApp('/accept-invitation?token=t1');
    expect(
      await screen.findByRole('heading', { name: 'We could not check your invitation' }),
    ).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('sam@example.com')).toBeInTheDocument();
  });

  it('switches to the expired view when the link expires before the form is sent', async () => {
    mockApi({
      ...usable,
      'POST /api/staff/accept-invitation': {
        status: 410,
        body: errorBody('HINT_EXPIRED', STAFF_MESSAGES.linkExpired),
      },
    });
    const { user } = renderApp('/accept-invitation?token=t1');
    await choosePassword(user, 'N3w!Password');
    expect(await screen.findByRole('heading', { name: 'Invitation expired' })).toBeInTheDocument();
  });
});
