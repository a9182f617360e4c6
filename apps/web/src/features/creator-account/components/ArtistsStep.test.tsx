import { CREATOR_MESSAGES, type CreatorInfo } from '@platform/shared';
import { waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, errorBody, type MockReply } from '../../../test/api-mock';
import { openAsCreator, PAGE_TEST } from '../../../test/creator-app';
import { creatorInfo, UK_PROFILE } from '../../../test/creator-info';
import { fieldErrorOf, screen } from '../../../test/render';

const confetti = vi.hoisted(() =>
  Object.assign(
    vi.fn(() => null),
    { reset: vi.fn() },
  ),
);
// The page's cannon is made with `create` (Confetti.tsx), which answers this mock.
vi.mock('canvas-confetti', () => ({ default: Object.assign(vi.fn(), { create: () => confetti }) }));

const AURORA = { id: '4a6b8c0d-2e4f-4a5b-8c6d-7e8f9a0b1c2d', name: 'Aurora' };
const THE_TIDES = { id: '5b7c9d1e-3f5a-4b6c-9d7e-8f9a0b1c2d3e', name: 'The Tides' };
const ARTIST_SELECTION_PATH = '/server-api/creator/artist-selection';

const kycPassed: CreatorInfo['kyc'] = {
  status: 'Success',
  provider: 'built-in',
  reason: null,
  updatedAt: '2026-11-23T10:00:00.000Z',
};

const choosingArtists = creatorInfo({
  status: 'ARTIST_SELECTION',
  profile: UK_PROFILE,
  agency: { decided: true, id: null, name: null },
  kyc: kycPassed,
});

async function openArtistsStep(routes: Parameters<typeof openAsCreator>[2] = {}, info = choosingArtists) {
  const view = openAsCreator('/', info, {
    'GET /server-api/creator/lookup/artist': { body: [THE_TIDES, AURORA] },
    ...routes,
  });
  const input = await screen.findByRole('combobox', { name: 'Artists' }, { timeout: 5000 });
  return { ...view, input };
}

describe('ARTIST_SELECTION: the creator’s artists', PAGE_TEST, () => {
  beforeAll(async () => {
    // Loads the mocked module once, so that the confetti's dynamic import settles at once.
    await import('canvas-confetti');
  });
  beforeEach(() => {
    confetti.mockClear();
  });

  it('asks for artists as step 4 of 4', async () => {
    await openArtistsStep();
    expect(screen.getByRole('heading', { name: 'Your artists', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
  });

  it('finishes with the chosen artists, welcomes the creator home and celebrates', async () => {
    const reply = deferred<MockReply>();
    const { user, api, input } = await openArtistsStep({
      [`PATCH ${ARTIST_SELECTION_PATH}`]: () => reply.promise,
    });

    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'The Tides' }));
    await user.click(screen.getByRole('option', { name: 'Aurora' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    expect(api.requestsTo('PATCH', ARTIST_SELECTION_PATH)[0]?.body).toEqual({
      artistIds: [THE_TIDES.id, AURORA.id],
    });
    expect(screen.getByRole('button', { name: 'Finish' })).toHaveAttribute('data-loading');
    expect(confetti).not.toHaveBeenCalled();

    reply.resolve({
      body: {
        ...choosingArtists,
        status: 'ACTIVE',
        artistIds: [THE_TIDES.id, AURORA.id],
        wallet: { state: 'ready', note: null, nextAttemptAt: null },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    await waitFor(() => expect(confetti).toHaveBeenCalled());
    expect(screen.queryByText(/^Step \d of 4$/)).not.toBeInTheDocument();
  });

  it('shows the payout wallet being set up when the server could not create it yet', async () => {
    const { user, input } = await openArtistsStep({
      [`PATCH ${ARTIST_SELECTION_PATH}`]: {
        body: {
          ...choosingArtists,
          status: 'WALLET_CREATION_FAILED',
          artistIds: [AURORA.id],
          wallet: {
            state: 'retrying',
            note: 'Our payments provider is not answering; we will try again in a minute.',
            nextAttemptAt: '2026-11-23T10:01:00.000Z',
          },
        },
      },
    });
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Aurora' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    expect(await screen.findByText('Setting up your payout wallet')).toBeInTheDocument();
    expect(
      screen.getByText('Our payments provider is not answering; we will try again in a minute.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This page moves on by itself as soon as it is ready.')).toBeInTheDocument();
    expect(confetti).not.toHaveBeenCalled();
  });

  it('asks for no artist while none is listed, and finishes without one', async () => {
    const { user, api } = openAsCreator('/', choosingArtists, {
      'GET /server-api/creator/lookup/artist': { body: [] },
      [`PATCH ${ARTIST_SELECTION_PATH}`]: {
        body: {
          ...choosingArtists,
          status: 'ACTIVE',
          wallet: { state: 'ready', note: null, nextAttemptAt: null },
        },
      },
    });
    expect(
      await screen.findByText(
        /No artists have been added yet, so there is nothing to choose here/,
        undefined,
        {
          timeout: 5000,
        },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Artists' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(api.requestsTo('PATCH', ARTIST_SELECTION_PATH)[0]?.body).toEqual({ artistIds: [] }),
    );
  });

  it('shows the artists staff added meanwhile when the server asks for one', async () => {
    let listed: (typeof AURORA)[] = [];
    const { user } = openAsCreator('/', choosingArtists, {
      'GET /server-api/creator/lookup/artist': () => ({ body: listed }),
      [`PATCH ${ARTIST_SELECTION_PATH}`]: () => ({
        status: 422,
        body: errorBody('INVALID_FIELDS', 'Please verify the following field(s): Artists', [
          { field: 'artistIds', message: CREATOR_MESSAGES.artistsRequired },
        ]),
      }),
    });
    await screen.findByText(/No artists have been added yet/, undefined, { timeout: 5000 });
    listed = [AURORA];
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    const input = await screen.findByRole('combobox', { name: 'Artists' });
    expect(fieldErrorOf(input)).toHaveTextContent(CREATOR_MESSAGES.artistsRequired);
  });

  it('asks for at least one artist', async () => {
    const { user, api, input } = await openArtistsStep();
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    const message = fieldErrorOf(input);
    expect(message).toHaveTextContent(CREATOR_MESSAGES.artistsRequired);
    expect(CREATOR_MESSAGES.artistsRequired).toBe('Choose at least one artist');
    expect(message?.querySelector('.tabler-icon-alert-triangle')).not.toBeNull();
    expect(api.requestsTo('PATCH', ARTIST_SELECTION_PATH)).toHaveLength(0);
  });

  it('opens at the wallet panel for a creator whose wallet is still being set up', async () => {
    openAsCreator(
      '/',
      creatorInfo({
        ...choosingArtists,
        status: 'WALLET_CREATION_FAILED',
        artistIds: [AURORA.id],
        wallet: { state: 'failed', note: null, nextAttemptAt: null },
      }),
    );
    expect(
      await screen.findByText('Setting up your payout wallet', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('We are setting up the wallet we pay you into.')).toBeInTheDocument();
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
  });
});

describe('onboarding before the email is verified', PAGE_TEST, () => {
  it('shows the account card asking to verify the email, not the wizard', async () => {
    openAsCreator('/', creatorInfo({ emailVerified: false }));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('Open the link we emailed you to set up your account.')).toBeInTheDocument();
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    expect(screen.queryByText(/^Step \d of 4$/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  });
});
