import { AUTH_MESSAGES, DEACTIVATION_MESSAGE, type CreatorInfo } from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken, isLoggedOut } from '../../lib/session';
import { deferred, errorBody, type MockReply } from '../../test/api-mock';
import { answerWithText, openAsCreator, PAGE_TEST } from '../../test/creator-app';
import { CREATOR_ID, creatorInfo, UK_PROFILE } from '../../test/creator-info';
import { field, POP_GENRE, PROFILE_FORM_ROUTES } from '../../test/profile-form';
import { screen } from '../../test/render';
import { clearToasts, shownToasts } from '../../test/toasts';

const NORTHSTAR = { id: '1d3e5f7a-9b1c-4d2e-8f3a-5b7c9d1e3f5a', name: 'Northstar Talent' };
const AURORA = { id: '4a6b8c0d-2e4f-4a5b-8c6d-7e8f9a0b1c2d', name: 'Aurora' };
const DEACTIVATE_PATH = `/server-api/creator/user/${CREATOR_ID}/deactivate`;

const activeCreator = (overrides: Partial<CreatorInfo> = {}) =>
  creatorInfo({
    status: 'ACTIVE',
    profile: { ...UK_PROFILE, genreIds: [POP_GENRE.id] },
    agency: { decided: true, id: NORTHSTAR.id, name: NORTHSTAR.name },
    kyc: { status: 'Success', provider: 'built-in', reason: null, updatedAt: '2026-11-20T10:00:00.000Z' },
    artistIds: [AURORA.id],
    wallet: { state: 'ready', note: null, nextAttemptAt: null },
    ...overrides,
  });

async function openAccount(
  info: CreatorInfo = activeCreator(),
  routes: Parameters<typeof openAsCreator>[2] = {},
) {
  const view = openAsCreator('/account', info, {
    ...PROFILE_FORM_ROUTES,
    'GET /server-api/creator/lookup/artist': { body: [AURORA] },
    ...routes,
  });
  await screen.findByRole('heading', { name: 'Your account', level: 1 }, { timeout: 5000 });
  return view;
}

const section = (name: string) => screen.findByRole('region', { name }, { timeout: 5000 });

describe('account page', PAGE_TEST, () => {
  it('shows an ACTIVE creator’s details, agency, artists, privacy choices and deactivation', async () => {
    await openAccount();
    expect(screen.getByText('creator@example.com')).toBeInTheDocument();

    const details = await section('Your details');
    expect(await within(details).findByLabelText('First name')).toHaveValue('Casey');
    expect(within(details).getByLabelText('First name')).toHaveAttribute('readonly');
    expect(within(details).getByText(/confirmed by your identity check/)).toBeInTheDocument();
    expect(within(details).getByLabelText('Postcode')).toHaveValue('SW1A 1AA');

    const agency = await section('Your agency');
    expect(await within(agency).findByRole('combobox', { name: 'Your agency' })).toHaveValue(
      'Northstar Talent',
    );
    const artists = await section('Your artists');
    expect(await within(artists).findByRole('button', { name: 'Save my artists' })).toBeInTheDocument();
    const privacy = await section('Privacy choices');
    expect(await within(privacy).findByRole('switch', { name: 'Marketing technologies' })).not.toBeChecked();
    const deactivation = await section('Deactivate your account');
    expect(
      await within(deactivation).findByRole('button', { name: 'Deactivate my account' }),
    ).toBeInTheDocument();
  });

  it('shows no agency or artists sections before those steps', async () => {
    await openAccount(creatorInfo({ status: 'AGENCY_CAPTURE', profile: UK_PROFILE }));
    expect(await section('Your details')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your agency' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your artists' })).not.toBeInTheDocument();
  });

  it('saves the creator’s details and says so', async () => {
    const reply = deferred<MockReply>();
    const { user, api } = await openAccount(activeCreator(), {
      'PATCH /server-api/creator': () => reply.promise,
    });
    clearToasts();
    const details = await section('Your details');
    const city = await within(details).findByLabelText('Town or city');
    await user.clear(city);
    await user.type(city, 'Manchester');
    await user.clear(field('Postcode'));
    await user.type(field('Postcode'), 'M1 1AE');
    await user.click(within(details).getByRole('button', { name: 'Save my details' }));

    await waitFor(() => expect(api.requestsTo('PATCH', '/server-api/creator')).toHaveLength(1));
    expect(api.requestsTo('PATCH', '/server-api/creator')[0]?.body).toEqual({
      firstName: 'Casey',
      lastName: 'Creator',
      dateOfBirth: '1995-04-12',
      gender: 'PreferNotToSay',
      dialCode: '+44',
      mobile: '7700900123',
      address: { country: 'GB', line1: '1 High Street', city: 'Manchester', postcode: 'M1 1AE' },
      handles: [{ socialPlatform: 'TikTok', handle: 'casey' }],
      genreIds: [POP_GENRE.id],
      taxRegistration: { isRegistered: false, type: 'VAT' },
    });

    const saved = activeCreator();
    reply.resolve({
      body: {
        ...saved,
        profile: { ...saved.profile!, address: { ...saved.profile!.address, city: 'Manchester' } },
      },
    });
    await waitFor(async () => expect(await shownToasts()).toEqual(['Your changes are saved.']));
    expect(screen.getByRole('heading', { name: 'Your account', level: 1 })).toBeInTheDocument();
  });

  it('clears the agency field once the creator says they have none', async () => {
    const { user, api } = await openAccount(activeCreator(), {
      [`PATCH /server-api/creator/${CREATOR_ID}/user-info`]: {
        body: activeCreator({ agency: { decided: true, id: null, name: null } }),
      },
    });
    clearToasts();
    const agency = await section('Your agency');
    const input = await within(agency).findByRole('combobox', { name: 'Your agency' });
    expect(input).toHaveValue('Northstar Talent');
    await user.click(within(agency).getByRole('button', { name: 'I don’t have an agency' }));

    await waitFor(async () => expect(await shownToasts()).toEqual(['Your changes are saved.']));
    expect(api.requestsTo('PATCH', `/server-api/creator/${CREATOR_ID}/user-info`)[0]?.body).toEqual({});
    expect(input).toHaveValue('');
  });

  it('saves the privacy choices from the settings', async () => {
    const { user, api } = await openAccount(activeCreator(), {
      'PATCH /server-api/creator/user/tracking': ({ body }) => ({ body }),
    });
    clearToasts();
    const privacy = await section('Privacy choices');
    await user.click(await within(privacy).findByRole('switch', { name: 'Marketing technologies' }));
    await user.click(within(privacy).getByRole('button', { name: 'Save my choices' }));

    expect(api.requestsTo('PATCH', '/server-api/creator/user/tracking')[0]?.body).toEqual({
      trackingPermissions: { mode: 'CUSTOM', allowed: ['ESSENTIAL_TECHNOLOGIES', 'MARKETING_TECHNOLOGIES'] },
    });
    await waitFor(async () => expect(await shownToasts()).toEqual(['Your privacy choices are saved.']));
  });

  it('deactivates after confirmation: forgets the session, opens sign-in and shows the server’s words', async () => {
    const { user, api, router } = await openAccount();
    answerWithText(api, 'GET', DEACTIVATE_PATH, DEACTIVATION_MESSAGE);
    clearToasts();
    const deactivation = await section('Deactivate your account');
    await user.click(await within(deactivation).findByRole('button', { name: 'Deactivate my account' }));

    const sheet = await screen.findByRole('dialog', { name: 'Deactivate your account?' });
    expect(api.requestsTo('GET', DEACTIVATE_PATH)).toHaveLength(0);
    await user.click(within(sheet).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(api.requestsTo('GET', DEACTIVATE_PATH)).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(isLoggedOut()).toBe(true);
    expect(await shownToasts()).toEqual([`Your account is deactivated: ${DEACTIVATION_MESSAGE}`]);
  });

  it('forgets the deactivated account, so that the next person to sign in sees only their own', async () => {
    const next = creatorInfo({
      id: '6c8d0e2f-4a6b-4c7d-8e9f-0a1b2c3d4e5f',
      email: 'second@example.com',
      status: 'DATA_CAPTURE',
    });
    let signedInAgain = false;
    const nextInfo = deferred<MockReply>();
    const { user, api } = await openAccount(activeCreator(), {
      'POST /api/auth/sign-in': () => {
        signedInAgain = true;
        return { body: { id_token: 'token-2' } };
      },
      'GET /server-api/creator/profile': () => ({
        body: signedInAgain
          ? { id: next.id, email: next.email, emailVerified: true, status: next.status, role: 'Creator' }
          : {
              id: CREATOR_ID,
              email: 'creator@example.com',
              emailVerified: true,
              status: 'ACTIVE',
              role: 'Creator',
            },
      }),
      'GET /server-api/creator/get-info': () =>
        signedInAgain ? nextInfo.promise : { body: activeCreator() },
      'GET /server-api/creator/lookup/genre': { body: [POP_GENRE] },
    });
    answerWithText(api, 'GET', DEACTIVATE_PATH, DEACTIVATION_MESSAGE);
    const deactivation = await section('Deactivate your account');
    await user.click(await within(deactivation).findByRole('button', { name: 'Deactivate my account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate your account?' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );

    await user.type(await screen.findByLabelText(/Email/, {}, { timeout: 5000 }), 'second@example.com');
    await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'Tr4vel-Nimbus-82!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByLabelText('Loading your account', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome, Casey' })).not.toBeInTheDocument();
    nextInfo.resolve({ body: next });
    expect(
      await screen.findByRole('heading', { name: 'About you', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('');
  });

  it('does nothing when the creator cancels the deactivation', async () => {
    const { user, api } = await openAccount();
    const deactivation = await section('Deactivate your account');
    await user.click(await within(deactivation).findByRole('button', { name: 'Deactivate my account' }));
    const sheet = await screen.findByRole('dialog', { name: 'Deactivate your account?' });
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('GET', DEACTIVATE_PATH)).toHaveLength(0);
    expect(getAccessToken()).toBe('token-1');
  });

  it('says so when the account could not be deactivated, and keeps the session', async () => {
    const { user, router } = await openAccount(activeCreator(), {
      [`GET ${DEACTIVATE_PATH}`]: { status: 500, body: errorBody('INTERNAL', 'Boom') },
    });
    const deactivation = await section('Deactivate your account');
    await user.click(await within(deactivation).findByRole('button', { name: 'Deactivate my account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate your account?' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );

    expect(await within(deactivation).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.unknownError);
    expect(router.state.location.pathname).toBe('/account');
    expect(getAccessToken()).toBe('token-1');
  });
});
