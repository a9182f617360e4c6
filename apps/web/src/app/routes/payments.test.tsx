import type { Payment } from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, errorBody, type MockReply, type RecordedRequest } from '../../test/api-mock';
import { openAsCreator, PAGE_TEST } from '../../test/creator-app';
import { creatorInfo } from '../../test/creator-info';
import { pretendToBeInTheApp } from '../../test/native-app';
import { approvedPayment, payment, PAYMENT_INVOICE_PATH, PAYMENT_SEARCH_PATH } from '../../test/payments';
import { screen } from '../../test/render';

const active = creatorInfo({ status: 'ACTIVE' });

const SEARCH = `POST ${PAYMENT_SEARCH_PATH}`;
const INVOICE = `POST ${PAYMENT_INVOICE_PATH}`;

const WINTER_ID = '3f1c2b4a-5d6e-4f70-8a9b-00000000c009';

const waiting = payment();
const approved = approvedPayment({
  id: '6a1b2c3d-0000-4000-8000-0000000000f2',
  campaignId: WINTER_ID,
  campaignName: 'Winter Beats',
  amountMinor: 50_000,
  reward: { rule: 'PRIZE', rank: 2, period: null, basis: null },
});
const turnedDown = payment({
  id: '6a1b2c3d-0000-4000-8000-0000000000f3',
  status: 'REJECTED',
  rejectionReason: 'The post was taken down before the campaign ended.',
  decidedAt: '2030-06-05T08:00:00.000Z',
});

/** The search's answers: every payment that matches the body's status, as the server filters them. */
const searchOver =
  (payments: Payment[]) =>
  ({ body }: RecordedRequest): MockReply => {
    const { status } = body as { status?: string };
    return { body: { data: payments.filter((candidate) => !status || candidate.status === status) } };
  };

// A PDF's first bytes, with some that no text decoding keeps as they are.
const PDF_BYTES = new Uint8Array([
  0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xe2, 0xe3, 0xcf, 0xd3,
]);

const invoiceReply = (disposition?: string): MockReply => ({
  body: PDF_BYTES,
  headers: {
    'Content-Type': 'application/pdf',
    ...(disposition ? { 'Content-Disposition': disposition } : {}),
  },
});

const paymentList = () => screen.findByRole('list', { name: 'Payments' });
const cardOf = async (campaignName: string) => {
  const list = await paymentList();
  const card = within(list)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(campaignName) !== null);
  if (!card) throw new Error(`No payment of ${campaignName} is listed`);
  return card;
};
const searchBodies = (api: { requestsTo: (method: string, path: string) => RecordedRequest[] }) =>
  api.requestsTo('POST', PAYMENT_SEARCH_PATH).map((request) => request.body);

describe('creator payments', PAGE_TEST, () => {
  it('groups payments by campaign with its total, each with its amount, status, why, dates, reason and invoice', async () => {
    const { api } = openAsCreator('/payments', active, {
      [SEARCH]: { body: { data: [turnedDown, approved, waiting] } },
    });

    const groups = within(await paymentList()).getAllByRole('listitem');
    expect(groups).toHaveLength(2);
    const [summer, winter] = groups as [HTMLElement, HTMLElement];

    expect(within(summer).getByRole('heading', { name: 'Summer Sound', level: 2 })).toBeInTheDocument();
    expect(within(summer).getByText(/^Total earned/)).toHaveTextContent('Total earned £0.00');
    expect(within(summer).getByText('£10.00 waiting for approval')).toBeInTheDocument();
    expect(within(summer).getByText('2 payments')).toBeInTheDocument();
    const [rejected, pending] = within(summer).getAllByRole('article') as [HTMLElement, HTMLElement];

    expect(within(rejected).getByText('Not approved')).toBeInTheDocument();
    expect(within(rejected).getByText('05 Jun, 2030 @ 8:00 AM GMT')).toHaveAttribute(
      'datetime',
      turnedDown.decidedAt,
    );
    expect(within(rejected).getByText(/^Rejected on/)).toHaveTextContent(
      'Rejected on 05 Jun, 2030 @ 8:00 AM GMT',
    );
    expect(within(rejected).getByText(/The post was taken down/)).toHaveTextContent(
      'Rejected: The post was taken down before the campaign ended.',
    );
    expect(within(rejected).queryByRole('button', { name: /Download invoice/ })).not.toBeInTheDocument();

    expect(pending).toHaveAccessibleName('£10.00');
    expect(within(pending).getByText('Slot 3 of 10 — first come, first served')).toBeInTheDocument();
    expect(within(pending).getByText('Waiting for approval')).toBeInTheDocument();
    expect(within(pending).getByText(/^Pending since/)).toHaveTextContent(
      'Pending since 03 Jun, 2030 @ 10:00 AM GMT',
    );
    expect(within(pending).getByText('03 Jun, 2030 @ 10:00 AM GMT')).toHaveAttribute(
      'datetime',
      waiting.createdAt,
    );
    expect(within(pending).queryByText(/Invoice/)).not.toBeInTheDocument();

    expect(within(winter).getByRole('heading', { name: 'Winter Beats', level: 2 })).toBeInTheDocument();
    expect(within(winter).getByText(/^Total earned/)).toHaveTextContent('Total earned £500.00');
    expect(within(winter).getByText('1 payment')).toBeInTheDocument();
    expect(within(winter).getByRole('article', { name: '£500.00' })).toBeInTheDocument();
    expect(within(winter).getByText('Prize for place 2')).toBeInTheDocument();
    expect(within(winter).getByText('Approved')).toBeInTheDocument();
    expect(within(winter).getByText(/^Approved on/)).toHaveTextContent(
      'Approved on 04 Jun, 2030 @ 3:30 PM GMT',
    );
    expect(within(winter).getByText('SB-2030-000123')).toBeInTheDocument();
    expect(
      within(winter).getByRole('button', { name: 'Download invoice SB-2030-000123' }),
    ).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Payments', level: 1 })).toBeInTheDocument();
    expect(searchBodies(api)).toEqual([{}]);
  });

  it('explains a prize by its place on the final board, and says when it was paid or why its payout failed', async () => {
    const rankBasis = {
      kind: 'RANK',
      rank: 2,
      ranked: 37,
      views: 12_400,
      likes: 800,
      comments: 40,
      shares: 12,
      readAt: '2030-06-03T18:00:00.000Z',
      source: 'youtube-data-api',
      closedAt: '2030-06-04T00:00:00.000Z',
    } as const;
    const paid = approvedPayment({
      id: '6a1b2c3d-0000-4000-8000-0000000000f4',
      campaignId: WINTER_ID,
      campaignName: 'Winter Beats',
      amountMinor: 50_000,
      status: 'PAID',
      paidAt: '2030-06-06T12:00:00.000Z',
      reward: { rule: 'PRIZE', rank: 2, period: null, basis: rankBasis },
    });
    const failed = approvedPayment({
      id: '6a1b2c3d-0000-4000-8000-0000000000f5',
      campaignId: WINTER_ID,
      campaignName: 'Winter Beats',
      amountMinor: 20_000,
      status: 'FAILED',
      failureReason: 'The wallet’s account is closed.',
      invoiceNumber: 'SB-2030-000124',
      reward: {
        rule: 'SPRINT_PRIZE',
        rank: 1,
        period: 2,
        basis: { ...rankBasis, rank: 1, ranked: 12, views: 8_000, source: 'tiktok-business' },
      },
    });
    openAsCreator('/payments', active, { [SEARCH]: { body: { data: [failed, paid] } } });

    const winter = await cardOf('Winter Beats');
    expect(within(winter).getByText(/^Total earned/)).toHaveTextContent(
      'Total earned £700.00, of which £500.00 paid',
    );

    const prize = within(winter).getByRole('article', { name: '£500.00' });
    expect(
      within(prize).getByText(
        'Place 2 of 37 on the final leaderboard: 12,400 views, read 03 Jun, 2030 @ 6:00 PM GMT from YouTube, ' +
          'board closed 04 Jun, 2030 @ 12:00 AM GMT',
      ),
    ).toBeInTheDocument();
    expect(within(prize).getByText('Paid')).toBeInTheDocument();
    expect(within(prize).getByText(/^Paid on/)).toHaveTextContent('Paid on 06 Jun, 2030 @ 12:00 PM GMT');

    const sprint = within(winter).getByRole('article', { name: '£200.00' });
    expect(
      within(sprint).getByText(
        'Place 1 of 12 in period 2: 8,000 views, read 03 Jun, 2030 @ 6:00 PM GMT from TikTok, ' +
          'period closed 04 Jun, 2030 @ 12:00 AM GMT',
      ),
    ).toBeInTheDocument();
    expect(within(sprint).getByText('Payout failed')).toBeInTheDocument();
    expect(within(sprint).getByText(/account is closed/)).toHaveTextContent(
      'Failed: The wallet’s account is closed.',
    );
    expect(within(sprint).getByText(/Check your payout wallet/)).toBeInTheDocument();
    expect(
      within(sprint).getByRole('button', { name: 'Download invoice SB-2030-000124' }),
    ).toBeInTheDocument();
  });

  it('searches again with only the filters chosen: the status, then a date range', async () => {
    const { api, user } = openAsCreator('/payments', active, {
      [SEARCH]: searchOver([turnedDown, approved, waiting]),
    });
    await paymentList();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1));
    expect(within(screen.getByRole('list')).getByText('Winter Beats')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'From' }));
    const dialog = await screen.findByRole('dialog');
    const [monthList, yearList] = within(dialog).getAllByRole('combobox', { name: 'Month and year' });
    await user.selectOptions(yearList!, '2030');
    await user.selectOptions(monthList!, within(monthList!).getByRole('option', { name: /Jun/ }));
    await user.click(within(dialog).getByRole('button', { name: '1 June 2030' }));

    await waitFor(() =>
      expect(searchBodies(api)).toEqual([
        {},
        { status: 'APPROVED' },
        { status: 'APPROVED', from: '2030-06-01' },
      ]),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All payments');
    await waitFor(() => expect(searchBodies(api).at(-1)).toEqual({ from: '2030-06-01' }));
  });

  it('offers to clear filters that match nothing', async () => {
    const { api, user } = openAsCreator('/payments', active, { [SEARCH]: searchOver([waiting]) });
    await paymentList();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    expect(await screen.findByText('No payments match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(within(await paymentList()).getByText('Summer Sound')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    expect(searchBodies(api).at(-1)).toEqual({});
  });

  it('says how payments come when there are none yet', async () => {
    openAsCreator('/payments', active, { [SEARCH]: { body: { data: [] } } });

    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
    expect(screen.getByText(/When an entry of yours earns a reward/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('shows the payments loading, then a failure with a retry that asks again', async () => {
    const first = deferred<MockReply>();
    const answers: (MockReply | Promise<MockReply>)[] = [first.promise, { body: { data: [waiting] } }];
    const { api, user } = openAsCreator('/payments', active, {
      [SEARCH]: () => answers.shift() ?? { body: { data: [] } },
    });
    expect(await screen.findByRole('status', { name: 'Loading your payments' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    first.resolve({ status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try again later') });

    expect(await screen.findByText('We could not load your payments')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(within(await paymentList()).getByText('Summer Sound')).toBeInTheDocument();
    expect(api.requestsTo('POST', PAYMENT_SEARCH_PATH)).toHaveLength(2);
  });

  it('is reached from an active creator’s home', async () => {
    const { user, router } = openAsCreator('/', active, { [SEARCH]: { body: { data: [] } } });
    await user.click(await screen.findByRole('link', { name: 'Your payments and invoices' }));

    expect(await screen.findByRole('heading', { name: 'Payments', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payments');
  });
});

describe('downloading an invoice in the browser', PAGE_TEST, () => {
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
          return 'blob:invoice';
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

  it('fetches the PDF with the session and saves it under the name the server gives', async () => {
    const { api, user } = openAsCreator('/payments', active, {
      [SEARCH]: { body: { data: [approved] } },
      [INVOICE]: invoiceReply('attachment; filename="SB-2030-000123.pdf"'),
    });
    await user.click(
      within(await cardOf('Winter Beats')).getByRole('button', { name: 'Download invoice SB-2030-000123' }),
    );

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('SB-2030-000123.pdf');
    expect(clicked[0]?.href).toBe('blob:invoice');
    expect(new Uint8Array(await saved[0]!.arrayBuffer())).toEqual(PDF_BYTES);
    const [request] = api.requestsTo('POST', PAYMENT_INVOICE_PATH);
    expect(request?.body).toEqual({ paymentId: approved.id });
    expect(request?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('offers the credit note of a withdrawn payment beside its invoice, and asks for that document', async () => {
    const withdrawn = approvedPayment({
      ...approved,
      status: 'REJECTED',
      rejectionReason: 'The creator’s bank account is closed.',
      creditNoteNumber: 'SBCN-2030-000001',
    });
    const { api, user } = openAsCreator('/payments', active, {
      [SEARCH]: { body: { data: [withdrawn] } },
      [INVOICE]: invoiceReply('attachment; filename="SBCN-2030-000001.pdf"'),
    });
    const card = await cardOf('Winter Beats');
    expect(within(card).getByText('The creator’s bank account is closed.', { exact: false })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Download invoice SB-2030-000123' })).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Download credit note SBCN-2030-000001' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('SBCN-2030-000001.pdf');
    const [request] = api.requestsTo('POST', PAYMENT_INVOICE_PATH);
    expect(request?.body).toEqual({ paymentId: approved.id, document: 'CREDIT_NOTE' });
  });

  it('saves it as invoice.pdf when the server names no file', async () => {
    const { user } = openAsCreator('/payments', active, {
      [SEARCH]: { body: { data: [approved] } },
      [INVOICE]: invoiceReply(),
    });
    await user.click(within(await cardOf('Winter Beats')).getByRole('button', { name: /Download invoice/ }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('invoice.pdf');
  });

  it('says so on the payment when the invoice cannot be had, and lets the creator try again', async () => {
    const answers: MockReply[] = [
      { status: 404, body: errorBody('NOT_FOUND', 'Not found') },
      { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try again later') },
    ];
    const { user } = openAsCreator('/payments', active, {
      [SEARCH]: { body: { data: [approved, waiting] } },
      [INVOICE]: () => answers.shift() ?? invoiceReply('attachment; filename="SB-2030-000123.pdf"'),
    });
    const card = await cardOf('Winter Beats');
    const button = within(card).getByRole('button', { name: /Download invoice/ });

    await user.click(button);
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'This payment has no invoice to download yet.',
    );
    await user.click(button);
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'We could not download the invoice. Check your connection and try again.',
    );
    await user.click(button);

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(await cardOf('Summer Sound')).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('downloading an invoice in the mobile app', PAGE_TEST, () => {
  it('hands the PDF to the app as base64, under the server’s name, and saves nothing itself', async () => {
    const app = pretendToBeInTheApp();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const { user } = openAsCreator('/payments', active, {
      [SEARCH]: { body: { data: [approved] } },
      [INVOICE]: invoiceReply('attachment; filename="SB-2030-000123.pdf"'),
    });
    await user.click(within(await cardOf('Winter Beats')).getByRole('button', { name: /Download invoice/ }));

    await waitFor(() => expect(app.posted).toContainEqual(expect.objectContaining({ type: 'fileData' })));
    const downloads = app.posted.filter((message) => (message as { type: string }).type !== 'call') as Record<
      string,
      string
    >[];
    expect(downloads).toEqual([
      { type: 'fileDownloadStart', fileName: 'SB-2030-000123.pdf' },
      {
        type: 'fileData',
        fileName: 'SB-2030-000123.pdf',
        mimeType: 'application/pdf',
        base64: btoa(String.fromCharCode(...PDF_BYTES)),
      },
    ]);
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });
});
