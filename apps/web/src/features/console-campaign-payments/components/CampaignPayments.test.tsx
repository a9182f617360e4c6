import {
  IDEMPOTENCY_KEY_HEADER,
  PAYMENT_MESSAGES,
  type MarketingRole,
  type StaffPayment,
} from '@platform/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockApi, queriesTo, type MockReply, type RecordedRequest } from '../../../test/api-mock';
import { campaign, campaignPath, SUMMER_ID } from '../../../test/campaigns';
import { signedIn } from '../../../test/console';
import {
  approvedPayment,
  campaignBudget,
  payment,
  paymentBulkApprovePath,
  paymentDecisionPath,
  paymentPage,
} from '../../../test/payments';
import { fieldErrorOf } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { clearToasts, shownToasts } from '../../../test/toasts';
import { CampaignPayments } from './CampaignPayments';

const PAYMENTS = campaignPath(SUMMER_ID, '/payments');
const BUDGET = campaignPath(SUMMER_ID, '/budget');

const adas = payment();
const bens = payment({
  id: '6a1b2c3d-0000-4000-8000-0000000000f2',
  entryId: '9d8e7f6a-0000-4000-8000-0000000000e2',
  amountMinor: 2500,
});

type Routes = Record<string, MockReply | ((request: RecordedRequest) => MockReply)>;

function renderPayments(role: MarketingRole, items: StaffPayment[], routes: Routes = {}) {
  signedIn();
  const api = mockApi({
    [`GET ${PAYMENTS}`]: { body: paymentPage(items) },
    [`GET ${BUDGET}`]: { body: campaignBudget() },
    ...routes,
  });
  const view = renderWidget(<CampaignPayments campaign={campaign({ status: 'LIVE' })} role={role} />);
  return { api, ...view };
}

/** The queue, once its first page (every test's starts with Ada's £10.00 payment) is on show. */
async function paymentsTable() {
  const table = await screen.findByRole('table', { name: 'Payments' });
  await within(table).findByText('£10.00');
  return table;
}

/** The figure a budget card shows under `label`. */
function figure(label: string) {
  const term = within(screen.getByRole('region', { name: 'Budget' })).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

const BULK_APPROVE = paymentBulkApprovePath(SUMMER_ID);

const selectionBar = () => screen.getByRole('group', { name: 'Approve several payments' });
const selectedCount = () => within(selectionBar()).getByRole('status');

const statusesAsked = (api: ReturnType<typeof mockApi>) =>
  queriesTo(api, PAYMENTS).map((query) => query.get('status'));

describe('CampaignPayments', () => {
  afterEach(clearToasts);

  it('shows the budget, what rewards committed, approved and paid apart, what is left and the slots', async () => {
    renderPayments('CampaignManager', [adas], {
      [`GET ${BUDGET}`]: {
        body: campaignBudget({
          committedMinor: 40_000,
          approvedMinor: 10_000,
          paidMinor: 20_000,
          leftMinor: 60_000,
        }),
      },
    });

    const budget = await screen.findByRole('region', { name: 'Budget' });
    expect(figure('Budget')).toBe('£1,000.00');
    expect(figure('Reserved')).toBe('£400.00');
    expect(figure('Approved, not paid')).toBe('£100.00');
    expect(figure('Paid')).toBe('£200.00');
    expect(figure('Left')).toBe('£600.00');
    expect(figure('Slots left')).toBe('47 of 50');
    expect(within(budget).getByRole('progressbar', { name: 'Paid' })).toHaveAttribute('aria-valuenow', '20');
    expect(within(budget).getByRole('progressbar', { name: 'Approved, not paid' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
    expect(within(budget).getByRole('progressbar', { name: 'Waiting for approval' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
    expect(
      within(budget).getByText(
        '40% of the budget is reserved by rewards: £200.00 paid, £100.00 approved and waiting to be paid, the rest waiting for approval; 3 slots are taken.',
      ),
    ).toBeVisible();
  });

  it('leaves the slots out of a campaign that has none', async () => {
    renderPayments('Admin', [adas], {
      [`GET ${BUDGET}`]: {
        body: campaignBudget({ budgetMinor: 80_000, committedMinor: 60_000, leftMinor: 20_000, slots: null }),
      },
    });

    const budget = await screen.findByRole('region', { name: 'Budget' });
    expect(figure('Left')).toBe('£200.00');
    expect(within(budget).queryByText('Slots left')).not.toBeInTheDocument();
    expect(within(budget).getByRole('progressbar', { name: 'Waiting for approval' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    expect(
      within(budget).getByText(/^75% of the budget is reserved by rewards: .* for approval\.$/),
    ).toBeVisible();
  });

  it('lists the payments waiting for approval, then those of the tab chosen', async () => {
    const { api, user } = renderPayments('CampaignManager', [adas]);
    const table = await paymentsTable();
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByText('Casey Creator')).toBeInTheDocument();
    expect(within(row!).getByText('@caseycreates')).toBeInTheDocument();
    expect(
      within(row!).getByRole('link', {
        name: 'View post of entry 7c1d2e3f by Casey Creator (opens in a new tab)',
      }),
    ).toHaveAttribute('href', adas.postLink);
    expect(within(row!).getByText('Entry reward')).toBeInTheDocument();
    expect(within(row!).getByText('Waiting for approval')).toBeInTheDocument();
    expect(within(row!).getByText('Earned 2030-06-03 10:00 GMT')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Approved' }));
    await user.click(screen.getByRole('radio', { name: 'All' }));

    await waitFor(() => expect(statusesAsked(api)).toEqual(['PENDING', 'APPROVED', null]));
  });

  it('approves a payment: the server issues its invoice, and the queue and budget are read again', async () => {
    const { api, user } = renderPayments('CampaignManager', [adas, bens], {
      [`POST ${paymentDecisionPath(adas.id, 'approve')}`]: { body: approvedPayment() },
    });
    const table = await paymentsTable();

    await user.click(
      within(table).getByRole('button', {
        name: 'Approve the payment of £10.00 to Casey Creator for entry 7c1d2e3f',
      }),
    );

    expect(await shownToasts()).toContain(
      'The payment of £10.00 to Casey Creator for entry 7c1d2e3f is approved; invoice SB-2030-000123 is issued.',
    );
    const approvals = api.requestsTo('POST', paymentDecisionPath(adas.id, 'approve'));
    expect(approvals).toHaveLength(1);
    // Money moves: a retry after a lost answer must replay this approval, not meet a 409.
    expect(approvals[0]?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/\S{16,}/);
    await waitFor(() => expect(api.requestsTo('GET', PAYMENTS)).toHaveLength(2));
    expect(api.requestsTo('GET', BUDGET)).toHaveLength(2);
  });

  it('says clearly why the server could not approve a payment', async () => {
    const { user } = renderPayments('CampaignManager', [adas], {
      [`POST ${paymentDecisionPath(adas.id, 'approve')}`]: {
        status: 409,
        body: errorBody('CONFLICT', PAYMENT_MESSAGES.creatorDetailsMissing),
      },
    });
    const table = await paymentsTable();

    await user.click(within(table).getByRole('button', { name: /Approve the payment/ }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payment could not be approved');
    expect(alert).toHaveTextContent(PAYMENT_MESSAGES.creatorDetailsMissing);
    expect(await shownToasts()).toEqual([]);
  });

  it('rejects a payment with the reason the creator reads, asking for one first', async () => {
    const rejected = payment({ status: 'REJECTED', rejectionReason: 'The post was deleted.' });
    const { api, user } = renderPayments('CampaignManager', [adas], {
      [`POST ${paymentDecisionPath(adas.id, 'reject')}`]: { body: rejected },
    });
    const table = await paymentsTable();

    await user.click(
      within(table).getByRole('button', {
        name: 'Reject the payment of £10.00 to Casey Creator for entry 7c1d2e3f',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Reject the payment of £10.00 to Casey Creator for entry 7c1d2e3f',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const reason = within(dialog).getByRole('textbox', { name: /Why/ });
    expect(fieldErrorOf(reason)).toHaveTextContent(PAYMENT_MESSAGES.reasonRequired);
    expect(api.requestsTo('POST', paymentDecisionPath(adas.id, 'reject'))).toHaveLength(0);

    await user.type(reason, '  The post was deleted.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await shownToasts()).toContain(
      'The payment of £10.00 to Casey Creator for entry 7c1d2e3f is rejected; its money is back in the budget.',
    );
    expect(
      api.requestsTo('POST', paymentDecisionPath(adas.id, 'reject')).map((request) => request.body),
    ).toEqual([{ reason: 'The post was deleted.' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('GET', BUDGET)).toHaveLength(2);
  });

  it('keeps the dialog open with the server’s reason when a rejection is refused', async () => {
    const { user } = renderPayments('CampaignManager', [adas], {
      [`POST ${paymentDecisionPath(adas.id, 'reject')}`]: {
        status: 409,
        body: errorBody('CONFLICT', 'This payment has already been decided.'),
      },
    });
    const table = await paymentsTable();
    await user.click(within(table).getByRole('button', { name: /Reject the payment/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Why/ }), 'Duplicate entry.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This payment has already been decided.',
    );
    expect(await shownToasts()).toEqual([]);
  });

  it('withdraws a payment whose payout failed, saying why it failed and which credit note cancels its invoice', async () => {
    const failed = approvedPayment({ status: 'FAILED', failureReason: 'The destination account is closed.' });
    const withdrawn = approvedPayment({
      status: 'REJECTED',
      rejectionReason: 'The creator’s bank account is closed.',
      creditNoteNumber: 'SBCN-2030-000001',
    });
    const { api, user } = renderPayments('CampaignManager', [failed], {
      [`POST ${paymentDecisionPath(failed.id, 'withdraw')}`]: { body: withdrawn },
    });
    const table = await paymentsTable();
    expect(within(table).getByText('The destination account is closed.')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();

    await user.click(
      within(table).getByRole('button', {
        name: 'Withdraw the payment of £10.00 to Casey Creator for entry 7c1d2e3f',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Withdraw the payment of £10.00 to Casey Creator for entry 7c1d2e3f',
    });
    expect(dialog).toHaveTextContent('A credit note cancels its invoice');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Why/ }),
      'The creator’s bank account is closed.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));

    expect(await shownToasts()).toContain(
      'The payment of £10.00 to Casey Creator for entry 7c1d2e3f is withdrawn; credit note SBCN-2030-000001 cancels its invoice, and its money is back in the budget.',
    );
    const withdrawals = api.requestsTo('POST', paymentDecisionPath(failed.id, 'withdraw'));
    expect(withdrawals.map((request) => request.body)).toEqual([
      { reason: 'The creator’s bank account is closed.' },
    ]);
    expect(withdrawals[0]?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/\S{16,}/);
  });

  it('offers no decisions on payments already decided', async () => {
    renderPayments('CampaignManager', [approvedPayment()], {
      [`GET ${PAYMENTS}`]: {
        body: paymentPage([
          approvedPayment(),
          payment({ id: 'p-r', status: 'REJECTED', rejectionReason: 'Deleted.' }),
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(await within(table).findByText('Invoice SB-2030-000123')).toBeInTheDocument();
    expect(within(table).getByText('Deleted.')).toBeInTheDocument();
    // An approved payment can only be recorded as paid.
    expect(
      within(table)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Record paid']);
  });

  it('records an approved payment paid with its reference, day and method, sent once with a key', async () => {
    const approved = approvedPayment({ payoutDetails: 'Bank account (GB) ending ••••8901' });
    const { api, user } = renderPayments('CampaignManager', [approved], {
      [`GET ${PAYMENTS}`]: { body: paymentPage([approved]) },
      [`POST ${paymentDecisionPath(approved.id, 'paid' as 'approve')}`]: (request) => ({
        body: { ...approved, status: 'PAID', paidOn: (request.body as { paidOn: string }).paidOn },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(await within(table).findByText('Bank account (GB) ending ••••8901')).toBeInTheDocument();

    await user.click(
      within(table).getByRole('button', {
        name: 'Record paid: the payment of £10.00 to Casey Creator for entry 7c1d2e3f',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Record the payment of £10.00 to Casey Creator for entry 7c1d2e3f as paid',
    });
    expect(within(dialog).getByText(/Paid to Bank account \(GB\) ending ••••8901/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Record as paid' }));
    expect(fieldErrorOf(within(dialog).getByLabelText(/Reference/))).toHaveTextContent(
      PAYMENT_MESSAGES.referenceRequired,
    );
    expect(api.requestsTo('POST', paymentDecisionPath(approved.id, 'paid' as 'approve'))).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Reference/), 'BACS 2030-06-05 0042');
    const day = within(dialog).getByLabelText(/Date paid/);
    await user.clear(day);
    await user.type(day, '2030-06-05');
    await user.selectOptions(within(dialog).getByLabelText(/How it was paid/), 'PayPal');
    await user.click(within(dialog).getByRole('button', { name: 'Record as paid' }));

    expect(await shownToasts()).toContain(
      'The payment of £10.00 to Casey Creator for entry 7c1d2e3f is recorded as paid on 05 Jun, 2030; the creator sees it as paid.',
    );
    const [sent] = api.requestsTo('POST', paymentDecisionPath(approved.id, 'paid' as 'approve'));
    expect(sent?.body).toEqual({ reference: 'BACS 2030-06-05 0042', paidOn: '2030-06-05', method: 'PAYPAL' });
    expect(sent?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/\S{16,}/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('GET', BUDGET).length).toBeGreaterThanOrEqual(2);
  });

  it('shows under the date why the server refused it, and keeps the dialog open', async () => {
    const approved = approvedPayment();
    const { user } = renderPayments('CampaignManager', [approved], {
      [`GET ${PAYMENTS}`]: { body: paymentPage([approved]) },
      [`POST ${paymentDecisionPath(approved.id, 'paid' as 'approve')}`]: {
        status: 400,
        body: errorBody('VALIDATION_FAILED', 'Invalid request', [
          { field: 'paidOn', message: PAYMENT_MESSAGES.paidOnBeforeApproval },
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Payments' });
    await user.click(await within(table).findByRole('button', { name: /^Record paid/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/has given no payout details/)).toBeVisible();
    await user.type(within(dialog).getByLabelText(/Reference/), 'BACS 1');
    await user.click(within(dialog).getByRole('button', { name: 'Record as paid' }));

    await waitFor(() =>
      expect(fieldErrorOf(within(dialog).getByLabelText(/Date paid/))).toHaveTextContent(
        PAYMENT_MESSAGES.paidOnBeforeApproval,
      ),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a paid payment’s day, method and where it went', async () => {
    const paid = approvedPayment({
      status: 'PAID',
      paidOn: '2030-06-05',
      paidMethod: 'BANK_TRANSFER',
      paidTo: 'Bank account (GB) ending ••••8901',
    });
    renderPayments('CampaignManager', [paid], { [`GET ${PAYMENTS}`]: { body: paymentPage([paid]) } });
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(await within(table).findByText('05 Jun, 2030 · Bank transfer')).toBeInTheDocument();
    expect(within(table).getByText('To Bank account (GB) ending ••••8901')).toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows Support the payments without the budget or a way to decide them', async () => {
    const { api } = renderPayments('Support', [adas]);
    const table = await paymentsTable();

    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Budget' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET', BUDGET)).toHaveLength(0);
  });

  it('shows a failure to load the payments with a retry', async () => {
    let failing = true;
    const { user } = renderPayments('CampaignManager', [adas], {
      [`GET ${PAYMENTS}`]: () =>
        failing
          ? { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Down') }
          : { body: paymentPage([adas]) },
    });
    expect(await screen.findByText('We could not load the payments')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await paymentsTable()).toBeInTheDocument();
  });
});

describe('approving several payments at once', () => {
  afterEach(clearToasts);

  it('approves the payments selected from the keyboard, and starts a new selection', async () => {
    const { api, user } = renderPayments('CampaignManager', [adas, bens], {
      [`POST ${BULK_APPROVE}`]: { body: { approved: [adas.id, bens.id], failed: [] } },
    });
    const table = await paymentsTable();

    within(table)
      .getByRole('checkbox', { name: 'Select the payment of £10.00 to Casey Creator for entry 7c1d2e3f' })
      .focus();
    await user.keyboard(' ');
    expect(selectedCount()).toHaveTextContent('1 selected');
    within(table)
      .getByRole('checkbox', { name: 'Select the payment of £25.00 to Casey Creator for entry 9d8e7f6a' })
      .focus();
    await user.keyboard(' ');
    expect(selectedCount()).toHaveTextContent('2 selected');
    within(selectionBar()).getByRole('button', { name: 'Approve 2 payments' }).focus();
    await user.keyboard('{Enter}');

    expect(await shownToasts()).toContain('2 payments are approved; their invoices are issued.');
    expect(api.requestsTo('POST', BULK_APPROVE).map((request) => request.body)).toEqual([
      { paymentIds: [adas.id, bens.id] },
    ]);
    expect(api.requestsTo('POST', BULK_APPROVE)[0]?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/\S{16,}/);
    await waitFor(() => expect(api.requestsTo('GET', PAYMENTS)).toHaveLength(2));
    expect(api.requestsTo('GET', BUDGET)).toHaveLength(2);
    expect(selectedCount()).toHaveTextContent('');
    expect(selectionBar()).toHaveFocus();
    expect(screen.queryByRole('alert', { name: /not approved/ })).not.toBeInTheDocument();
  });

  it('selects every pending payment of the page, and lists those not approved with the server’s reason', async () => {
    const decided = approvedPayment({ id: '6a1b2c3d-0000-4000-8000-0000000000f3', amountMinor: 5000 });
    const { api, user } = renderPayments('Admin', [adas, bens, decided], {
      [`POST ${BULK_APPROVE}`]: {
        body: {
          approved: [adas.id],
          failed: [{ paymentId: bens.id, message: PAYMENT_MESSAGES.creatorDetailsMissing }],
        },
      },
    });
    const table = await paymentsTable();
    expect(within(table).getAllByRole('checkbox')).toHaveLength(2);

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(selectedCount()).toHaveTextContent('2 selected');
    await user.click(within(selectionBar()).getByRole('button', { name: 'Approve 2 payments' }));

    const report = await screen.findByRole('alert', { name: '1 payment was not approved' });
    expect(within(report).getByRole('listitem')).toHaveTextContent(
      `£25.00 to Casey Creator for entry 9d8e7f6a: ${PAYMENT_MESSAGES.creatorDetailsMissing}`,
    );
    expect(report).toHaveFocus();
    expect(await shownToasts()).toContain('1 payment is approved; its invoice is issued.');
    expect(api.requestsTo('POST', BULK_APPROVE).map((request) => request.body)).toEqual([
      { paymentIds: [adas.id, bens.id] },
    ]);

    await user.click(within(report).getByRole('button', { name: 'Dismiss' }));
    expect(report).not.toBeInTheDocument();
    expect(selectionBar()).toHaveFocus();
  });

  it('says why the server refused the approval as a whole, and keeps the selection', async () => {
    const { user } = renderPayments('CampaignManager', [adas], {
      [`POST ${BULK_APPROVE}`]: {
        status: 404,
        body: errorBody('NOT_FOUND', 'Not found.'),
      },
    });
    const table = await paymentsTable();
    await user.click(within(table).getByRole('checkbox', { name: /Select the payment/ }));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Approve 1 payment' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payments could not be approved');
    expect(alert).toHaveTextContent('Not found.');
    expect(selectedCount()).toHaveTextContent('1 selected');
    expect(await shownToasts()).toEqual([]);
  });

  it('forgets the selection when another tab or page is chosen', async () => {
    const { user } = renderPayments('CampaignManager', [adas, bens]);
    const table = await paymentsTable();
    await user.click(within(table).getByRole('checkbox', { name: /£10.00/ }));
    expect(selectedCount()).toHaveTextContent('1 selected');

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.click(screen.getByRole('radio', { name: 'To approve' }));

    expect(selectedCount()).toHaveTextContent('');
    expect(within(table).getByRole('checkbox', { name: /£10.00/ })).not.toBeChecked();
  });

  it('offers no selection to those who may not approve payments', async () => {
    renderPayments('Support', [adas]);
    const table = await paymentsTable();

    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Approve several payments' })).not.toBeInTheDocument();
  });
});

describe('exporting the payments', () => {
  const saved: Blob[] = [];
  let clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    clicked = [];
    saved.length = 0;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (file: Blob) => {
          saved.push(file);
          return 'blob:payments';
        },
        revokeObjectURL: () => {},
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads every page of the campaign’s payments, whatever the tab, and saves them as CSV', async () => {
    const pages: Record<string, StaffPayment[]> = { '1': [adas], '2': [bens] };
    const { api, user } = renderPayments('Support', [adas], {
      [`GET ${PAYMENTS}`]: () => {
        const [input] = vi.mocked(fetch).mock.lastCall!;
        const query = new URL(input instanceof Request ? input.url : input.toString(), window.location.origin)
          .searchParams;
        if (query.get('pageSize') !== '100') return { body: paymentPage([adas]) };
        return { body: paymentPage(pages[query.get('page') ?? '1'] ?? [], 2, Number(query.get('page')), 1) };
      },
    });
    await paymentsTable();
    await user.click(screen.getByRole('radio', { name: 'Approved' }));

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('summer-sound-payments.csv');
    const exported = queriesTo(api, PAYMENTS).filter((query) => query.get('pageSize') === '100');
    expect(exported.map((query) => [query.get('page'), query.get('status')])).toEqual([
      ['1', null],
      ['2', null],
    ]);
    const lines = (await saved[0]!.text()).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^Payment ID,Entry ID,Status/);
    expect(lines[1]).toContain(`${adas.id},${adas.entryId},PENDING,SLOT,,,10.00,GBP`);
    expect(lines[2]).toContain(`${bens.id},${bens.entryId},PENDING,SLOT,,,25.00,GBP`);
  });

  it('downloads the export for payment as the server writes it, for those who approve payments only', async () => {
    const EXPORT = campaignPath(SUMMER_ID, '/payments/export');
    const csv = 'Payment ID,Creator\r\n6a1b,Casey Creator\r\n';
    const { api, user } = renderPayments('CampaignManager', [adas], {
      [`GET ${EXPORT}`]: {
        body: new Uint8Array([...csv].map((character) => character.charCodeAt(0))),
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="payments-Summer-Sound-2030-06-05.csv"',
        },
      },
    });
    await paymentsTable();

    await user.click(screen.getByRole('button', { name: 'Export for payment' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('payments-Summer-Sound-2030-06-05.csv');
    expect(await saved[0]!.text()).toBe(csv);
    expect(api.requestsTo('GET', EXPORT)).toHaveLength(1);
  });

  it('says why the export for payment failed, and offers it to no one who may not approve payments', async () => {
    const { user } = renderPayments('CampaignManager', [adas]);
    await paymentsTable();
    await user.click(screen.getByRole('button', { name: 'Export for payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The export for payment could not be prepared',
    );
    expect(clicked).toHaveLength(0);
  });

  it('offers Support no export for payment', async () => {
    renderPayments('Support', [adas]);
    await paymentsTable();
    expect(screen.queryByRole('button', { name: 'Export for payment' })).not.toBeInTheDocument();
  });

  it('says so when the file could not be prepared', async () => {
    let exporting = false;
    const { user } = renderPayments('CampaignManager', [adas], {
      [`GET ${PAYMENTS}`]: () =>
        exporting
          ? { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Down') }
          : { body: paymentPage([adas]) },
    });
    await paymentsTable();
    exporting = true;
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not prepare the file. Please try again.',
    );
    expect(clicked).toHaveLength(0);
  });
});
