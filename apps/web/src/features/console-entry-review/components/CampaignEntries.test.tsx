import {
  ENTRY_CHANGE_REQUEST_MAX_LENGTH,
  ENTRY_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  type CampaignEntry,
  type EntryBulkResult,
  type MarketingRole,
} from '@platform/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, mockApi, type MockReply } from '../../../test/api-mock';
import { campaign, campaignEntry, campaignPath, entryPage, SUMMER_ID } from '../../../test/campaigns';
import { signedIn } from '../../../test/console';
import { renderWidget } from '../../../test/render-widget';
import { clearToasts, shownToasts } from '../../../test/toasts';
import { CampaignEntries } from './CampaignEntries';

const ENTRIES = campaignPath(SUMMER_ID, '/entries');

const ada = campaignEntry();
const ben = campaignEntry({
  id: '7c1d2e3f-0000-4000-8000-0000000000e2',
  creator: { id: 'b', name: 'Ben Okri', handle: 'ben_reads' },
});
const cleo = campaignEntry({
  id: '7c1d2e3f-0000-4000-8000-0000000000e3',
  creator: { id: 'c', name: null, handle: 'cleo_sings' },
});

type BulkOutcome = EntryBulkResult['results'][number];

/** One entry of a bulk move's answer that moved to `status`. */
const movedTo = (
  { creator: _creator, videoUrl: _videoUrl, postAccount: _postAccount, ...entry }: CampaignEntry,
  status: CampaignEntry['status'],
): BulkOutcome => ({ entryId: entry.id, entry: { ...entry, status }, message: null });

/** One entry of a bulk move's answer that did not move, for `message`. */
const notMoved = (entry: CampaignEntry, message: string): BulkOutcome => ({
  entryId: entry.id,
  entry: null,
  message,
});

const bulkAnswer = (...results: BulkOutcome[]): MockReply => ({ body: { results } });

function renderQueue(
  role: MarketingRole,
  items: CampaignEntry[],
  routes: Record<string, MockReply | (() => MockReply)> = {},
  { changeRequests = true }: { changeRequests?: boolean } = {},
) {
  signedIn();
  const api = mockApi({ [`GET ${ENTRIES}`]: { body: entryPage(items) }, ...routes });
  const live = campaign({ status: 'LIVE' });
  const view = renderWidget(
    <CampaignEntries
      campaign={{ ...live, validation: { ...live.validation, changeRequests } }}
      role={role}
    />,
  );
  return { api, ...view };
}

/** The queue, once its first page (every test's starts with Ada's entry) is on show. */
async function entriesTable() {
  const table = await screen.findByRole('table', { name: 'Entries' });
  await within(table).findByText('Ada Lovelace');
  return table;
}
const selectionBar = () => screen.getByRole('group', { name: 'Review several entries' });
const selectedCount = () => within(selectionBar()).getByRole('status');

describe('CampaignEntries', () => {
  afterEach(clearToasts);

  it('approves two selected entries at once, from the keyboard, and starts a new selection', async () => {
    const { api, user } = renderQueue('CampaignMarketer', [ada, ben, cleo], {
      [`POST ${ENTRIES}/bulk-approve`]: bulkAnswer(movedTo(ada, 'APPROVED'), movedTo(ben, 'APPROVED')),
    });
    const table = await entriesTable();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    within(table).getByRole('checkbox', { name: 'Select the entry of Ada Lovelace' }).focus();
    await user.keyboard(' ');
    within(table).getByRole('checkbox', { name: 'Select the entry of Ben Okri' }).focus();
    await user.keyboard(' ');

    expect(selectedCount()).toHaveTextContent('2 selected');
    const bar = selectionBar();
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Approve', 'Reject…', 'Clear']);
    within(bar).getByRole('button', { name: 'Approve' }).focus();
    await user.keyboard('{Enter}');

    expect(await shownToasts()).toContain('2 entries are approved.');
    expect(api.requestsTo('POST', `${ENTRIES}/bulk-approve`).map((request) => request.body)).toEqual([
      { entryIds: [ada.id, ben.id] },
    ]);
    // Approving takes paid slots: a retry after a lost answer must replay this move, not meet a 409.
    expect(api.requestsTo('POST', `${ENTRIES}/bulk-approve`)[0]?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(
      /\S{16,}/,
    );
    expect(api.requestsTo('GET', ENTRIES)).toHaveLength(2);
    expect(selectedCount()).toHaveTextContent('');
    expect(
      within(table).getByRole('checkbox', { name: 'Select the entry of Ada Lovelace' }),
    ).not.toBeChecked();
    expect(selectionBar()).toHaveFocus();
  });

  it('lists the entries a bulk move could not move, each with the server’s reason', async () => {
    const { user } = renderQueue('CampaignMarketer', [ada, ben], {
      [`POST ${ENTRIES}/bulk-approve`]: bulkAnswer(
        movedTo(ada, 'APPROVED'),
        notMoved(ben, 'This entry has already been reviewed.'),
      ),
    });
    const table = await entriesTable();
    await user.click(within(table).getByRole('checkbox', { name: 'Select the entry of Ada Lovelace' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select the entry of Ben Okri' }));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Approve' }));

    const report = await screen.findByRole('alert', { name: '1 entry was not approved' });
    expect(within(report).getByRole('listitem')).toHaveTextContent(
      'Ben Okri: This entry has already been reviewed.',
    );
    expect(report).toHaveFocus();
    expect(await shownToasts()).toContain('1 entry is approved.');

    await user.click(within(report).getByRole('button', { name: 'Dismiss' }));
    expect(report).not.toBeInTheDocument();
    expect(selectionBar()).toHaveFocus();
  });

  it('says why the server refused a bulk move as a whole, and keeps the selection', async () => {
    const { user } = renderQueue('CampaignMarketer', [ada], {
      [`POST ${ENTRIES}/bulk-approve`]: {
        status: 403,
        body: errorBody('FORBIDDEN', 'You may not review this campaign’s entries.'),
      },
    });
    const table = await entriesTable();
    await user.click(within(table).getByRole('checkbox', { name: 'Select the entry of Ada Lovelace' }));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You may not review this campaign’s entries.');
    expect(selectedCount()).toHaveTextContent('1 selected');
  });

  it('rejects the selected entries with one reason, asking words of the reviewer’s own for another reason', async () => {
    const { api, user } = renderQueue('CampaignMarketer', [ada, ben, cleo], {
      [`POST ${ENTRIES}/bulk-reject`]: bulkAnswer(movedTo(ada, 'REJECTED'), movedTo(cleo, 'REJECTED')),
    });
    const table = await entriesTable();
    await user.click(within(table).getByRole('checkbox', { name: 'Select the entry of Ada Lovelace' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select the entry of cleo_sings' }));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Reject…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 entries' });
    expect(dialog).toHaveTextContent('The entries of Ada Lovelace and cleo_sings get the same reason.');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Why/ }), 'Another reason');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(ENTRY_MESSAGES.noteRequired)).toBeInTheDocument();
    expect(api.requestsTo('POST', `${ENTRIES}/bulk-reject`)).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'What should change' }),
      'Use the new single.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST', `${ENTRIES}/bulk-reject`).map((request) => request.body)).toEqual([
      { entryIds: [ada.id, cleo.id], rejection: { reason: 'OTHER', note: 'Use the new single.' } },
    ]);
    expect(await shownToasts()).toContain(
      '2 entries are rejected; their creators can change them and send them again.',
    );
    expect(selectedCount()).toHaveTextContent('');
    expect(selectionBar()).toHaveFocus();
  });

  it('selects every entry on the page that can move, and offers each move for the entries it suits', async () => {
    const approved = campaignEntry({ ...ben, status: 'APPROVED' });
    const rejected = campaignEntry({
      ...cleo,
      status: 'REJECTED',
      rejection: { reason: 'LOW_QUALITY', note: null },
    });
    const { api, user } = renderQueue('CampaignManager', [ada, approved, rejected], {
      [`POST ${ENTRIES}/bulk-archive`]: bulkAnswer(movedTo(approved, 'ARCHIVED')),
    });
    const table = await entriesTable();
    expect(within(table).getAllByRole('checkbox')).toHaveLength(2);

    const selectAll = screen.getByRole('checkbox', { name: 'Select all on this page' });
    await user.click(selectAll);
    expect(selectedCount()).toHaveTextContent('2 selected');
    expect(
      within(table)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);
    expect(
      within(selectionBar())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Approve 1', 'Reject 1…', 'Archive 1', 'Clear']);

    await user.click(within(table).getByRole('checkbox', { name: 'Select the entry of Ada Lovelace' }));
    expect(selectAll).toBePartiallyChecked();
    await user.click(within(selectionBar()).getByRole('button', { name: 'Archive' }));
    expect(await shownToasts()).toContain('1 entry is archived.');
    expect(api.requestsTo('POST', `${ENTRIES}/bulk-archive`).map((request) => request.body)).toEqual([
      { entryIds: [approved.id] },
    ]);

    await user.click(selectAll);
    await user.click(selectAll);
    expect(selectedCount()).toHaveTextContent('');
    await user.click(selectAll);
    await user.click(within(selectionBar()).getByRole('button', { name: 'Clear' }));
    expect(selectedCount()).toHaveTextContent('');
    expect(selectAll).toHaveFocus();
  });

  it('offers no selection to a role that may not review entries', async () => {
    renderQueue('CampaignViewer', [ada, campaignEntry({ ...ben, status: 'APPROVED' })]);
    const table = await entriesTable();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Review several entries' })).not.toBeInTheDocument();
    expect(within(table).queryAllByRole('button')).toEqual([]);
  });

  it('shows beside each creator’s handle whose post it is, as its link or platform said, or that nobody checked', async () => {
    renderQueue('CampaignMarketer', [
      ada,
      campaignEntry({ ...ben, postAccount: { handle: 'Ben_Reads', namedBy: 'PLATFORM' } }),
      campaignEntry({ ...cleo, postLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', postAccount: null }),
      campaignEntry({
        id: '7c1d2e3f-0000-4000-8000-0000000000e4',
        creator: { id: 'd', name: 'Dev Shah', handle: 'dev_draws' },
        postAccount: { handle: 'dev_draws_old', namedBy: 'LINK' },
      }),
    ]);
    const table = await entriesTable();
    const rowOf = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;

    expect(
      within(rowOf('Ada Lovelace')).getByText('Post by @ada_dances, as its link says'),
    ).toBeInTheDocument();
    expect(within(rowOf('Ben Okri')).getByText('Post by @Ben_Reads, as TikTok says')).toBeInTheDocument();
    expect(within(rowOf('Ben Okri')).queryByText('Not the creator’s handle')).not.toBeInTheDocument();
    expect(within(rowOf('@cleo_sings')).getByText('Author not checked')).toBeInTheDocument();
    expect(within(rowOf('@cleo_sings')).queryByText(/^Post by/)).not.toBeInTheDocument();
    expect(within(rowOf('Dev Shah')).getByText('@dev_draws')).toBeInTheDocument();
    expect(
      within(rowOf('Dev Shah')).getByText('Post by @dev_draws_old, as its link says'),
    ).toBeInTheDocument();
    expect(within(rowOf('Dev Shah')).getByText('Not the creator’s handle')).toBeInTheDocument();
    expect(within(table).getAllByText('Not the creator’s handle')).toHaveLength(1);
    expect(within(table).getAllByText('Author not checked')).toHaveLength(1);
  });

  it('rejects an entry as not the creator’s own post', async () => {
    const { api, user } = renderQueue('CampaignMarketer', [ada], {
      [`POST ${ENTRIES}/${ada.id}/reject`]: {
        body: movedTo({ ...ada, rejection: { reason: 'NOT_OWN_POST', note: null } }, 'REJECTED').entry,
      },
    });
    const table = await entriesTable();
    await user.click(within(table).getByRole('button', { name: 'Reject the entry of Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the entry of Ada Lovelace' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /Why/ }),
      'Not the creator’s own post',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const rejections = api.requestsTo('POST', `${ENTRIES}/${ada.id}/reject`);
    expect(rejections.map((request) => request.body)).toEqual([{ reason: 'NOT_OWN_POST' }]);
    expect(rejections[0]?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/\S{16,}/);
  });

  it('plays a video entry in the queue, and says when its video cannot be played yet', async () => {
    const videoUrl = '/server-api/files/entries/ada.mp4?expires=1900000000&signature=s1';
    renderQueue('CampaignMarketer', [
      campaignEntry({ kind: 'VIDEO', postLink: null, videoKey: 'entries/ada.mp4', videoUrl }),
      campaignEntry({ ...ben, kind: 'VIDEO', postLink: null, videoKey: 'entries/ben.mp4', videoUrl: null }),
    ]);
    const table = await entriesTable();
    const video = within(table).getByLabelText('Video of Ada Lovelace');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', videoUrl);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(within(table).getByText(/cannot be played yet/)).toBeInTheDocument();
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
  });

  it('sends an entry back to its creator with a note of what to change, asked for in a dialog', async () => {
    const note = 'Show the product in the first three seconds.';
    const { api, user } = renderQueue('CampaignMarketer', [ada], {
      [`POST ${ENTRIES}/${ada.id}/request-changes`]: {
        body: { ...movedTo(ada, 'CHANGES_REQUESTED').entry, changeRequest: note },
      },
    });
    const table = await entriesTable();
    const ask = within(table).getByRole('button', { name: 'Request changes to the entry of Ada Lovelace' });
    expect(ask).toHaveTextContent('Request changes');
    await user.click(ask);
    const dialog = await screen.findByRole('dialog', { name: 'Ask Ada Lovelace for changes' });
    const field = within(dialog).getByRole('textbox', { name: /What should change/ });
    expect(field).toHaveAttribute('maxlength', String(ENTRY_CHANGE_REQUEST_MAX_LENGTH));

    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await within(dialog).findByText(ENTRY_MESSAGES.changeNoteRequired)).toBeInTheDocument();
    expect(api.requestsTo('POST', `${ENTRIES}/${ada.id}/request-changes`)).toEqual([]);

    await user.type(field, note);
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const requests = api.requestsTo('POST', `${ENTRIES}/${ada.id}/request-changes`);
    expect(requests.map((request) => request.body)).toEqual([{ note }]);
    expect(requests[0]?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/\S{16,}/);
    expect(await shownToasts()).toContain(
      'The entry of Ada Lovelace is sent back: they can change it and send it again.',
    );
  });

  it('shows in the dialog why the server refused to ask for changes', async () => {
    const { user } = renderQueue('CampaignMarketer', [ada], {
      [`POST ${ENTRIES}/${ada.id}/request-changes`]: {
        status: 409,
        body: errorBody('CONFLICT', ENTRY_MESSAGES.changesOnlyWhileWaiting),
      },
    });
    const table = await entriesTable();
    await user.click(
      within(table).getByRole('button', { name: 'Request changes to the entry of Ada Lovelace' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ask Ada Lovelace for changes' });
    await user.type(within(dialog).getByRole('textbox', { name: /What should change/ }), 'Brighter, please.');
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await within(dialog).findByText(ENTRY_MESSAGES.changesOnlyWhileWaiting)).toBeInTheDocument();
  });

  it('offers no request for changes where the campaign does not ask for them, nor to a role that may not reject', async () => {
    renderQueue('CampaignMarketer', [ada], {}, { changeRequests: false });
    const table = await entriesTable();
    expect(
      within(table).getByRole('button', { name: 'Reject the entry of Ada Lovelace' }),
    ).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Request changes/ })).not.toBeInTheDocument();
  });

  it('shows what a creator was asked to change, and which entries were approved automatically', async () => {
    renderQueue('CampaignMarketer', [
      campaignEntry({ ...ada, status: 'CHANGES_REQUESTED', changeRequest: 'Tag @novalights.' }),
      campaignEntry({ ...ben, status: 'APPROVED', autoApproved: true }),
      campaignEntry({ ...cleo, status: 'APPROVED' }),
    ]);
    const table = await entriesTable();
    const rowOf = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(rowOf('Ada Lovelace')).getByText('Changes requested')).toBeInTheDocument();
    expect(within(rowOf('Ada Lovelace')).getByText('Asked: Tag @novalights.')).toBeInTheDocument();
    expect(within(rowOf('Ada Lovelace')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('Ben Okri')).getByText('Approved automatically')).toBeInTheDocument();
    expect(within(rowOf('@cleo_sings')).queryByText('Approved automatically')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Changes requested' })).toBeInTheDocument();
  });
});
