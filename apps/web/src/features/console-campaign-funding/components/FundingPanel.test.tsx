import {
  FUNDING_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  type CampaignBudget,
  type CampaignDetail,
  type CampaignFunding,
  type MarketingRole,
} from '@platform/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockApi, type MockReply } from '../../../test/api-mock';
import { campaign, campaignPath, SUMMER_ID } from '../../../test/campaigns';
import { signedIn } from '../../../test/console';
import { campaignBudget } from '../../../test/payments';
import { fieldErrorOf } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { clearToasts, shownToasts } from '../../../test/toasts';
import { FundingPanel, WAITING_FOR_FUNDING } from './FundingPanel';

// Dialogs load their code when first opened, which can take a while on a busy machine.
const LOADED = { timeout: 5000 };

const FUNDINGS = campaignPath(SUMMER_ID, '/fundings');
const TRANSFER = campaignPath(SUMMER_ID, '/fundings/transfer');
const TOP_UP = campaignPath(SUMMER_ID, '/fundings/top-up');

const transfer = (overrides: Partial<CampaignFunding> = {}): CampaignFunding => ({
  id: '0e1f2a3b-0000-4000-8000-0000000000a1',
  amountMinor: 40_000,
  currency: 'GBP',
  method: 'TRANSFER',
  status: 'SUCCEEDED',
  reference: 'BACS 7781',
  failure: null,
  recordedBy: { id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e10', email: 'admin@example.com' },
  recordedAt: '2030-05-20T10:00:00.000Z',
  settledAt: '2030-05-20T10:00:00.000Z',
  ...overrides,
});

const topUp = (overrides: Partial<CampaignFunding> = {}): CampaignFunding =>
  transfer({
    id: '0e1f2a3b-0000-4000-8000-0000000000a2',
    amountMinor: 10_000,
    method: 'PROVIDER_TOP_UP',
    status: 'PENDING',
    reference: 'tu_1Nx',
    recordedBy: null,
    settledAt: null,
    ...overrides,
  });

const partlyFunded = campaignBudget({
  fundedMinor: 40_000,
  pendingFundingMinor: 10_000,
  fundingState: 'PARTLY_FUNDED',
});

interface Setup {
  role: MarketingRole;
  shown?: CampaignDetail;
  budget?: CampaignBudget;
  providerTopUps?: boolean;
  items?: CampaignFunding[];
  routes?: Record<string, MockReply>;
}

function renderPanel({
  role,
  shown = campaign({ status: 'LIVE' }),
  budget = partlyFunded,
  providerTopUps = false,
  items = [topUp(), transfer()],
  routes = {},
}: Setup) {
  signedIn();
  const api = mockApi({ [`GET ${FUNDINGS}`]: { body: { items, providerTopUps } }, ...routes });
  const onFunded = vi.fn();
  const view = renderWidget(
    <FundingPanel campaign={shown} role={role} budget={budget} onFunded={onFunded} />,
  );
  return { api, onFunded, ...view };
}

const fundingsTable = () => screen.findByRole('table', { name: 'Fundings' });

afterEach(clearToasts);

describe('FundingPanel', () => {
  it('shows the funding state and every funding with its method, reference, status, who and when', async () => {
    renderPanel({ role: 'Admin' });
    const table = await fundingsTable();
    expect(
      within(screen.getByRole('group', { name: 'Funding state' })).getByText('Partly funded'),
    ).toBeVisible();
    expect(
      screen.getByText('£400.00 received of the budget of £1,000.00; £100.00 still clearing.'),
    ).toBeVisible();
    const [, pending, received] = within(table).getAllByRole('row');
    expect(pending).toHaveTextContent('£100.00');
    expect(pending).toHaveTextContent('Provider top-up');
    expect(pending).toHaveTextContent('tu_1Nx');
    expect(pending).toHaveTextContent('Clearing');
    expect(pending).toHaveTextContent('The payments provider');
    expect(received).toHaveTextContent('Bank transfer');
    expect(received).toHaveTextContent('BACS 7781');
    expect(received).toHaveTextContent('Received');
    expect(received).toHaveTextContent('admin@example.com');
    expect(received).toHaveTextContent('20 May, 2030');
  });

  it('lets an Admin record a transfer, but not a CampaignManager, and offers a top-up only with a provider', async () => {
    const admin = renderPanel({ role: 'Admin' });
    await fundingsTable();
    expect(screen.getByRole('button', { name: 'Record a transfer' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Top up' })).not.toBeInTheDocument();
    admin.unmount();

    const manager = renderPanel({ role: 'CampaignManager' });
    await fundingsTable();
    expect(screen.queryByRole('button', { name: 'Record a transfer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Top up' })).not.toBeInTheDocument();
    manager.unmount();

    renderPanel({ role: 'CampaignManager', providerTopUps: true });
    await fundingsTable();
    expect(screen.getByRole('button', { name: 'Top up' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Record a transfer' })).not.toBeInTheDocument();
  });

  it('offers no way to fund an ended campaign', async () => {
    renderPanel({ role: 'Admin', providerTopUps: true, shown: campaign({ status: 'ENDED' }) });
    await fundingsTable();
    expect(screen.queryByRole('button', { name: 'Record a transfer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Top up' })).not.toBeInTheDocument();
  });

  it('says a published campaign waits for its funding, and not once it is funded', async () => {
    const waiting = renderPanel({ role: 'CampaignManager', shown: campaign({ status: 'PUBLISHED' }) });
    await fundingsTable();
    expect(screen.getByText(WAITING_FOR_FUNDING)).toBeVisible();
    waiting.unmount();

    renderPanel({
      role: 'CampaignManager',
      shown: campaign({ status: 'PUBLISHED' }),
      budget: campaignBudget(),
    });
    await fundingsTable();
    expect(within(screen.getByRole('group', { name: 'Funding state' })).getByText('Funded')).toBeVisible();
    expect(screen.queryByText(WAITING_FOR_FUNDING)).not.toBeInTheDocument();
  });

  it('records a transfer in minor units with its reference, after the schema’s messages under the fields', async () => {
    const { api, onFunded, user } = renderPanel({
      role: 'Admin',
      routes: {
        [`POST ${TRANSFER}`]: {
          status: 201,
          body: transfer({ amountMinor: 60_000, reference: 'BACS 9001' }),
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Record a transfer' }));
    const dialog = await screen.findByRole('dialog', { name: /Record a transfer/ }, LOADED);
    await user.click(within(dialog).getByRole('button', { name: 'Record the transfer' }));

    const amount = within(dialog).getByRole('textbox', { name: 'Amount received' });
    const reference = within(dialog).getByRole('textbox', { name: 'Reference' });
    await waitFor(() => expect(fieldErrorOf(amount)).toHaveTextContent(FUNDING_MESSAGES.amountRange));
    expect(fieldErrorOf(reference)).toHaveTextContent(FUNDING_MESSAGES.referenceRequired);
    expect(api.requestsTo('POST', TRANSFER)).toHaveLength(0);

    await user.type(amount, '600');
    await user.type(reference, 'BACS 9001');
    await user.click(within(dialog).getByRole('button', { name: 'Record the transfer' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = api.requestsTo('POST', TRANSFER);
    expect(sent?.body).toEqual({ amountMinor: 60_000, reference: 'BACS 9001' });
    expect(sent?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/\S{16,}/);
    expect(onFunded).toHaveBeenCalled();
    expect(await shownToasts()).toEqual(['Transfer recorded: £600.00 recorded for “Summer Sound”.']);
  });

  it('shows what the provider refused inside the top-up dialog, which stays open', async () => {
    const { api, onFunded, user } = renderPanel({
      role: 'CampaignManager',
      providerTopUps: true,
      routes: {
        [`POST ${TOP_UP}`]: {
          status: 503,
          body: errorBody('PROVIDER_UNAVAILABLE', FUNDING_MESSAGES.providerUnavailable),
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Top up' }));
    const dialog = await screen.findByRole('dialog', { name: /Top up/ }, LOADED);
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Top up' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FUNDING_MESSAGES.providerUnavailable);
    expect(api.requestsTo('POST', TOP_UP)[0]?.body).toEqual({ amountMinor: 1250 });
    expect(onFunded).not.toHaveBeenCalled();
  });

  it('puts the server’s field error under the amount', async () => {
    const { user } = renderPanel({
      role: 'Admin',
      routes: {
        [`POST ${TRANSFER}`]: {
          status: 422,
          body: errorBody('VALIDATION_FAILED', 'Check the fields', [
            { field: 'amountMinor', message: FUNDING_MESSAGES.amountTooLarge },
          ]),
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Record a transfer' }));
    const dialog = await screen.findByRole('dialog', { name: /Record a transfer/ }, LOADED);
    const amount = within(dialog).getByRole('textbox', { name: 'Amount received' });
    await user.type(amount, '5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'REF 1');
    await user.click(within(dialog).getByRole('button', { name: 'Record the transfer' }));
    await waitFor(() => expect(fieldErrorOf(amount)).toHaveTextContent(FUNDING_MESSAGES.amountTooLarge));
    expect(within(dialog).getByRole('button', { name: 'Record the transfer' })).toBeVisible();
  });
});
