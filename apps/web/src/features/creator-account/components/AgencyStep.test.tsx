import {
  CREATOR_MESSAGES,
  SEARCH_DEBOUNCE_MS,
  invalidFieldsMessage,
  type CreatorInfo,
} from '@platform/shared';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, errorBody, type MockReply } from '../../../test/api-mock';
import { calledUrls, openAsCreator, PAGE_TEST } from '../../../test/creator-app';
import { CREATOR_ID, creatorInfo, UK_PROFILE } from '../../../test/creator-info';
import { fieldErrorOf, screen } from '../../../test/render';

const NORTHSTAR = { partyId: '1d3e5f7a-9b1c-4d2e-8f3a-5b7c9d1e3f5a', name: 'Northstar Talent' };
const BLUE_WAVE = { partyId: '2e4f6a8b-0c2d-4e3f-9a4b-6c8d0e2f4a6b', name: 'Blue Wave Media' };

const atAgencyStep = creatorInfo({ status: 'AGENCY_CAPTURE', profile: UK_PROFILE });
const USER_INFO = `/server-api/creator/${CREATOR_ID}/user-info`;

/** The account once the agency step is done: the identity check comes next. */
const movedOn = (agency: CreatorInfo['agency']): MockReply => ({
  body: { ...atAgencyStep, status: 'KYC_CAPTURE', agency },
});

const KYC_CONFIG: MockReply = {
  body: {
    provider: 'built-in',
    status: 'Created',
    reason: null,
    sdkToken: null,
    uploads: {
      document: { url: '/files/document', accept: ['image/png'], maxBytes: 10_485_760, uploaded: false },
      selfie: { url: '/files/selfie', accept: ['image/png'], maxBytes: 10_485_760, uploaded: false },
    },
  },
};

async function openAgencyStep(routes: Parameters<typeof openAsCreator>[2] = {}) {
  const view = openAsCreator('/', atAgencyStep, {
    'GET /server-api/creator/lookup/agency': { body: { data: [NORTHSTAR, BLUE_WAVE] } },
    'GET /server-api/creator/kyc-sdk-config': KYC_CONFIG,
    ...routes,
  });
  const input = await screen.findByRole('combobox', { name: 'Your agency' }, { timeout: 5000 });
  return { ...view, input };
}

/** What the creator searched for; the step's own read of whether any agency is listed searches nothing. */
const agencySearches = (api: ReturnType<typeof openAsCreator>['api']) =>
  calledUrls(api)
    .filter((url) => url.pathname === '/server-api/creator/lookup/agency')
    .flatMap((url) => url.searchParams.get('search') ?? []);

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('AGENCY_CAPTURE: the creator’s agency', PAGE_TEST, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for the agency as step 2 of 4', async () => {
    await openAgencyStep();
    expect(screen.getByRole('heading', { name: 'Your agency', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
  });

  it('searches agencies on the server 500 ms after the creator stops typing', async () => {
    const { api, input } = await openAgencyStep();
    vi.useFakeTimers();

    fireEvent.change(input, { target: { value: 'N' } });
    fireEvent.change(input, { target: { value: 'No' } });
    fireEvent.change(input, { target: { value: 'Nor' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(agencySearches(api)).not.toContain('Nor');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(agencySearches(api)).toEqual(['Nor']);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(optionNames()).toEqual(['Blue Wave Media', 'Northstar Talent']);
  });

  it('continues with the chosen agency', async () => {
    const reply = deferred<MockReply>();
    const { user, api, input } = await openAgencyStep({ [`PATCH ${USER_INFO}`]: () => reply.promise });

    await user.type(input, 'North');
    await user.click(await screen.findByRole('option', { name: 'Northstar Talent' }, { timeout: 2000 }));
    expect(input).toHaveValue('Northstar Talent');
    await user.click(screen.getByRole('button', { name: 'Continue with this agency' }));

    const [request] = api.requestsTo('PATCH', USER_INFO);
    expect(request?.body).toEqual({ agencyId: NORTHSTAR.partyId });
    expect(calledUrls(api).find((url) => url.pathname === USER_INFO)?.search).toBe('');
    expect(screen.getByRole('button', { name: 'Continue with this agency' })).toHaveAttribute('data-loading');
    expect(screen.getByRole('button', { name: 'I don’t have an agency' })).toBeDisabled();

    reply.resolve(movedOn({ decided: true, id: NORTHSTAR.partyId, name: NORTHSTAR.name }));
    expect(await screen.findByRole('heading', { name: 'Your identity', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
  });

  it('skips the step for a creator without an agency', async () => {
    const { user, api } = await openAgencyStep({
      [`PATCH ${USER_INFO}`]: movedOn({ decided: true, id: null, name: null }),
    });
    await user.click(screen.getByRole('button', { name: 'I don’t have an agency' }));

    expect(await screen.findByRole('heading', { name: 'Your identity', level: 1 })).toBeInTheDocument();
    const [request] = api.requestsTo('PATCH', USER_INFO);
    expect(request?.body).toEqual({});
    const sent = calledUrls(api).find((url) => url.pathname === USER_INFO);
    expect(sent?.searchParams.get('skipAgencyForm')).toBe('true');
  });

  it('offers no empty search while no agency is listed, and continues without one', async () => {
    const { user, api } = openAsCreator('/', atAgencyStep, {
      'GET /server-api/creator/lookup/agency': { body: { data: [] } },
      'GET /server-api/creator/kyc-sdk-config': KYC_CONFIG,
      [`PATCH ${USER_INFO}`]: movedOn({ decided: true, id: null, name: null }),
    });
    expect(
      await screen.findByText(/No agencies have been added yet, so there is none to choose/, undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Your agency' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Your identity', level: 1 })).toBeInTheDocument();
    const sent = calledUrls(api).find((url) => url.pathname === USER_INFO);
    expect(sent?.searchParams.get('skipAgencyForm')).toBe('true');
  });

  it('asks for a choice when the creator continues without one', async () => {
    const { user, api, input } = await openAgencyStep();
    await user.click(screen.getByRole('button', { name: 'Continue with this agency' }));

    const message = fieldErrorOf(input);
    expect(message).toHaveTextContent('Choose your agency, or tell us you do not have one.');
    expect(message?.querySelector('.tabler-icon-alert-triangle')).not.toBeNull();
    expect(api.requestsTo('PATCH', USER_INFO)).toHaveLength(0);
  });

  it('says why the server refused the agency', async () => {
    const { user, input } = await openAgencyStep({
      [`PATCH ${USER_INFO}`]: {
        status: 422,
        body: errorBody('INVALID_FIELDS', invalidFieldsMessage(['Agency']), [
          { field: 'agencyId', message: CREATOR_MESSAGES.agencyUnknown },
        ]),
      },
    });
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Blue Wave Media' }));
    await user.click(screen.getByRole('button', { name: 'Continue with this agency' }));

    await waitFor(() => expect(fieldErrorOf(input)).toHaveTextContent(CREATOR_MESSAGES.agencyUnknown));
    expect(screen.getByRole('heading', { name: 'Your agency', level: 1 })).toBeInTheDocument();
  });

  it('sends the creator to sign-in when the agency search finds the session gone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const signedOut = { status: 401, body: errorBody('UNAUTHENTICATED', 'Signed out') };
    const { user, router, input } = await openAgencyStep({
      'GET /server-api/creator/lookup/agency': signedOut,
      'POST /api/auth/refresh-token': signedOut,
    });
    await user.click(input);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
  });
});
