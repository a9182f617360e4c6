import { PAYOUT_DETAILS_MESSAGES, type PayoutDetailsResponse } from '@platform/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { errorBody, mockApi, type MockReply, type RecordedRequest } from '../../../test/api-mock';
import { fieldErrorOf } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { clearToasts, shownToasts } from '../../../test/toasts';
import { payoutDetailsPath } from '../api/payout-details';
import { PayoutDetailsCard } from './PayoutDetailsCard';

const GET = `GET ${payoutDetailsPath}`;
const PUT = `PUT ${payoutDetailsPath}`;

const NONE: PayoutDetailsResponse = { details: null, needed: true };
const GIVEN: PayoutDetailsResponse = {
  needed: true,
  details: {
    method: 'BANK_ACCOUNT',
    country: 'GB',
    masked: 'Bank account (GB) ending ••••8901',
    updatedAt: '2030-06-01T09:30:00.000Z',
  },
};

function renderCard(routes: Record<string, MockReply | ((request: RecordedRequest) => MockReply)>) {
  const api = mockApi(routes);
  storeAccessToken('token-1', Date.now() + 60_000);
  return { api, ...renderWidget(<PayoutDetailsCard />) };
}

const card = () => screen.findByRole('region', { name: 'Payout details' });

describe('PayoutDetailsCard', () => {
  afterEach(clearToasts);

  it('asks for the fields of the country chosen, checks them as the server does, and sends only those', async () => {
    const { api, user } = renderCard({
      [GET]: { body: NONE },
      [PUT]: { body: GIVEN },
    });
    const region = await card();
    await user.selectOptions(within(region).getByLabelText(/Country of the bank account/), 'United Kingdom');
    await user.type(within(region).getByLabelText(/Name on the account/), 'Casey Creator');
    await user.type(within(region).getByLabelText(/Sort code/), '20-00');
    await user.type(within(region).getByLabelText(/Account number/), '55678901');
    expect(within(region).queryByLabelText(/IBAN/)).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Save payout details' }));

    expect(fieldErrorOf(within(region).getByLabelText(/Sort code/))).toHaveTextContent(
      PAYOUT_DETAILS_MESSAGES.sortCode,
    );
    expect(api.requestsTo('PUT', payoutDetailsPath)).toHaveLength(0);

    await user.type(within(region).getByLabelText(/Sort code/), '-00');
    await user.click(within(region).getByRole('button', { name: 'Save payout details' }));

    expect(await within(region).findByText('Bank account (GB) ending ••••8901')).toBeInTheDocument();
    expect(api.requestsTo('PUT', payoutDetailsPath)[0]?.body).toEqual({
      method: 'BANK_ACCOUNT',
      country: 'GB',
      accountHolder: 'Casey Creator',
      sortCode: '20-00-00',
      accountNumber: '55678901',
    });
    expect((await shownToasts()).join(' ')).toMatch(/Your payout details are saved/);
  });

  it('asks an IBAN in an EU country and refuses one whose checksum is wrong', async () => {
    const { api, user } = renderCard({ [GET]: { body: NONE } });
    const region = await card();
    await user.selectOptions(within(region).getByLabelText(/Country of the bank account/), 'Germany');
    await user.type(within(region).getByLabelText(/Name on the account/), 'Kai Weber');
    await user.type(within(region).getByLabelText(/IBAN/), 'DE89 3704 0044 0532 0130 01');
    await user.click(within(region).getByRole('button', { name: 'Save payout details' }));

    expect(fieldErrorOf(within(region).getByLabelText(/IBAN/))).toHaveTextContent(
      PAYOUT_DETAILS_MESSAGES.iban,
    );
    expect(api.requestsTo('PUT', payoutDetailsPath)).toHaveLength(0);
  });

  it('takes a PayPal address, and places the server’s refusal under its field', async () => {
    const { user } = renderCard({
      [GET]: { body: NONE },
      [PUT]: {
        status: 400,
        body: errorBody('VALIDATION_FAILED', 'Invalid request', [
          { field: 'paypalEmail', message: 'PayPal does not know this address' },
        ]),
      },
    });
    const region = await card();
    await user.selectOptions(within(region).getByLabelText(/How you want to be paid/), 'PayPal');
    expect(within(region).queryByLabelText(/Country of the bank account/)).not.toBeInTheDocument();
    await user.type(within(region).getByLabelText(/PayPal email/), 'casey@example.com');
    await user.click(within(region).getByRole('button', { name: 'Save payout details' }));

    await waitFor(() =>
      expect(fieldErrorOf(within(region).getByLabelText(/PayPal email/))).toHaveTextContent(
        'PayPal does not know this address',
      ),
    );
  });

  it('shows details given, masked, and lets them be changed or the change cancelled', async () => {
    const { user } = renderCard({ [GET]: { body: GIVEN } });
    const region = await card();
    expect(within(region).getByText('Bank account (GB) ending ••••8901')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Save payout details' })).not.toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Change payout details' }));
    expect(within(region).getByText(/New details apply to payments not yet sent for payment/)).toBeVisible();
    await user.click(within(region).getByRole('button', { name: 'Cancel' }));

    await waitFor(() =>
      expect(within(region).getByRole('button', { name: 'Change payout details' })).toHaveFocus(),
    );
  });

  it('is not shown where a payouts provider pays and nothing was given; a failure to load offers a retry', async () => {
    const { unmount } = renderCard({ [GET]: { body: { details: null, needed: false } } });
    await waitFor(() =>
      expect(screen.queryByLabelText('Loading your payout details')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('region', { name: 'Payout details' })).not.toBeInTheDocument();
    unmount();

    renderCard({ [GET]: { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Down') } });
    expect(await screen.findByText('We could not load your payout details')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
