import {
  HANDLE_REFUSAL_MAX_LENGTH,
  HANDLE_VERIFICATION_MESSAGES,
  type HandleEvidenceReview,
} from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, mockApi, queriesTo } from '../../../test/api-mock';
import { signedInAs } from '../../../test/console';
import { fieldErrorOf, renderApp, screen } from '../../../test/render';
import { clearToasts, shownToasts } from '../../../test/toasts';

const ADA: HandleEvidenceReview = {
  id: '3f1c9a52-8d4e-4b7a-9c2d-0000000000e1',
  creator: { id: 'c1', name: 'Ada Lovelace', email: 'ada@example.com' },
  platform: 'TikTok',
  handle: 'ada_codes',
  status: 'PENDING',
  reason: null,
  createdAt: '2026-11-02T14:07:00.000Z',
  decidedBy: null,
  decidedAt: null,
  evidenceUrl: null,
};
const GRACE: HandleEvidenceReview = {
  ...ADA,
  id: '3f1c9a52-8d4e-4b7a-9c2d-0000000000e2',
  creator: { id: 'c2', name: null, email: 'grace@example.com' },
  platform: 'Youtube',
  handle: 'gracehopper',
  createdAt: '2026-11-03T09:30:00.000Z',
};

const LIST = '/server-api/marketing/handle-evidence';
const DETAIL = `${LIST}/${ADA.id}`;
const DECISION = `${DETAIL}/decision`;
const LOADED = { timeout: 5000 };

const withRecording = (evidence: HandleEvidenceReview) => ({
  ...evidence,
  evidenceUrl: '/server-api/files/handle-evidence/ada?sig=a',
});

describe('account evidence', () => {
  afterEach(clearToasts);

  it('lists the evidence waiting, oldest first, each opening for review', async () => {
    const api = mockApi({ ...signedInAs('Support'), [`GET ${LIST}`]: { body: { items: [ADA, GRACE] } } });
    renderApp('/console/handle-evidence');
    expect(
      await screen.findByRole('heading', { name: 'Account evidence', level: 1 }, LOADED),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Waiting for review' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      '@ada_codes on TikTok',
      '@gracehopper on YouTube',
    ]);
    expect(within(rows[0]!).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Review the evidence of Ada Lovelace' })).toHaveAttribute(
      'href',
      `/console/handle-evidence/${ADA.id}`,
    );
    expect(queriesTo(api, LIST)[0]?.get('status')).toBe('PENDING');
    expect(screen.getByRole('link', { name: 'Account evidence' })).toBeInTheDocument();
  });

  it('is a page that does not exist for roles that do not review creators', async () => {
    const api = mockApi({ ...signedInAs('CampaignManager'), [`GET ${LIST}`]: { body: { items: [ADA] } } });
    renderApp('/console/handle-evidence');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LOADED)).toBeInTheDocument();
    expect(api.requestsTo('GET', LIST)).toHaveLength(0);
  });

  it('opens from the notification’s link with the recording, and verifies the handle', async () => {
    const api = mockApi({
      ...signedInAs('Support'),
      [`GET ${DETAIL}`]: { body: withRecording(ADA) },
      [`GET ${LIST}`]: { body: { items: [] } },
      [`POST ${DECISION}`]: { body: { ...withRecording(ADA), status: 'VERIFIED' } },
    });
    const { user, router } = renderApp(`/console/handle-evidence/${ADA.id}`);
    expect(
      await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Screen recording by Ada Lovelace')).toHaveAttribute(
      'src',
      '/server-api/files/handle-evidence/ada?sig=a',
    );
    expect(screen.getByLabelText('Screen recording by Ada Lovelace').tagName).toBe('VIDEO');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await shownToasts()).toContain(
      'Handle verified: @ada_codes on TikTok is verified as Ada Lovelace’s.',
    );
    expect(api.requestsTo('POST', DECISION)[0]?.body).toEqual({ decision: 'VERIFY' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/handle-evidence'));
  });

  it('refuses only with a reason, in the shared rules’ words, and tells the creator', async () => {
    const api = mockApi({
      ...signedInAs('Support'),
      [`GET ${DETAIL}`]: { body: withRecording(ADA) },
      [`GET ${LIST}`]: { body: { items: [] } },
      [`POST ${DECISION}`]: { body: { ...withRecording(ADA), status: 'REFUSED' } },
    });
    const { user } = renderApp(`/console/handle-evidence/${ADA.id}`);
    await user.click(await screen.findByRole('button', { name: 'Refuse' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse this evidence' }, LOADED);
    const reason = within(dialog).getByRole('textbox', { name: /Reason for the creator/ });

    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() =>
      expect(fieldErrorOf(reason)).toHaveTextContent(HANDLE_VERIFICATION_MESSAGES.refusalReasonRequired),
    );
    await user.click(reason);
    await user.paste('x'.repeat(HANDLE_REFUSAL_MAX_LENGTH + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() =>
      expect(fieldErrorOf(reason)).toHaveTextContent(HANDLE_VERIFICATION_MESSAGES.refusalReasonTooLong),
    );
    expect(api.requestsTo('POST', DECISION)).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, 'The profile is not signed in.');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await shownToasts()).toContain('Evidence refused: Ada Lovelace will see your reason.');
    expect(api.requestsTo('POST', DECISION)[0]?.body).toEqual({
      decision: 'REFUSE',
      reason: 'The profile is not signed in.',
    });
  });

  it('says so when the evidence was decided meanwhile', async () => {
    mockApi({
      ...signedInAs('Support'),
      [`GET ${DETAIL}`]: { body: withRecording(ADA) },
      [`POST ${DECISION}`]: {
        status: 409,
        body: errorBody('CONFLICT', HANDLE_VERIFICATION_MESSAGES.evidenceDecided),
      },
    });
    const { user } = renderApp(`/console/handle-evidence/${ADA.id}`);
    await user.click(await screen.findByRole('button', { name: 'Verify' }, LOADED));
    expect(await screen.findByRole('alert')).toHaveTextContent(HANDLE_VERIFICATION_MESSAGES.evidenceDecided);
  });

  it('says when the evidence does not exist', async () => {
    mockApi({ ...signedInAs('Admin') });
    renderApp(`/console/handle-evidence/${ADA.id}`);
    expect(await screen.findByRole('heading', { name: 'Evidence not found' }, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to account evidence' })).toHaveAttribute(
      'href',
      '/console/handle-evidence',
    );
  });
});
