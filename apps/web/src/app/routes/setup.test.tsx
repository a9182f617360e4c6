import { within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, mockApi } from '../../test/api-mock';
import { fieldErrorOf, renderApp, screen } from '../../test/render';
import { clearToasts, shownToasts } from '../../test/toasts';

async function fillAdmin(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
  await user.type(screen.getByLabelText('Password'), 'Adm1n!Strong');
  await user.type(screen.getByLabelText('Confirm password'), 'Adm1n!Strong');
  await user.click(screen.getByRole('button', { name: 'Create Admin' }));
}

describe('setup page', () => {
  afterEach(clearToasts);

  it('says an Admin already exists once setup is closed', async () => {
    mockApi({ 'GET /api/setup/status': { body: { open: false } } });
    renderApp('/setup?token=t1');
    expect(await screen.findByRole('heading', { name: 'An Admin already exists' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('creates the first Admin with the token from the link', async () => {
    const api = mockApi({
      'GET /api/setup/status': { body: { open: true } },
      'POST /api/setup/admin': { status: 201, body: { message: 'Admin account created.' } },
    });
    const { user } = renderApp('/setup?token=t1');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByLabelText('Setup token')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('1 special character: not met yet'),
    );
    await fillAdmin(user);

    expect(await screen.findByRole('heading', { name: 'Admin created' })).toBeInTheDocument();
    expect(screen.getByText('Admin account created.')).toBeInTheDocument();
    expect(await shownToasts()).toEqual([]);
    expect(api.requestsTo('POST', '/api/setup/admin')[0]).toMatchObject({
      contentType: 'form',
      body: { token: 't1', email: 'admin@example.com', password: 'Adm1n!Strong' },
    });
  });

  it('asks for the token when the link has none and shows a wrong token under it', async () => {
    mockApi({
      'GET /api/setup/status': { body: { open: true } },
      'POST /api/setup/admin': {
        status: 400,
        body: errorBody('HINT_INVALID', 'The setup token is not valid.'),
      },
    });
    const { user } = renderApp('/setup');
    await user.type(await screen.findByLabelText('Setup token'), 'wrong');
    await fillAdmin(user);

    await screen.findByText('The setup token is not valid.');
    expect(fieldErrorOf(screen.getByLabelText('Setup token'))).toHaveTextContent(
      'The setup token is not valid.',
    );
  });

  it('shows a wrong token from the link in the modal', async () => {
    mockApi({
      'GET /api/setup/status': { body: { open: true } },
      'POST /api/setup/admin': {
        status: 400,
        body: errorBody('HINT_INVALID', 'The setup token is not valid.'),
      },
    });
    const { user } = renderApp('/setup?token=t1');
    await fillAdmin(user);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The setup token is not valid.')).toBeInTheDocument();
  });

  it('switches to the closed view when another Admin was created meanwhile', async () => {
    let open = true;
    mockApi({
      'GET /api/setup/status': () => ({ body: { open } }),
      'POST /api/setup/admin': () => {
        open = false;
        return { status: 409, body: errorBody('SETUP_CLOSED', 'Setup is closed.') };
      },
    });
    const { user } = renderApp('/setup?token=t1');
    await fillAdmin(user);
    expect(await screen.findByRole('heading', { name: 'An Admin already exists' })).toBeInTheDocument();
  });
});
