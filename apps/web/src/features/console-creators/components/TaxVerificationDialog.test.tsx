import { notifications } from '@mantine/notifications';
import { TAX_VERIFICATION_MESSAGES, type AccountRole, type CreatorConsoleDetail } from '@platform/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { errorBody, mockApi } from '../../../test/api-mock';
import { fieldErrorOf } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { CreatorDetail } from './CreatorDetail';

const ID = '5b2c9a52-8d4e-4b7a-9c2d-000000000001';
const PAGE = `/server-api/marketing/creators/${ID}`;
const VERIFY = `${PAGE}/tax-verification`;
const LOADED = { timeout: 5000 };

const ROBIN_BASE: CreatorConsoleDetail = {
  id: ID,
  firstName: 'Robin',
  lastName: 'Banks',
  email: 'robin@example.com',
  country: 'GB',
  onboardingStatus: 'ACTIVE',
  handles: [],
  genreIds: [],
  agencyId: null,
  audienceClusterId: null,
  kycStatus: 'Success',
  taxStatus: null,
  remindedAt: null,
  createdAt: '2026-11-02T14:07:00.000Z',
  emailVerified: true,
  lastSignedInAt: null,
  dateOfBirth: '1995-04-12',
  gender: 'Female',
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
  handleVerifications: [],
  youtubeChannelId: null,
  artistIds: [],
  taxRegistration: null,
  kycChecks: [],
  campaigns: [],
  payments: [],
  notes: [],
};

/** Robin gave a UK VAT number on an install without HMRC's credentials: nobody could confirm it. */
const ROBIN: CreatorConsoleDetail = {
  ...ROBIN_BASE,
  taxStatus: 'not verified',
  taxRegistration: {
    isRegistered: true,
    type: 'VAT',
    number: 'GB980780684',
    validationStatus: 'not verified',
    checkedAt: '2026-11-20T10:00:00.000Z',
    checkSource: 'offline',
    checkNote: 'No VAT checking service is configured.',
    businessName: null,
    verification: null,
    checkableByHand: true,
  },
};

const VERIFIED: CreatorConsoleDetail = {
  ...ROBIN,
  taxStatus: 'valid',
  taxRegistration: {
    ...ROBIN.taxRegistration!,
    validationStatus: 'valid',
    checkSource: 'support',
    checkNote: 'HMRC online check: registered to Robin Banks Media',
    verification: {
      outcome: 'VERIFIED',
      note: 'HMRC online check: registered to Robin Banks Media',
      reference: 'HMRC 0042',
      checkedOn: '2026-11-21',
      decidedBy: 'Sam Support',
      decidedAt: '2026-11-21T11:00:00.000Z',
    },
  },
};

afterEach(() => {
  act(() => notifications.clean());
});

function openPage(
  role: AccountRole,
  creator: CreatorConsoleDetail,
  routes: Parameters<typeof mockApi>[0] = {},
) {
  storeAccessToken('token-1', Date.now() + 60_000);
  const api = mockApi({ [`GET ${PAGE}`]: { body: creator }, ...routes });
  const view = renderWidget(<CreatorDetail id={ID} role={role} listPath="/console/creators" />);
  return { api, ...view };
}

const taxSection = () => screen.findByRole('region', { name: 'Tax registration' }, LOADED);

describe('checking a tax registration by hand', () => {
  it('says invoices carry no VAT yet, and records what Support checked, its reference and the day', async () => {
    const { api, user } = openPage('Support', ROBIN, { [`POST ${VERIFY}`]: { body: VERIFIED } });
    const section = await taxSection();
    expect(within(section).getByText(/invoices issued to Robin Banks carry no VAT/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Verify by hand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify GB980780684 by hand' }, LOADED);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    const note = within(dialog).getByLabelText(/What you checked/);
    const reference = within(dialog).getByLabelText(/Reference/);
    await waitFor(() =>
      expect(fieldErrorOf(note)).toHaveTextContent(TAX_VERIFICATION_MESSAGES.evidenceRequired),
    );
    expect(fieldErrorOf(reference)).toHaveTextContent(TAX_VERIFICATION_MESSAGES.referenceRequired);
    expect(api.requestsTo('POST', VERIFY)).toHaveLength(0);

    await user.type(note, 'HMRC online check: registered to Robin Banks Media');
    await user.type(reference, 'HMRC 0042');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(api.requestsTo('POST', VERIFY)).toHaveLength(1));
    expect(api.requestsTo('POST', VERIFY)[0]?.body).toMatchObject({
      outcome: 'VERIFIED',
      number: 'GB980780684',
      note: 'HMRC online check: registered to Robin Banks Media',
      reference: 'HMRC 0042',
    });
    const sent = api.requestsTo('POST', VERIFY)[0]?.body as { checkedOn: string };
    expect(sent.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      await screen.findByText(
        'Robin Banks’s VAT number is verified: the invoices issued from now on carry VAT.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a check by hand with who made it, and still lets Support change their mind', async () => {
    openPage('Admin', VERIFIED);
    const section = await taxSection();
    expect(within(section).getByText(/Verified by hand on 2026-11-21, by Sam Support/)).toBeInTheDocument();
    expect(within(section).getByText('Reference: HMRC 0042')).toBeInTheDocument();
    expect(within(section).getByText(/by hand, by Support/)).toBeInTheDocument();
    expect(within(section).queryByText(/carry no VAT/)).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Mark not valid' })).toBeInTheDocument();
  });

  it('marks a number not valid with a reason for the creator, and shows what the server refuses', async () => {
    const { api, user } = openPage('Support', ROBIN, {
      [`POST ${VERIFY}`]: {
        status: 409,
        body: errorBody('CONFLICT', TAX_VERIFICATION_MESSAGES.numberChanged),
      },
    });
    const section = await taxSection();
    await user.click(within(section).getByRole('button', { name: 'Mark not valid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark GB980780684 not valid' }, LOADED);
    expect(within(dialog).queryByLabelText(/Reference/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason for the creator/), 'Not on HMRC’s register.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark not valid' }));
    expect(await within(dialog).findByText(TAX_VERIFICATION_MESSAGES.numberChanged)).toBeInTheDocument();
    expect(api.requestsTo('POST', VERIFY)[0]?.body).toMatchObject({
      outcome: 'NOT_VALID',
      note: 'Not on HMRC’s register.',
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is not offered to those who do not review creators', async () => {
    openPage('TerritoryManager', ROBIN);
    const section = await taxSection();
    expect(within(section).getByText('GB980780684')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Verify by hand' })).not.toBeInTheDocument();
  });

  it('is not offered for a number HMRC answered for', async () => {
    openPage('Support', {
      ...ROBIN,
      taxRegistration: {
        ...ROBIN.taxRegistration!,
        validationStatus: 'valid',
        checkSource: 'hmrc',
        checkableByHand: false,
      },
    });
    const section = await taxSection();
    expect(within(section).getByText(/\(HMRC\)/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Verify by hand' })).not.toBeInTheDocument();
  });
});
