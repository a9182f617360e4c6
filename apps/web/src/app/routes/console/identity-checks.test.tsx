import {
  AUTH_MESSAGES,
  KYC_MESSAGES,
  KYC_REASON_MAX_LENGTH,
  maxLengthMessage,
  type KycReview,
  type KycReviewDetail,
} from '@platform/shared';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInAs } from '../../../test/console';
import { errorBody, mockApi, queriesTo } from '../../../test/api-mock';
import { fieldErrorOf, renderApp, screen } from '../../../test/render';

const ADA: KycReview = {
  id: '3f1c9a52-8d4e-4b7a-9c2d-000000000001',
  creatorId: '3f1c9a52-8d4e-4b7a-9c2d-0000000000c1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  country: 'GB',
  dateOfBirth: '1990-03-05',
  provider: 'built-in',
  status: 'ManualReview',
  reason: null,
  submittedAt: '2026-11-02T14:07:00.000Z',
  decidedAt: null,
  decidedBy: null,
};

const GRACE: KycReview = {
  ...ADA,
  id: '3f1c9a52-8d4e-4b7a-9c2d-000000000002',
  creatorId: '3f1c9a52-8d4e-4b7a-9c2d-0000000000c2',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  country: null,
  dateOfBirth: null,
  submittedAt: '2026-11-03T09:30:00.000Z',
};

const detailOf = (
  check: KycReview,
  stamp = 'a',
  overrides: Partial<KycReviewDetail> = {},
): KycReviewDetail => ({
  ...check,
  files: {
    document: { url: `/files/document?sig=${stamp}`, contentType: 'image/png' },
    selfie: { url: `/files/selfie?sig=${stamp}`, contentType: 'image/jpeg' },
  },
  ...overrides,
});

const page = (items: KycReview[], total = items.length) => ({ items, total, page: 1, pageSize: 25 });

const LIST = '/server-api/marketing/kyc';
const DETAIL = `${LIST}/${ADA.id}`;
const DECISION = `${DETAIL}/decision`;

// Pages, dialogs and sheets load their code when first shown, which can take a while on a busy machine.
const LOADED = { timeout: 5000 };

const table = (name: string) => screen.findByRole('table', { name }, LOADED);

/** Opens Ada's check from the queue, as a reviewer would. */
async function openAdaFromQueue(routes: Parameters<typeof mockApi>[0] = {}) {
  let waiting = [ADA, GRACE];
  const api = mockApi({
    ...signedInAs('Support'),
    [`GET ${LIST}`]: () => ({ body: page(waiting) }),
    [`GET ${DETAIL}`]: { body: detailOf(ADA) },
    ...routes,
  });
  const rendered = renderApp('/console/identity-checks');
  await within(await table('Waiting for review')).findByText('Ada Lovelace');
  await rendered.user.click(screen.getByRole('link', { name: 'Review the identity check of Ada Lovelace' }));
  expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 }, LOADED)).toBeInTheDocument();
  return {
    api,
    ...rendered,
    /** What the queue answers from now on. */
    setWaiting: (next: KycReview[]) => {
      waiting = next;
    },
  };
}

describe('console identity checks', () => {
  // Toasts live in a store of their own, which outlasts each test's render.
  afterEach(() => {
    act(() => notifications.clean());
    vi.restoreAllMocks();
  });

  it('lists the checks waiting for review, oldest first, with who the creator says they are', async () => {
    const api = mockApi({ ...signedInAs('Support'), [`GET ${LIST}`]: { body: page([ADA, GRACE]) } });
    renderApp('/console/identity-checks');

    expect(
      await screen.findByRole('heading', { name: 'Identity checks', level: 1 }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Waiting for review',
      'Approved',
      'Rejected',
      'Asked to verify again',
    ]);
    const row = (await within(await table('Waiting for review')).findByText('Ada Lovelace')).closest('tr')!;
    expect(within(row).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(row).getByText('United Kingdom')).toBeInTheDocument();
    expect(within(row).getByText('05 Mar, 1990')).toBeInTheDocument();
    expect(within(row).getByText('Built-in')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-02 14:07 GMT')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Review/ })).toHaveAttribute(
      'href',
      `/console/identity-checks/${ADA.id}`,
    );
    expect(screen.getByText('2 identity checks')).toBeInTheDocument();
    expect(queriesTo(api, LIST)[0]?.get('status')).toBe('ManualReview');
    expect(queriesTo(api, LIST)[0]?.get('page')).toBe('1');
  });

  it('asks the server for another status when a tab is chosen, and shows who decided', async () => {
    const rejected: KycReview = {
      ...ADA,
      status: 'Failure',
      reason: 'The photo is blurred.',
      decidedAt: '2026-11-04T10:00:00.000Z',
      decidedBy: 'Sam Support',
    };
    // The mock ignores query strings: the answer follows the status of the call being answered.
    const api: ReturnType<typeof mockApi> = mockApi({
      ...signedInAs('Support'),
      [`GET ${LIST}`]: () => ({
        body: page(queriesTo(api, LIST).at(-1)?.get('status') === 'Failure' ? [rejected] : []),
      }),
    });
    const { user, router } = renderApp('/console/identity-checks');
    expect(
      await screen.findByText(
        'No identity check is waiting for review. Checks that need a person’s look show here, oldest first.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    const row = (await within(await table('Rejected')).findByText('Ada Lovelace')).closest('tr')!;
    expect(within(row).getByText('2026-11-04 10:00 GMT')).toBeInTheDocument();
    expect(within(row).getByText('by Sam Support')).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: 'View the identity check of Ada Lovelace' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=Failure');
    expect(queriesTo(api, LIST).at(-1)?.get('status')).toBe('Failure');
  });

  it('says so when nothing has been approved yet', async () => {
    mockApi({ ...signedInAs('Support'), [`GET ${LIST}`]: { body: page([]) } });
    renderApp('/console/identity-checks?status=Success');
    expect(
      await screen.findByText('No identity check has been approved yet.', {}, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    mockApi({
      ...signedInAs('Support'),
      [`GET ${LIST}`]: () =>
        fail ? { status: 500, body: errorBody('INTERNAL', 'Boom') } : { body: page([ADA]) },
    });
    const { user } = renderApp('/console/identity-checks');
    expect(await screen.findByText('We could not load the identity checks', {}, LOADED)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(await table('Waiting for review')).findByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('is a page that does not exist for roles that do not review creators', async () => {
    const api = mockApi({ ...signedInAs('CampaignManager'), [`GET ${LIST}`]: { body: page([ADA]) } });
    renderApp('/console/identity-checks');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LOADED)).toBeInTheDocument();
    expect(api.requestsTo('GET', LIST)).toHaveLength(0);
  });

  it('shows the creator’s details with the document and the selfie side by side', async () => {
    await openAdaFromQueue();
    const document = screen.getByRole('region', { name: 'Identity document' });
    expect(within(document).getByRole('img', { name: 'Identity document of Ada Lovelace' })).toHaveAttribute(
      'src',
      '/files/document?sig=a',
    );
    const selfie = screen.getByRole('region', { name: 'Selfie' });
    expect(within(selfie).getByRole('img', { name: 'Selfie of Ada Lovelace' })).toHaveAttribute(
      'src',
      '/files/selfie?sig=a',
    );
    expect(within(selfie).getByRole('link', { name: /Open full size in a new tab/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
    expect(screen.getByText('05 Mar, 1990')).toBeInTheDocument();
    expect(screen.getByText('02 Nov, 2026 @ 2:07 PM GMT')).toBeInTheDocument();
    expect(screen.getByText('Waiting for review')).toBeInTheDocument();
    for (const action of ['Approve', 'Ask to verify again', 'Reject']) {
      expect(screen.getByRole('button', { name: action })).toBeInTheDocument();
    }
  });

  it('shows a PDF document as a link that opens in a new tab', async () => {
    mockApi({
      ...signedInAs('Support'),
      [`GET ${DETAIL}`]: {
        body: detailOf(ADA, 'a', {
          files: {
            document: { url: '/files/document.pdf?sig=a', contentType: 'application/pdf' },
            selfie: null,
          },
        }),
      },
    });
    renderApp(`/console/identity-checks/${ADA.id}`);
    const document = await screen.findByRole('region', { name: 'Identity document' }, LOADED);
    const link = within(document).getByRole('link', { name: /Open the PDF in a new tab/ });
    expect(link).toHaveAttribute('href', '/files/document.pdf?sig=a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      within(screen.getByRole('region', { name: 'Selfie' })).getByText('Not uploaded'),
    ).toBeInTheDocument();
  });

  it('opens a PDF whose address may have expired at a fresh address', async () => {
    let reads = 0;
    const api = mockApi({
      ...signedInAs('Support'),
      [`GET ${DETAIL}`]: () => {
        reads += 1;
        return {
          body: detailOf(ADA, 'a', {
            files: {
              document: { url: `/files/document.pdf?sig=${reads}`, contentType: 'application/pdf' },
              selfie: null,
            },
          }),
        };
      },
    });
    const { user } = renderApp(`/console/identity-checks/${ADA.id}`);
    const link = await screen.findByRole('link', { name: /Open the PDF in a new tab/ }, LOADED);
    const tab = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const later = Date.now() + 5 * 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);

    await user.click(link);
    await waitFor(() => expect(tab.location.href).toBe('/files/document.pdf?sig=2'));
    expect(tab.opener).toBeNull();
    expect(api.requestsTo('GET', DETAIL)).toHaveLength(2);
  });

  it('fetches fresh file addresses when an image’s address has expired', async () => {
    let reads = 0;
    const api = mockApi({
      ...signedInAs('Support'),
      [`GET ${DETAIL}`]: () => {
        reads += 1;
        return { body: detailOf(ADA, String(reads)) };
      },
    });
    renderApp(`/console/identity-checks/${ADA.id}`);
    const image = await screen.findByRole('img', { name: 'Identity document of Ada Lovelace' }, LOADED);
    expect(image).toHaveAttribute('src', '/files/document?sig=1');

    fireEvent.error(image);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Identity document of Ada Lovelace' })).toHaveAttribute(
        'src',
        '/files/document?sig=2',
      ),
    );
    expect(api.requestsTo('GET', DETAIL)).toHaveLength(2);

    // A fresh address that fails too is reported, with a way to try again.
    fireEvent.error(screen.getByRole('img', { name: 'Identity document of Ada Lovelace' }));
    expect(await screen.findByText('The image could not be loaded.')).toBeInTheDocument();
    expect(api.requestsTo('GET', DETAIL)).toHaveLength(2);
  });

  it('approves after a confirmation, says so, and goes back to the queue without the check', async () => {
    const { api, user, setWaiting } = await openAdaFromQueue({
      [`POST ${DECISION}`]: { body: detailOf({ ...ADA, status: 'Success' }) },
    });
    setWaiting([GRACE]);

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const sheet = await screen.findByRole('dialog', { name: 'Approve this identity check?' }, LOADED);
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo('POST', DECISION)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Approve this identity check?' }, LOADED)).getByRole(
        'button',
        {
          name: 'Approve',
        },
      ),
    );
    expect(
      await screen.findByText('Ada Lovelace can carry on with onboarding.', {}, LOADED),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', DECISION)[0]?.body).toEqual({ decision: 'approve' });
    const queue = await table('Waiting for review');
    expect(await within(queue).findByText('Grace Hopper')).toBeInTheDocument();
    expect(within(queue).queryByText('Ada Lovelace')).not.toBeInTheDocument();
  });

  it('rejects with a reason the creator reads, checked by the shared rules first', async () => {
    const { api, user } = await openAdaFromQueue({
      [`POST ${DECISION}`]: { body: detailOf({ ...ADA, status: 'Failure' }) },
    });

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this identity check' }, LOADED);
    const reason = within(dialog).getByRole('textbox', { name: /Reason for the creator/ });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(fieldErrorOf(reason)).toHaveTextContent(KYC_MESSAGES.reasonRequired));

    await user.click(reason);
    await user.paste('x'.repeat(KYC_REASON_MAX_LENGTH + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(fieldErrorOf(reason)).toHaveTextContent(maxLengthMessage(KYC_REASON_MAX_LENGTH)),
    );
    expect(api.requestsTo('POST', DECISION)).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, 'The document photo is blurred.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Ada Lovelace will see your reason.', {}, LOADED)).toBeInTheDocument();
    expect(api.requestsTo('POST', DECISION)[0]?.body).toEqual({
      decision: 'reject',
      reason: 'The document photo is blurred.',
    });
    expect(await table('Waiting for review')).toBeInTheDocument();
  });

  it('asks the creator to verify again, with a reason', async () => {
    const { api, user } = await openAdaFromQueue({
      [`POST ${DECISION}`]: { body: detailOf({ ...ADA, status: 'ReVerify' }) },
    });
    await user.click(screen.getByRole('button', { name: 'Ask to verify again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask to verify again' }, LOADED);
    const reason = within(dialog).getByRole('textbox', { name: /Reason for the creator/ });
    await user.click(within(dialog).getByRole('button', { name: 'Ask to verify again' }));
    await waitFor(() => expect(fieldErrorOf(reason)).toHaveTextContent(KYC_MESSAGES.reasonRequired));
    // The message carries the warning icon the spec asks for.
    expect(fieldErrorOf(reason)?.querySelector('svg')).not.toBeNull();

    await user.type(reason, 'Please take the selfie in daylight.');
    await user.click(within(dialog).getByRole('button', { name: 'Ask to verify again' }));
    expect(
      await screen.findByText(
        'Ada Lovelace will see your reason and can send a new document and selfie.',
        {},
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', DECISION)[0]?.body).toEqual({
      decision: 'reverify',
      reason: 'Please take the selfie in daylight.',
    });
  });

  it('says so when the check was decided meanwhile, and shows it as it now stands', async () => {
    let decidedElsewhere = false;
    const { api, user } = await openAdaFromQueue({
      [`GET ${DETAIL}`]: () => ({
        body: decidedElsewhere
          ? detailOf({ ...ADA, status: 'Success', decidedAt: '2026-11-04T10:00:00.000Z', decidedBy: 'Sam' })
          : detailOf(ADA),
      }),
      [`POST ${DECISION}`]: () => {
        decidedElsewhere = true;
        return { status: 409, body: errorBody('CONFLICT', KYC_MESSAGES.notDecidable) };
      },
    });

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this identity check' }, LOADED);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Blurred.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByRole('alert', { name: KYC_MESSAGES.notDecidable })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getByText(/by Sam$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET', DETAIL).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the confirmation open with a message when the decision fails for another reason', async () => {
    const { user } = await openAdaFromQueue({
      [`POST ${DECISION}`]: { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Down') },
    });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const sheet = await screen.findByRole('dialog', { name: 'Approve this identity check?' }, LOADED);
    await user.click(within(sheet).getByRole('button', { name: 'Approve' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.unknownError);
    expect(screen.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeInTheDocument();
  });

  it('offers a retry when the check cannot be loaded', async () => {
    let fail = true;
    mockApi({
      ...signedInAs('Support'),
      [`GET ${DETAIL}`]: () =>
        fail ? { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Down') } : { body: detailOf(ADA) },
    });
    const { user } = renderApp(`/console/identity-checks/${ADA.id}`);
    expect(await screen.findByText('We could not load this identity check', {}, LOADED)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeInTheDocument();
  });

  it('says when a check does not exist', async () => {
    mockApi({ ...signedInAs('Admin') });
    renderApp(`/console/identity-checks/${ADA.id}`);
    expect(
      await screen.findByRole('heading', { name: 'Identity check not found' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to identity checks' })).toHaveAttribute(
      'href',
      '/console/identity-checks',
    );
  });
});
