import type { CurrentLegalDocumentsResponse } from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockReply } from '../test/api-mock';
import { answerWithText, calledUrls, creatorProfileOf, openAsCreator, PAGE_TEST } from '../test/creator-app';
import { creatorInfo, UK_PROFILE } from '../test/creator-info';
import { renderApp, screen } from '../test/render';

const UK_TERMS_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const UK_PRIVACY_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const AU_TERMS_ID = '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f';

function documentsOf(country: string, terms: string, privacy: string): CurrentLegalDocumentsResponse {
  const published = { version: '2026-11-01', publishedAt: '2026-11-01T00:00:00.000Z', placeholder: false };
  return {
    country,
    territory: null,
    documents: [
      { id: terms, type: 'TERMS', ...published },
      { id: privacy, type: 'PRIVACY', ...published },
    ],
  };
}

const presigned = (id: string): MockReply => ({
  body: { presignedUrl: `/server-api/files/legal/${id}?signature=x`, expiresAt: '2026-11-01T00:10:00.000Z' },
});

/** The documents by country (the mock answers every country's request; the URL says which was asked). */
function legalRoutes(country: 'GB' | 'AU'): Record<string, MockReply> {
  const documents =
    country === 'GB'
      ? documentsOf('GB', UK_TERMS_ID, UK_PRIVACY_ID)
      : documentsOf('AU', AU_TERMS_ID, UK_PRIVACY_ID);
  return {
    'GET /server-api/legal-documents': { body: documents },
    [`GET /server-api/creator/terms-and-conditions/${UK_TERMS_ID}`]: presigned(UK_TERMS_ID),
    [`GET /server-api/creator/terms-and-conditions/${UK_PRIVACY_ID}`]: presigned(UK_PRIVACY_ID),
    [`GET /server-api/creator/terms-and-conditions/${AU_TERMS_ID}`]: presigned(AU_TERMS_ID),
  };
}

function serveDocumentTexts(api: ReturnType<typeof mockApi>) {
  answerWithText(api, 'GET', `/server-api/files/legal/${UK_TERMS_ID}`, 'The United Kingdom’s terms.');
  answerWithText(api, 'GET', `/server-api/files/legal/${UK_PRIVACY_ID}`, 'The privacy policy.');
  answerWithText(api, 'GET', `/server-api/files/legal/${AU_TERMS_ID}`, 'Australia’s terms.');
}

const countriesAsked = (api: ReturnType<typeof mockApi>) =>
  calledUrls(api)
    .filter((url) => url.pathname === '/server-api/legal-documents')
    .map((url) => url.searchParams.get('country'));

const footer = () => screen.findByRole('contentinfo', {}, { timeout: 5000 });

describe('the legal footer', PAGE_TEST, () => {
  it('opens the United Kingdom’s terms and privacy policy for a visitor', async () => {
    const api = mockApi(legalRoutes('GB'));
    serveDocumentTexts(api);
    const { user } = renderApp('/sign-in');

    await user.click(within(await footer()).getByRole('button', { name: 'Terms' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(await within(terms).findByText('The United Kingdom’s terms.')).toBeInTheDocument();
    expect(countriesAsked(api)).toEqual(['GB']);
    await user.click(within(terms).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await footer()).getByRole('button', { name: 'Privacy' }));
    const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    expect(await within(privacy).findByText('The privacy policy.')).toBeInTheDocument();
    expect(countriesAsked(api).every((country) => country === 'GB')).toBe(true);
  });

  it('opens the documents of the creator’s own country once their account has loaded', async () => {
    const { user, api } = openAsCreator(
      '/',
      creatorInfo({
        status: 'AGENCY_CAPTURE',
        profile: {
          ...UK_PROFILE,
          dialCode: '+61',
          address: { ...UK_PROFILE.address, country: 'AU', postcode: '2000' },
        },
      }),
      legalRoutes('AU'),
    );
    serveDocumentTexts(api);
    await screen.findByRole('heading', { name: 'Your agency', level: 1 }, { timeout: 5000 });

    await user.click(within(await footer()).getByRole('button', { name: 'Terms' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(await within(terms).findByText('Australia’s terms.')).toBeInTheDocument();
    expect(countriesAsked(api)).toEqual(['AU']);
  });

  it('opens the creator’s own country’s terms after signing in, not those read before', async () => {
    const auCreator = creatorInfo({
      status: 'AGENCY_CAPTURE',
      profile: {
        ...UK_PROFILE,
        dialCode: '+61',
        address: { ...UK_PROFILE.address, country: 'AU', postcode: '2000' },
      },
    });
    let signedIn = false;
    const api = mockApi({
      ...legalRoutes('GB'),
      'GET /server-api/legal-documents': () => ({
        body: signedIn
          ? documentsOf('AU', AU_TERMS_ID, UK_PRIVACY_ID)
          : documentsOf('GB', UK_TERMS_ID, UK_PRIVACY_ID),
      }),
      'POST /api/auth/sign-in': () => {
        signedIn = true;
        return { body: { id_token: 'token-1' } };
      },
      'GET /server-api/creator/profile': { body: creatorProfileOf(auCreator) },
      'GET /server-api/creator/get-info': { body: auCreator },
    });
    serveDocumentTexts(api);
    const { user } = renderApp('/sign-in');
    await user.click(within(await footer()).getByRole('button', { name: 'Terms' }));
    const ukTerms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(await within(ukTerms).findByText('The United Kingdom’s terms.')).toBeInTheDocument();
    await user.click(within(ukTerms).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.type(screen.getByLabelText(/Email/), 'creator@example.com');
    await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'Tr4vel-Nimbus-82!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Your agency', level: 1 }, { timeout: 5000 });

    await user.click(within(await footer()).getByRole('button', { name: 'Terms' }));
    const auTerms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(await within(auTerms).findByText('Australia’s terms.')).toBeInTheDocument();
    expect(countriesAsked(api)).toEqual(['GB', 'AU']);
  });

  it('opens the terms for ?legal=TERMS, and forgets the parameter once closed', async () => {
    const api = mockApi(legalRoutes('GB'));
    serveDocumentTexts(api);
    const { user, router } = renderApp('/sign-up?legal=TERMS');

    const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' }, { timeout: 5000 });
    expect(await within(terms).findByText('The United Kingdom’s terms.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();

    await user.click(within(terms).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/sign-up');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the privacy policy for ?legal=PRIVACY and ignores other values', async () => {
    const api = mockApi(legalRoutes('GB'));
    serveDocumentTexts(api);
    renderApp('/sign-in?legal=PRIVACY');
    const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' }, { timeout: 5000 });
    expect(await within(privacy).findByText('The privacy policy.')).toBeInTheDocument();
  });

  it('opens nothing for a value it does not know', async () => {
    mockApi(legalRoutes('GB'));
    renderApp('/sign-in?legal=COOKIES');
    await footer();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
