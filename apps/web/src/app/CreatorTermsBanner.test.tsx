import type { CreatorInfo } from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, errorBody, type MockReply } from '../test/api-mock';
import { answerWithText, calledUrls, openAsCreator, PAGE_TEST } from '../test/creator-app';
import { CREATOR_ID, creatorInfo, TERMS_ID, UK_PROFILE } from '../test/creator-info';
import { screen } from '../test/render';

const NEW_TERMS_ID = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const NEW_TERMS_FILE = '/server-api/files/legal/terms-2027?signature=t';
const USER_INFO = `/server-api/creator/${CREATOR_ID}/user-info`;
const BANNER_TEXT =
  'We have updated our Terms and Conditions. Please review these by clicking the link below. If you have any questions please contact Support.';

const withNewTerms = (overrides: Partial<CreatorInfo> = {}) =>
  creatorInfo({
    status: 'ACTIVE',
    profile: UK_PROFILE,
    agency: { decided: true, id: null, name: null },
    kyc: { status: 'Success', provider: 'built-in', reason: null, updatedAt: null },
    wallet: { state: 'ready', note: null, nextAttemptAt: null },
    terms: {
      acceptedId: TERMS_ID,
      acceptedVersion: '2026-11-01',
      currentId: NEW_TERMS_ID,
      currentVersion: '2027-01-01',
      updateToAccept: true,
    },
    ...overrides,
  });

const accepted = (info: CreatorInfo): CreatorInfo => ({
  ...info,
  terms: { ...info.terms, acceptedId: NEW_TERMS_ID, acceptedVersion: '2027-01-01', updateToAccept: false },
});

async function openHome(info: CreatorInfo, routes: Parameters<typeof openAsCreator>[2] = {}) {
  const view = openAsCreator('/', info, {
    [`GET /server-api/creator/terms-and-conditions/${NEW_TERMS_ID}`]: {
      body: { presignedUrl: NEW_TERMS_FILE, expiresAt: '2027-01-01T00:10:00.000Z' },
    },
    ...routes,
  });
  answerWithText(view.api, 'GET', '/server-api/files/legal/terms-2027', '<p>The updated terms.</p>');
  await screen.findByRole('heading', { name: 'Welcome, Casey' }, { timeout: 5000 });
  return view;
}

const banner = () => screen.queryByRole('region', { name: 'Terms update' });

describe('the terms banner', PAGE_TEST, () => {
  it('tells a creator the terms changed, in the spec’s words', async () => {
    await openHome(withNewTerms());
    const shown = banner();
    expect(shown).toBeInTheDocument();
    expect(within(shown!).getByText(BANNER_TEXT)).toBeInTheDocument();
    expect(within(shown!).getByRole('button', { name: 'Terms and Conditions.' })).toBeInTheDocument();
    expect(within(shown!).getByRole('button', { name: 'Okay' })).toBeInTheDocument();
  });

  it('is not shown once the current terms are accepted', async () => {
    await openHome(creatorInfo({ ...accepted(withNewTerms()) }));
    expect(banner()).not.toBeInTheDocument();
  });

  it('opens the new terms, loaded through their presigned URL', async () => {
    const { user, api } = await openHome(withNewTerms());
    await user.click(within(banner()!).getByRole('button', { name: 'Terms and Conditions.' }));

    const panel = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(await within(panel).findByText('The updated terms.')).toBeInTheDocument();
    const presigned = api.requestsTo('GET', `/server-api/creator/terms-and-conditions/${NEW_TERMS_ID}`);
    expect(presigned).toHaveLength(1);
    expect(presigned[0]?.headers.get('Authorization')).toBeNull();
    expect(api.requestsTo('GET', '/server-api/files/legal/terms-2027')).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(banner()).toBeInTheDocument();
  });

  it('records the acceptance with a spinner on Okay, then goes', async () => {
    const info = withNewTerms();
    const reply = deferred<MockReply>();
    const { user, api } = await openHome(info, { [`PATCH ${USER_INFO}`]: () => reply.promise });
    const okay = within(banner()!).getByRole('button', { name: 'Okay' });

    await user.click(okay);
    expect(okay).toHaveAttribute('data-loading', 'true');
    expect(api.requestsTo('PATCH', USER_INFO)[0]?.body).toEqual({ acceptedTermsId: NEW_TERMS_ID });
    expect(calledUrls(api).find((url) => url.pathname === USER_INFO)?.search).toBe('');

    reply.resolve({ body: accepted(info) });
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
  });

  it('stays, ready for another try, when the acceptance could not be recorded', async () => {
    const { user } = await openHome(withNewTerms(), {
      [`PATCH ${USER_INFO}`]: { status: 500, body: errorBody('INTERNAL', 'Boom') },
    });
    const okay = within(banner()!).getByRole('button', { name: 'Okay' });
    await user.click(okay);
    await waitFor(() => expect(okay).not.toHaveAttribute('data-loading'));
    expect(banner()).toBeInTheDocument();
    expect(okay).toBeEnabled();
  });

  it('shows on the account page too', async () => {
    openAsCreator('/account', withNewTerms(), {
      'GET /server-api/creator/lookup/genre': { body: [] },
    });
    expect(
      await screen.findByRole('region', { name: 'Terms update' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
