import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { mockApi } from '../../../test/api-mock';
import { renderWidget } from '../../../test/render-widget';
import { clearToasts, shownToasts } from '../../../test/toasts';
import { ProfileDetails } from './ProfileDetails';

const unverified = {
  id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e10',
  email: 'creator@example.com',
  emailVerified: false,
  status: 'DATA_CAPTURE',
  role: 'Creator',
};

describe('ProfileDetails', () => {
  afterEach(clearToasts);

  it('confirms a second resend with the toast already on screen, not a second one', async () => {
    const api = mockApi({
      'GET /server-api/creator/profile': { body: unverified },
      'POST /api/auth/resend-verification': { body: { message: 'Email sent' } },
    });
    storeAccessToken('token-1', Date.now() + 60_000);
    const { user } = renderWidget(<ProfileDetails />);
    const resend = await screen.findByRole('button', { name: 'Resend verification email' });

    await user.click(resend);
    expect(await screen.findByText('Open the link we emailed you.')).toBeInTheDocument();
    await user.click(resend);
    await waitFor(() => expect(api.requestsTo('POST', '/api/auth/resend-verification')).toHaveLength(2));
    await waitFor(() => expect(resend).not.toHaveAttribute('data-loading'));

    expect(await shownToasts()).toEqual(['Email sent: Open the link we emailed you.']);
    expect(screen.getAllByText('Open the link we emailed you.')).toHaveLength(1);
  });
});
