import {
  AUTH_MESSAGES,
  NATIVE_BRIDGE_TIMEOUT_MS,
  type CreatorInfo,
  type TrackingPermissions,
} from '@platform/shared';
import { act, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, errorBody, type MockReply } from '../../../test/api-mock';
import { openAsCreator, PAGE_TEST } from '../../../test/creator-app';
import { creatorInfo, UK_PROFILE } from '../../../test/creator-info';
import { pretendToBeInTheApp } from '../../../test/native-app';
import { screen } from '../../../test/render';
import { shownToasts } from '../../../test/toasts';

const TRACKING_PATH = '/server-api/creator/user/tracking';
const ALLOW_ALL: TrackingPermissions = {
  mode: 'ALLOW',
  allowed: ['ESSENTIAL_TECHNOLOGIES', 'MARKETING_TECHNOLOGIES'],
};
const ESSENTIAL_ONLY: TrackingPermissions = { mode: 'CUSTOM', allowed: ['ESSENTIAL_TECHNOLOGIES'] };

const activeCreator = (overrides: Partial<CreatorInfo> = {}) =>
  creatorInfo({
    status: 'ACTIVE',
    profile: UK_PROFILE,
    agency: { decided: true, id: null, name: null },
    kyc: { status: 'Success', provider: 'built-in', reason: null, updatedAt: null },
    wallet: { state: 'ready', note: null, nextAttemptAt: null },
    trackingPermissions: null,
    ...overrides,
  });

/** The server saves the choice it is sent and answers with it. */
const savesTheChoice: Record<string, (request: { body: unknown }) => MockReply> = {
  [`PATCH ${TRACKING_PATH}`]: ({ body }) => ({ body }),
};

const consentCard = () => screen.queryByRole('region', { name: 'Your privacy choices' });

async function openHome(info: CreatorInfo, routes: Parameters<typeof openAsCreator>[2] = savesTheChoice) {
  const view = openAsCreator('/', info, routes);
  await screen.findByRole('heading', { name: 'Welcome, Casey' }, { timeout: 5000 });
  return view;
}

describe('privacy choices on the web', PAGE_TEST, () => {
  it('asks a creator who has not chosen yet, and saves "Allow all"', async () => {
    const reply = deferred<MockReply>();
    const { user, api } = await openHome(activeCreator(), {
      [`PATCH ${TRACKING_PATH}`]: () => reply.promise,
    });
    const card = await screen.findByRole('region', { name: 'Your privacy choices' });
    expect(within(card).getByRole('switch', { name: 'Essential technologies (always on)' })).toBeChecked();
    expect(within(card).getByRole('switch', { name: 'Essential technologies (always on)' })).toBeDisabled();
    expect(within(card).getByRole('switch', { name: 'Marketing technologies' })).not.toBeChecked();

    await user.click(within(card).getByRole('button', { name: 'Allow all' }));
    expect(api.requestsTo('PATCH', TRACKING_PATH)[0]?.body).toEqual({ trackingPermissions: ALLOW_ALL });
    expect(within(card).getByRole('button', { name: 'Allow all' })).toHaveAttribute('data-loading');
    expect(within(card).getByRole('button', { name: 'Save my choices' })).toBeDisabled();

    reply.resolve({ body: { trackingPermissions: ALLOW_ALL } });
    await waitFor(() => expect(consentCard()).not.toBeInTheDocument());
    expect(await shownToasts()).toEqual([]);
  });

  it('saves only the essential technologies when marketing stays off', async () => {
    const { user, api } = await openHome(activeCreator());
    const card = await screen.findByRole('region', { name: 'Your privacy choices' });
    await user.click(within(card).getByRole('button', { name: 'Save my choices' }));

    expect(api.requestsTo('PATCH', TRACKING_PATH)[0]?.body).toEqual({ trackingPermissions: ESSENTIAL_ONLY });
    await waitFor(() => expect(consentCard()).not.toBeInTheDocument());
  });

  it('saves the marketing technologies as a custom choice when turned on', async () => {
    const { user, api } = await openHome(activeCreator());
    const card = await screen.findByRole('region', { name: 'Your privacy choices' });
    await user.click(within(card).getByRole('switch', { name: 'Marketing technologies' }));
    await user.click(within(card).getByRole('button', { name: 'Save my choices' }));

    expect(api.requestsTo('PATCH', TRACKING_PATH)[0]?.body).toEqual({
      trackingPermissions: { mode: 'CUSTOM', allowed: ['ESSENTIAL_TECHNOLOGIES', 'MARKETING_TECHNOLOGIES'] },
    });
  });

  it('keeps asking, with a message, when the choice could not be saved', async () => {
    const { user } = await openHome(activeCreator(), {
      [`PATCH ${TRACKING_PATH}`]: { status: 500, body: errorBody('INTERNAL', 'Boom') },
    });
    const card = await screen.findByRole('region', { name: 'Your privacy choices' });
    await user.click(within(card).getByRole('button', { name: 'Allow all' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.unknownError);
    expect(consentCard()).toBeInTheDocument();
  });

  it('does not ask a creator who has chosen, during onboarding either', async () => {
    await openHome(activeCreator({ trackingPermissions: ESSENTIAL_ONLY }));
    expect(consentCard()).not.toBeInTheDocument();
  });

  it('asks during onboarding too, above the step', async () => {
    openAsCreator('/', creatorInfo({ trackingPermissions: null }), {
      'GET /server-api/creator/lookup/genre': { body: [] },
    });
    expect(
      await screen.findByRole('region', { name: 'Your privacy choices' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'About you', level: 1 })).toBeInTheDocument();
  });
});

describe('privacy choices inside the mobile app', PAGE_TEST, () => {
  it('keeps the app’s own choice on the server without asking', async () => {
    const app = pretendToBeInTheApp();
    const { api } = await openHome(activeCreator());
    app.answer(await app.callOf('getTrackingPermissions'), ALLOW_ALL);

    await waitFor(() =>
      expect(api.requestsTo('PATCH', TRACKING_PATH)[0]?.body).toEqual({ trackingPermissions: ALLOW_ALL }),
    );
    expect(consentCard()).not.toBeInTheDocument();
  });

  it('sends nothing when the app’s choice is the one saved already', async () => {
    const app = pretendToBeInTheApp();
    const { api } = await openHome(activeCreator({ trackingPermissions: ESSENTIAL_ONLY }));
    app.answer(await app.callOf('getTrackingPermissions'), {
      mode: 'CUSTOM',
      allowed: ['ESSENTIAL_TECHNOLOGIES'],
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(api.requestsTo('PATCH', TRACKING_PATH)).toHaveLength(0);
    expect(consentCard()).not.toBeInTheDocument();
  });

  it('shows the app’s choice, once kept, in the account’s privacy settings', async () => {
    const app = pretendToBeInTheApp();
    const { user } = await openHome(activeCreator());
    app.answer(await app.callOf('getTrackingPermissions'), ALLOW_ALL);
    await user.click(screen.getByRole('link', { name: 'Manage your account' }));

    const privacy = await screen.findByRole('region', { name: 'Privacy choices' }, { timeout: 5000 });
    expect(await within(privacy).findByRole('switch', { name: 'Marketing technologies' })).toBeChecked();
  });

  it('asks on the web when the app does not answer within 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = pretendToBeInTheApp();
    await openHome(activeCreator());
    await app.callOf('getTrackingPermissions');

    await act(() => vi.advanceTimersByTimeAsync(NATIVE_BRIDGE_TIMEOUT_MS / 2));
    expect(consentCard()).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(NATIVE_BRIDGE_TIMEOUT_MS));
    expect(consentCard()).toBeInTheDocument();
  });

  it('asks on the web when the app has no choice to give', async () => {
    const app = pretendToBeInTheApp();
    await openHome(activeCreator());
    app.refuse(await app.callOf('getTrackingPermissions'), 'No consent given yet');
    expect(await screen.findByRole('region', { name: 'Your privacy choices' })).toBeInTheDocument();
  });

  it('tells the app the choice the creator saved on the web', async () => {
    const app = pretendToBeInTheApp();
    const { user } = await openHome(activeCreator());
    app.refuse(await app.callOf('getTrackingPermissions'), 'No consent given yet');
    const card = await screen.findByRole('region', { name: 'Your privacy choices' });
    await user.click(within(card).getByRole('button', { name: 'Save my choices' }));

    const update = await app.callOf('updateTrackingPermissions');
    expect(update.params).toEqual(ESSENTIAL_ONLY);
    await waitFor(() => expect(consentCard()).not.toBeInTheDocument());
  });
});
