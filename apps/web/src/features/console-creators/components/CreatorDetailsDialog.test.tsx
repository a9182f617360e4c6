import { notifications } from '@mantine/notifications';
import {
  mobileDigitsMessage,
  NAME_MESSAGE,
  REQUIRED_MESSAGE,
  type AccountRole,
  type CreatorConsoleDetail,
} from '@platform/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { errorBody, mockApi } from '../../../test/api-mock';
import { fieldErrorOf } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { CreatorDetail } from './CreatorDetail';

const ID = '5b2c9a52-8d4e-4b7a-9c2d-000000000001';
const PAGE = `/server-api/marketing/creators/${ID}`;
const LOADED = { timeout: 5000 };

const ROBIN: CreatorConsoleDetail = {
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

afterEach(() => {
  act(() => notifications.clean());
});

function openPage(role: AccountRole, routes: Parameters<typeof mockApi>[0] = {}) {
  storeAccessToken('token-1', Date.now() + 60_000);
  const api = mockApi({ [`GET ${PAGE}`]: { body: ROBIN }, ...routes });
  const view = renderWidget(<CreatorDetail id={ID} role={role} listPath="/console/creators" />);
  return { api, ...view };
}

async function openDialog(user: ReturnType<typeof openPage>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Edit details' }, LOADED));
  return screen.findByRole('dialog', { name: 'Edit Robin Banks’s details' }, LOADED);
}

describe('editing a creator’s details', () => {
  it('shows the shared rules’ messages under the fields and sends nothing until they are right', async () => {
    const { api, user } = openPage('Support', {
      [`PATCH ${PAGE}`]: { body: { ...ROBIN, mobile: '7700900456' } },
    });
    const dialog = await openDialog(user);

    const mobile = within(dialog).getByLabelText('Mobile number');
    await user.clear(mobile);
    await user.type(mobile, '77009');
    const firstName = within(dialog).getByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'R0bin');
    const city = within(dialog).getByLabelText('Town or city');
    await user.clear(city);
    await user.click(within(dialog).getByRole('button', { name: 'Save details' }));

    await waitFor(() => expect(fieldErrorOf(mobile)).toHaveTextContent(mobileDigitsMessage(10)));
    expect(fieldErrorOf(firstName)).toHaveTextContent(NAME_MESSAGE);
    expect(fieldErrorOf(city)).toHaveTextContent(REQUIRED_MESSAGE);
    expect(api.requestsTo('PATCH', PAGE)).toHaveLength(0);

    await user.clear(mobile);
    await user.type(mobile, '7700900456');
    await user.clear(firstName);
    await user.type(firstName, 'Robin');
    await user.type(city, 'London');
    await user.click(within(dialog).getByRole('button', { name: 'Save details' }));

    await waitFor(() => expect(api.requestsTo('PATCH', PAGE)).toHaveLength(1));
    expect(api.requestsTo('PATCH', PAGE)[0]?.body).toMatchObject({
      firstName: 'Robin',
      mobile: '7700900456',
      address: { country: 'GB', city: 'London', postcode: 'SW1A 1AA' },
      audienceClusterId: null,
    });
    expect(await screen.findByText('Robin Banks’s details are saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('places the creator in an audience cluster', async () => {
    const cluster = '0c9d8e7f-1a2b-4c3d-9e8f-000000000007';
    const { api, user } = openPage('Support', {
      'GET /server-api/marketing/lookups/audience-clusters': {
        body: {
          items: [{ id: cluster, kind: 'audience-cluster', name: 'Gen Z gamers' }],
          total: 1,
          page: 1,
          pageSize: 100,
        },
      },
      [`PATCH ${PAGE}`]: { body: { ...ROBIN, audienceClusterId: cluster } },
    });
    const dialog = await openDialog(user);
    await within(dialog).findByRole('option', { name: 'Gen Z gamers' }, LOADED);
    await user.selectOptions(within(dialog).getByLabelText('Audience cluster'), 'Gen Z gamers');
    await user.click(within(dialog).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(api.requestsTo('PATCH', PAGE)).toHaveLength(1));
    expect(api.requestsTo('PATCH', PAGE)[0]?.body).toMatchObject({ audienceClusterId: cluster });
  });

  it('puts what the server refuses under its field', async () => {
    const refusal = 'Choose ABN registration for this country';
    const { user } = openPage('Admin', {
      [`PATCH ${PAGE}`]: {
        status: 422,
        body: errorBody('INVALID_FIELDS', 'Please verify the following field(s): Country', [
          { field: 'address.country', message: refusal },
        ]),
      },
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save details' }));
    const country = within(dialog).getByLabelText('Country');
    await waitFor(() => expect(fieldErrorOf(country)).toHaveTextContent(refusal));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is offered only to roles that may edit creators', async () => {
    openPage('TerritoryManager');
    expect(await screen.findByRole('heading', { name: 'Robin Banks', level: 1 }, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();
  });
});
