import { AUTH_MESSAGES } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { errorBody, mockApi } from '../../test/api-mock';
import { renderApp, screen } from '../../test/render';

describe('verify page', () => {
  it('shows Expired when the link answers 410', async () => {
    mockApi({ 'POST /api/auth/verify': { status: 410, body: errorBody('HINT_EXPIRED', 'Expired') } });
    renderApp('/verify?hint=abc');
    expect(await screen.findByRole('heading', { name: 'Link expired' })).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.hintExpired)).toBeInTheDocument();
  });

  it('verifies once, even under StrictMode, and offers sign-in', async () => {
    const api = mockApi({ 'POST /api/auth/verify': { body: { message: 'Verified' } } });
    renderApp('/verify?hint=abc', { strict: true });
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(api.requestsTo('POST', '/api/auth/verify')).toHaveLength(1);
    expect(api.requests[0]?.body).toEqual({ hint: 'abc' });
  });

  it.each([
    [409, 'HINT_USED', 'Link already used'],
    [400, 'HINT_INVALID', 'Link not valid'],
    [500, 'INTERNAL', 'Verification failed'],
  ])('answers %i %s with "%s"', async (status, code, heading) => {
    mockApi({ 'POST /api/auth/verify': { status, body: errorBody(code, 'Server words') } });
    renderApp('/verify?hint=abc');
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('treats an unknown success message as Failed', async () => {
    mockApi({ 'POST /api/auth/verify': { body: { message: 'Something else' } } });
    renderApp('/verify?hint=abc');
    expect(await screen.findByRole('heading', { name: 'Verification failed' })).toBeInTheDocument();
  });
});
