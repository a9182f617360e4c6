import { HOLD_MESSAGES, type HeldEntry } from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, mockApi } from '../../../test/api-mock';
import { signedInAs } from '../../../test/console';
import { fieldErrorOf, renderApp, screen } from '../../../test/render';
import { clearToasts, shownToasts } from '../../../test/toasts';
import { heldEntry, HOLD, HOLD_ID, HOLDS } from './hold-fixtures';

const LOADED = { timeout: 5000 };
const EMPTY_QUEUE = { body: { items: [], total: 0, page: 1, pageSize: 20 } };

function openHold(hold: HeldEntry, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...signedInAs('CampaignMarketer'),
    [`GET ${HOLD}`]: { body: hold },
    [`GET ${HOLDS}`]: EMPTY_QUEUE,
    ...routes,
  });
  return { api, ...renderApp(`/console/holds/${HOLD_ID}`) };
}

const decided = (hold: HeldEntry, outcome: 'ACCEPTED' | 'EXCLUDED' | 'REJECTED'): HeldEntry => ({
  ...hold,
  status: outcome,
  decision: {
    outcome,
    decidedAt: '2026-11-23T15:00:00.000Z',
    note: null,
    rejectionReason: null,
    excluded: null,
    decidedBy: { id: 's1', name: 'Sam Staff' },
  },
});

describe('a held entry', () => {
  afterEach(clearToasts);

  it('shows each signal against its threshold, the figures, the post and the creator’s appeal', async () => {
    openHold(
      heldEntry({
        status: 'APPEALED',
        appeal: {
          note: 'A music channel shared it.',
          recordingUrl: '/server-api/files/hold-appeals/ada?sig=a',
          scanStatus: 'SUCCESS',
          appealedAt: '2026-11-22T10:00:00.000Z',
        },
      }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 }, LOADED),
    ).toBeInTheDocument();
    const signals = screen.getByRole('table', { name: 'Signals measured' });
    const rows = within(signals)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Sudden rise', '16× the views at the window’s start', '10× or more'],
      ['Low engagement', '0.41 likes and comments per 1,000 views', 'under 5'],
    ]);
    expect(screen.getByText(heldEntry().signals[0]!.sentence)).toBeInTheDocument();
    expect(screen.getByText('51,000')).toBeInTheDocument();
    expect(screen.getByText('Provisional until 27 Nov, 2026 @ 10:00 AM GMT')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open the post/ })).toHaveAttribute(
      'href',
      heldEntry().entry.postLink,
    );
    expect(screen.getByText('A music channel shared it.')).toBeInTheDocument();
    const recording = screen.getByLabelText('Screen recording by Ada Lovelace');
    expect(recording.tagName).toBe('VIDEO');
    expect(recording).toHaveAttribute('src', '/server-api/files/hold-appeals/ada?sig=a');
    expect(recording).toHaveAttribute('controls');
  });

  it('accepts the figures with an optional note', async () => {
    const { api, user, router } = openHold(heldEntry(), {
      [`POST ${HOLD}/accept`]: { body: decided(heldEntry(), 'ACCEPTED') },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the figures of Ada Lovelace' }, LOADED);
    await user.click(within(dialog).getByRole('button', { name: 'Accept figures' }));

    expect(await shownToasts()).toContain('Figures accepted: Ada Lovelace’s earnings are no longer held.');
    expect(api.requestsTo('POST', `${HOLD}/accept`)[0]?.body).toEqual({});
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/holds'));
  });

  it('sends the accepting note when one is written', async () => {
    const { api, user } = openHold(heldEntry(), {
      [`POST ${HOLD}/accept`]: { body: decided(heldEntry(), 'ACCEPTED') },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: /Accept the figures/ }, LOADED);
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'The insights show a feature.');
    await user.click(within(dialog).getByRole('button', { name: 'Accept figures' }));
    await waitFor(() =>
      expect(api.requestsTo('POST', `${HOLD}/accept`)[0]?.body).toEqual({
        note: 'The insights show a feature.',
      }),
    );
  });

  it('excludes the sudden rise’s window, prefilled, once a reason is given', async () => {
    const { api, user } = openHold(heldEntry(), {
      [`POST ${HOLD}/exclude`]: { body: decided(heldEntry(), 'EXCLUDED') },
    });
    await user.click(await screen.findByRole('button', { name: 'Exclude views' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: /Exclude views from the entry/ }, LOADED);
    expect(within(dialog).getByText(/The sudden rise gained 48,000 views/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'From: hours' })).toHaveValue('08');
    expect(within(dialog).getByRole('textbox', { name: 'To: hours' })).toHaveValue('12');

    await user.click(within(dialog).getByRole('button', { name: 'Exclude views' }));
    const reason = within(dialog).getByRole('textbox', { name: /Reason for the creator/ });
    await waitFor(() => expect(fieldErrorOf(reason)).toHaveTextContent(HOLD_MESSAGES.reasonRequired));
    expect(api.requestsTo('POST', `${HOLD}/exclude`)).toHaveLength(0);

    await user.type(reason, 'Views bought in one morning.');
    await user.click(within(dialog).getByRole('button', { name: 'Exclude views' }));
    expect(await shownToasts()).toContain(
      'Views excluded: Ada Lovelace is told which views no longer count.',
    );
    expect(api.requestsTo('POST', `${HOLD}/exclude`)[0]?.body).toEqual({
      from: '2026-11-20T08:00:00.000Z',
      to: '2026-11-20T12:00:00.000Z',
      reason: 'Views bought in one morning.',
    });
  });

  it('rejects the entry with a listed reason and a note', async () => {
    const { api, user } = openHold(heldEntry(), {
      [`POST ${HOLD}/reject`]: { body: decided(heldEntry(), 'REJECTED') },
    });
    await user.click(await screen.findByRole('button', { name: 'Reject' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the entry of Ada Lovelace' }, LOADED);
    await user.click(within(dialog).getByRole('button', { name: 'Reject entry' }));
    const why = within(dialog).getByRole('combobox', { name: /Why/ });
    const note = within(dialog).getByRole('textbox', { name: /Note for the creator/ });
    await waitFor(() => expect(fieldErrorOf(why)).toHaveTextContent(HOLD_MESSAGES.reasonRequired));
    expect(fieldErrorOf(note)).toHaveTextContent(HOLD_MESSAGES.rejectionNoteRequired);

    await user.selectOptions(why, 'NOT_OWN_POST');
    await user.type(note, 'The views came from a paid service.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject entry' }));
    expect(await shownToasts()).toContain('Entry rejected: Ada Lovelace will see your reason.');
    expect(api.requestsTo('POST', `${HOLD}/reject`)[0]?.body).toEqual({
      reason: 'NOT_OWN_POST',
      note: 'The views came from a paid service.',
    });
  });

  it('says so when the hold was decided by someone else meanwhile', async () => {
    const { user } = openHold(heldEntry(), {
      [`POST ${HOLD}/accept`]: { status: 409, body: errorBody('CONFLICT', HOLD_MESSAGES.decided) },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: /Accept the figures/ }, LOADED);
    await user.click(within(dialog).getByRole('button', { name: 'Accept figures' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(HOLD_MESSAGES.decided);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a decided hold’s decision, who made it and when, with nothing left to decide', async () => {
    const hold = decided(heldEntry(), 'REJECTED');
    openHold({
      ...hold,
      decision: { ...hold.decision!, rejectionReason: 'NOT_OWN_POST', note: 'Paid views.' },
    });
    expect(
      await screen.findByText('The entry was rejected: Not the creator’s own post.', {}, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText('23 Nov, 2026 @ 3:00 PM GMT by Sam Staff')).toBeInTheDocument();
    expect(screen.getByText('Paid views.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('says when the hold does not exist', async () => {
    mockApi({ ...signedInAs('CampaignMarketer') });
    renderApp(`/console/holds/${HOLD_ID}`);
    expect(await screen.findByRole('heading', { name: 'Hold not found' }, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to held earnings' })).toHaveAttribute(
      'href',
      '/console/holds',
    );
  });
});
