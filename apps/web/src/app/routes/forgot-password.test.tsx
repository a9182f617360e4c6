import { AUTH_MESSAGES } from '@platform/shared';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockApi } from '../../test/api-mock';
import { renderApp, screen } from '../../test/render';

async function requestLink() {
  const view = renderApp('/forgot-password');
  await view.user.type(await screen.findByLabelText('Email'), 'creator@example.com');
  await view.user.click(screen.getByRole('button', { name: 'Send reset link' }));
  return view;
}

describe('forgot-password page', () => {
  it("shows 'Email sent' on success", async () => {
    const api = mockApi({ 'POST /api/auth/forgot-password': { body: { message: 'Email sent' } } });
    await requestLink();
    expect(await screen.findByRole('heading', { name: AUTH_MESSAGES.emailSent })).toBeInTheDocument();
    expect(api.requests[0]?.body).toEqual({ username: 'creator@example.com' });
  });

  it('shows the spec failure message in the modal', async () => {
    mockApi({ 'POST /api/auth/forgot-password': { status: 500, body: errorBody('INTERNAL', 'Broken') } });
    await requestLink();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(AUTH_MESSAGES.forgotPasswordFailed)).toBeInTheDocument();
  });
});
