import type { CreatorConsoleDetail, CreatorConsoleItem } from '@platform/shared';
import { notifications } from '@mantine/notifications';
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/console';
import { mockApi, queriesTo } from '../../../test/api-mock';
import { renderApp, screen } from '../../../test/render';

const ROBIN: CreatorConsoleItem = {
  id: '5b2c9a52-8d4e-4b7a-9c2d-000000000001',
  firstName: 'Robin',
  lastName: 'Banks',
  email: 'robin@example.com',
  country: 'GB',
  onboardingStatus: 'KYC_CAPTURE',
  handles: [{ platform: 'TikTok', handle: 'robindances', url: 'https://www.tiktok.com/@robindances' }],
  genreIds: [],
  agencyId: null,
  audienceClusterId: null,
  kycStatus: 'Failure',
  taxStatus: 'valid',
  remindedAt: null,
  createdAt: '2026-11-02T14:07:00.000Z',
};

const DETAIL: CreatorConsoleDetail = {
  ...ROBIN,
  emailVerified: false,
  lastSignedInAt: null,
  dateOfBirth: '1995-04-12',
  gender: null,
  dialCode: '+44',
  mobile: '7700900123',
  address: {
    line1: '1 High Street',
    line2: null,
    city: 'London',
    stateProvince: null,
    postcode: 'SW1A 1AA',
    country: 'GB',
  },
  handleVerifications: [
    {
      platform: 'TikTok',
      handle: 'robindances',
      verified: { method: 'EVIDENCE', at: '2026-11-02T10:00:00.000Z', accountId: null, by: 'Sam Support' },
      latestAttempt: null,
      ways: { oauth: false, bioCode: false, evidence: true },
    },
  ],
  youtubeChannelId: null,
  artistIds: [],
  taxRegistration: {
    isRegistered: true,
    type: 'VAT',
    number: 'GB123456789',
    validationStatus: 'valid',
    checkedAt: null,
    checkSource: null,
    checkNote: null,
    businessName: null,
    verification: null,
    checkableByHand: false,
  },
  kycChecks: [
    {
      id: 'k1',
      provider: 'built-in',
      status: 'Failure',
      reason: 'The photo is blurred.',
      submittedAt: '2026-11-03T09:30:00.000Z',
      decidedAt: '2026-11-03T10:30:00.000Z',
      decidedBy: 'Sam Support',
    },
  ],
  campaigns: [
    {
      campaignName: 'Summer Dance',
      rsvp: {
        id: 'r1',
        campaignId: 'c1',
        creatorId: '5b2c9a52-8d4e-4b7a-9c2d-000000000001',
        status: 'ACCEPT',
        createdAt: '2026-11-02T10:00:00.000Z',
        updatedAt: '2026-11-02T10:00:00.000Z',
      },
      entries: [
        {
          id: 'e1',
          campaignId: 'c1',
          creatorId: '5b2c9a52-8d4e-4b7a-9c2d-000000000001',
          platform: 'TikTok',
          kind: 'POST',
          postLink: 'https://www.tiktok.com/@robindances/video/1',
          videoKey: null,
          status: 'APPROVED',
          rejection: null,
          submittedAt: '2026-11-02T11:00:00.000Z',
          reviewDueAt: '2026-11-09T11:00:00.000Z',
          changeRequest: null,
          autoApproved: false,
          reviewedAt: '2026-11-02T12:00:00.000Z',
        },
      ],
    },
  ],
  payments: [
    {
      id: 'p1',
      campaignId: 'c1',
      campaignName: 'Summer Dance',
      creatorId: '5b2c9a52-8d4e-4b7a-9c2d-000000000001',
      entryId: 'e1',
      amountMinor: 2500,
      currency: 'GBP',
      status: 'PAID',
      reward: { rule: 'SLOT', rank: null, period: null, basis: null },
      rejectionReason: null,
      paidAt: '2026-11-04T10:00:00.000Z',
      paidOn: null,
      paidMethod: null,
      paidTo: null,
      failureReason: null,
      invoiceNumber: 'SB-2026-000123',
      creditNoteNumber: null,
      createdAt: '2026-11-03T10:00:00.000Z',
      decidedAt: '2026-11-03T12:00:00.000Z',
    },
  ],
  notes: [],
};

const LIST = '/server-api/marketing/creators';
const PAGE = `${LIST}/${ROBIN.id}`;
const LOADED = { timeout: 5000 };

afterEach(() => {
  act(() => notifications.clean());
});

describe('/console/creators', () => {
  it('lists creators and sends the search and filters to the server', async () => {
    const api = mockApi({
      ...signedInAs('Support'),
      [`GET ${LIST}`]: { body: { items: [ROBIN], total: 1, page: 1, pageSize: 25 } },
      'GET /server-api/marketing/lookups/genres': {
        body: { items: [{ id: 'g1', kind: 'genre', name: 'Dance' }], total: 1, page: 1, pageSize: 100 },
      },
      'GET /server-api/marketing/lookups/agencies': { body: { items: [], total: 0, page: 1, pageSize: 100 } },
    });
    const { user } = renderApp('/console/creators');
    const table = await screen.findByRole('table', { name: 'Creators' }, LOADED);
    expect(await within(table).findByText('Robin Banks')).toBeInTheDocument();
    expect(within(table).getByText('TikTok: robindances')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search'), 'robindances');
    await waitFor(() => expect(queriesTo(api, LIST).at(-1)?.get('search')).toBe('robindances'), LOADED);
    await user.selectOptions(screen.getByLabelText('KYC'), 'Failure');
    await waitFor(() => expect(queriesTo(api, LIST).at(-1)?.get('kycStatus')).toBe('Failure'));
    expect(queriesTo(api, LIST).at(-1)?.get('search')).toBe('robindances');
    await screen.findByRole('option', { name: 'Dance' });
    await user.selectOptions(screen.getByLabelText('Genre'), 'Dance');
    await waitFor(() => expect(queriesTo(api, LIST).at(-1)?.get('genreId')).toBe('g1'));
  });

  it('shows a creator’s page, and Support ends their sessions after confirming', async () => {
    const api = mockApi({
      ...signedInAs('Support'),
      [`GET ${PAGE}`]: { body: DETAIL },
      [`POST ${PAGE}/end-sessions`]: { body: { message: 'The creator is signed out everywhere.' } },
    });
    const { user } = renderApp(`/console/creators/${ROBIN.id}`);
    expect(await screen.findByRole('heading', { name: 'Robin Banks', level: 1 }, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'robindances' })).toHaveAttribute(
      'href',
      'https://www.tiktok.com/@robindances',
    );
    expect(screen.getByText(/Verified: Evidence checked by Support, .* by Sam Support/)).toBeInTheDocument();
    expect(screen.getByText('The photo is blurred.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rejected' })).toHaveAttribute(
      'href',
      '/console/identity-checks/k1',
    );
    const campaigns = screen.getByRole('table', { name: 'Campaigns' });
    expect(within(campaigns).getByRole('link', { name: 'Summer Dance' })).toHaveAttribute(
      'href',
      '/console/campaigns/c1',
    );
    expect(within(campaigns).getByRole('link', { name: 'TikTok post' })).toHaveAttribute(
      'href',
      'https://www.tiktok.com/@robindances/video/1',
    );
    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(within(payments).getByText('Summer Dance')).toBeInTheDocument();
    expect(within(payments).getByText('SB-2026-000123')).toBeInTheDocument();
    expect(screen.getByText('Paid: £25.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'End sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign this creator out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    expect(await screen.findByText('The creator is signed out everywhere.')).toBeInTheDocument();
    expect(api.requestsTo('POST', `${PAGE}/end-sessions`)).toHaveLength(1);
  });

  it('offers a TerritoryManager the reminder but not Support’s actions', async () => {
    mockApi({ ...signedInAs('TerritoryManager'), [`GET ${PAGE}`]: { body: DETAIL } });
    renderApp(`/console/creators/${ROBIN.id}`);
    expect(await screen.findByRole('heading', { name: 'Robin Banks', level: 1 }, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send onboarding reminder' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End sessions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rejected' })).not.toBeInTheDocument();
  });
});
