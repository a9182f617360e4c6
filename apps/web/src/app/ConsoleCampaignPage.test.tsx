import {
  CAMPAIGN_MESSAGES,
  type CampaignDetail as Campaign,
  type CampaignEntry,
  type CampaignRsvp,
  type MarketingRole,
} from '@platform/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeAccessToken } from '../lib/session';
import { errorBody, mockApi, type MockReply } from '../test/api-mock';
import {
  asset,
  campaign,
  campaignEntry,
  campaignPath,
  entryPage,
  historyEntry,
  pendingCampaign,
  rejectedCampaign,
  staffLeaderboard,
  SUMMER_ID,
} from '../test/campaigns';
import { campaignBudget, payment, paymentPage } from '../test/payments';
import { renderWidget } from '../test/render-widget';
import { clearToasts, shownToasts } from '../test/toasts';
import { ConsoleCampaignPage as CampaignDetail } from './ConsoleCampaignPage';

// Dialogs and sheets load their code when first opened, which can take a while on a busy machine.
const LOADED = { timeout: 5000 };

const ACTION_LABELS = [
  'Edit',
  'Submit for review',
  'Approve',
  'Reject',
  'Unpublish',
  'Republish',
  'Copy',
  'Archive',
];

function renderDetail(
  role: MarketingRole,
  shown: Campaign,
  routes: Record<string, MockReply | (() => MockReply)> = {},
) {
  storeAccessToken('token-1', Date.now() + 60_000);
  const api = mockApi({
    [`GET ${campaignPath(shown.id)}`]: { body: shown },
    [`GET ${campaignPath(shown.id, '/rsvps')}`]: { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    [`GET ${campaignPath(shown.id, '/entries')}`]: { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    [`GET ${campaignPath(shown.id, '/payments')}`]: { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    [`GET ${campaignPath(shown.id, '/budget')}`]: { body: campaignBudget() },
    [`GET ${campaignPath(shown.id, '/fundings')}`]: { body: { items: [], providerTopUps: false } },
    [`GET ${campaignPath(shown.id, '/leaderboard')}`]: { body: staffLeaderboard() },
    ...routes,
  });
  const view = renderWidget(<CampaignDetail id={shown.id} role={role} />, {
    path: `/console/campaigns/${shown.id}`,
  });
  return { api, ...view };
}

/** The action buttons (and the Edit link) on show, in order. */
function actionsShown() {
  return ACTION_LABELS.filter(
    (label) =>
      screen.queryByRole('button', { name: label }) !== null ||
      screen.queryByRole('link', { name: label }) !== null,
  );
}

const status = () => screen.getByRole('group', { name: 'Status' });
const rejectionNotice = () => screen.getByText('Sent back for changes').closest('[role="alert"]');

const heading = (name: string) => screen.findByRole('heading', { name, level: 1 }, LOADED);

afterEach(() => clearToasts());

describe('CampaignDetail', () => {
  it('shows everything the editor holds, read-only, in the spec’s formats', async () => {
    renderDetail(
      'CampaignViewer',
      campaign({
        assets: [asset({ scanStatus: 'NOT_SCANNED', scanned: false })],
        coverAssetId: asset().id,
        history: [
          historyEntry(),
          historyEntry({ at: '2030-04-03T14:07:00.000Z', from: 'DRAFT', to: 'PENDING' }),
          historyEntry({ at: '2030-04-04T08:00:00.000Z', from: 'PENDING', to: 'PUBLISHED', by: null }),
        ],
      }),
    );
    await heading('Summer Sound');
    expect(status()).toHaveTextContent('Draft');

    const overview = screen.getByRole('region', { name: 'Overview' });
    expect(overview).toHaveTextContent('The Band');
    expect(overview).toHaveTextContent('TikTok');
    expect(overview).toHaveTextContent('Music');
    expect(overview).toHaveTextContent('£1,000.00');
    expect(overview).toHaveTextContent('01 Jun, 2030 @ 9:00 AM GMT');
    expect(overview).toHaveTextContent('29 Jun, 2030 @ 9:00 AM GMT');
    expect(overview).toHaveTextContent('Challenge: Open to every eligible creator');
    expect(overview).toHaveTextContent('Britain');

    const reward = screen.getByRole('region', { name: 'Reward' });
    expect(reward).toHaveTextContent('First come, first served');
    expect(reward).toHaveTextContent('£10.00 per approved entry, for 50 slots.');
    expect(reward).toHaveTextContent(
      'Most it can pay: 50 slots × £10.00 = £500.00, within the budget of £1,000.00.',
    );

    const brief = screen.getByRole('region', { name: 'Brief' });
    expect(await within(brief).findByRole('link', { name: 'the brief' }, LOADED)).toHaveAttribute(
      'href',
      'https://example.com/brief',
    );

    const requirements = screen.getByRole('region', { name: 'Entry requirements' });
    expect(requirements).toHaveTextContent('#summersound');
    expect(requirements).toHaveTextContent('@theband');
    expect(requirements).toHaveTextContent('15 seconds');

    const files = screen.getByRole('region', { name: 'Files' });
    const poster = within(files).getByRole('group', { name: 'poster.png' });
    expect(poster).toHaveTextContent('Not scanned');
    expect(poster).toHaveTextContent(/no virus scanner is configured/);
    expect(poster).not.toHaveTextContent(/clean/i);
    expect(poster).toHaveTextContent('Cover');

    const history = within(screen.getByRole('table', { name: 'Status history' })).getAllByRole('row');
    expect(history[1]).toHaveTextContent('04 Apr, 2030 @ 8:00 AM GMT');
    expect(history[1]).toHaveTextContent('Approved');
    expect(history[1]).toHaveTextContent('Automatically, on schedule');
    expect(history[2]).toHaveTextContent('03 Apr, 2030 @ 2:07 PM GMT');
    expect(history[2]).toHaveTextContent('Sent for review');
    expect(history[2]).toHaveTextContent('marketer@example.com');
    expect(history[3]).toHaveTextContent('Created as a draft');
  });

  it('shows the marketer why it was sent back, prominently, and in its history', async () => {
    renderDetail('CampaignMarketer', rejectedCampaign('Add the brand’s mention.'));
    await heading('Summer Sound');
    const notice = rejectionNotice();
    expect(notice).toHaveTextContent('Add the brand’s mention.');
    expect(notice).toHaveTextContent('Edit the campaign to make these changes');
    const rejected = within(screen.getByRole('table', { name: 'Status history' })).getAllByRole('row')[1];
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('manager@example.com');
    expect(rejected).toHaveTextContent('Add the brand’s mention.');
    expect(actionsShown()).toEqual(['Edit', 'Copy', 'Archive']);
  });

  it.each<[MarketingRole, string[], string[]]>([
    ['Admin', ['Edit', 'Submit for review', 'Copy', 'Archive'], ['Approve', 'Reject', 'Copy', 'Archive']],
    [
      'CampaignManager',
      ['Edit', 'Submit for review', 'Copy', 'Archive'],
      ['Approve', 'Reject', 'Copy', 'Archive'],
    ],
    ['CampaignMarketer', ['Edit', 'Submit for review', 'Copy', 'Archive'], ['Copy', 'Archive']],
    ['CampaignViewer', [], []],
  ])('offers a %s only what their grants and the status allow', async (role, onDraft, onPending) => {
    const draft = renderDetail(role, campaign());
    await heading('Summer Sound');
    expect(actionsShown()).toEqual(onDraft);
    draft.unmount();

    renderDetail(role, pendingCampaign());
    await heading('Summer Sound');
    expect(actionsShown()).toEqual(onPending);
  });

  it('links Edit to the editor', async () => {
    renderDetail('CampaignMarketer', campaign());
    await heading('Summer Sound');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/console/campaigns/${SUMMER_ID}/edit`,
    );
  });

  it('sends a draft for review, and says why the server refused when it does', async () => {
    let refuse = true;
    const { api, user } = renderDetail('CampaignMarketer', campaign(), {
      [`POST ${campaignPath(SUMMER_ID, '/submit')}`]: () =>
        refuse
          ? {
              status: 400,
              body: errorBody('VALIDATION_FAILED', 'The request is not valid.', [
                { field: 'startsAt', message: CAMPAIGN_MESSAGES.startPassed },
              ]),
            }
          : { body: pendingCampaign() },
    });
    await heading('Summer Sound');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CAMPAIGN_MESSAGES.startPassed);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(status()).toHaveTextContent('Waiting for review'));
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
    expect(await shownToasts()).toContain('Sent for review: “Summer Sound” is waiting for a reviewer.');
    expect(api.requestsTo('POST', campaignPath(SUMMER_ID, '/submit'))).toHaveLength(2);
  });

  it('approves a campaign waiting for review, once confirmed', async () => {
    const { api, user } = renderDetail('CampaignManager', pendingCampaign(), {
      [`POST ${campaignPath(SUMMER_ID, '/approve')}`]: { body: campaign({ status: 'PUBLISHED' }) },
    });
    await heading('Summer Sound');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const sheet = await screen.findByRole('dialog', { name: 'Approve this campaign?' }, LOADED);
    expect(sheet).toHaveTextContent('it goes live on 01 Jun, 2030 @ 9:00 AM GMT');
    expect(api.requestsTo('POST', campaignPath(SUMMER_ID, '/approve'))).toHaveLength(0);

    await user.click(within(sheet).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(status()).toHaveTextContent('Published'));
    expect(api.requestsTo('POST', campaignPath(SUMMER_ID, '/approve'))).toHaveLength(1);
    expect(await shownToasts()).toContain('Campaign approved: “Summer Sound” is published.');
    expect(actionsShown()).toEqual(['Edit', 'Unpublish', 'Copy']);
  });

  it('rejects a campaign with the reason the marketer will read', async () => {
    const reason = 'Add the brand’s mention.';
    const { api, user } = renderDetail('Admin', pendingCampaign(), {
      [`POST ${campaignPath(SUMMER_ID, '/reject')}`]: { body: rejectedCampaign(reason) },
    });
    await heading('Summer Sound');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Summer Sound' }, LOADED);

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(CAMPAIGN_MESSAGES.rejectionReasonRequired)).toBeInTheDocument();
    expect(api.requestsTo('POST', campaignPath(SUMMER_ID, '/reject'))).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'What should change' }), reason);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reject Summer Sound' })).not.toBeInTheDocument(),
    );
    expect(api.requestsTo('POST', campaignPath(SUMMER_ID, '/reject'))[0]?.body).toEqual({ reason });
    expect(status()).toHaveTextContent('Rejected');
    expect(rejectionNotice()).toHaveTextContent(reason);
    expect(await shownToasts()).toContain(
      'Campaign rejected: The marketer of “Summer Sound” will see your reason.',
    );
  });

  it('archives after asking, and keeps the sheet open with the server’s refusal', async () => {
    let refuse = true;
    const { api, user } = renderDetail('CampaignMarketer', campaign(), {
      [`POST ${campaignPath(SUMMER_ID, '/archive')}`]: () =>
        refuse
          ? { status: 409, body: errorBody('CONFLICT', CAMPAIGN_MESSAGES.transitionNotAllowed('LIVE')) }
          : { body: campaign({ archived: true }) },
    });
    await heading('Summer Sound');
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const sheet = await screen.findByRole('dialog', { name: 'Archive this campaign?' }, LOADED);
    await user.click(within(sheet).getByRole('button', { name: 'Archive' }));
    expect(
      await within(sheet).findByText(CAMPAIGN_MESSAGES.transitionNotAllowed('LIVE')),
    ).toBeInTheDocument();

    refuse = false;
    await user.click(within(sheet).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText(/This campaign is archived/)).toBeInTheDocument();
    expect(actionsShown()).toEqual(['Copy']);
    expect(api.requestsTo('POST', campaignPath(SUMMER_ID, '/archive'))).toHaveLength(2);
  });

  it('copies into a new draft and opens its editor', async () => {
    const copyId = '3f1c2b4a-5d6e-4f70-8a9b-00000000c0ff';
    const { router, user } = renderDetail('CampaignMarketer', campaign({ status: 'ENDED' }), {
      [`POST ${campaignPath(SUMMER_ID, '/copy')}`]: {
        status: 201,
        body: campaign({ id: copyId, name: 'Copy of Summer Sound' }),
      },
    });
    await heading('Summer Sound');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/campaigns/${copyId}/edit`));
    expect(await shownToasts()).toContain('Campaign copied: “Copy of Summer Sound” is a new draft.');
  });

  it('offers a retry when the campaign cannot be loaded (500), and says when it does not exist (404)', async () => {
    let fail = true;
    const { user, unmount } = renderDetail('Admin', campaign(), {
      [`GET ${campaignPath(SUMMER_ID)}`]: () =>
        fail ? { status: 500, body: errorBody('INTERNAL', 'Broken') } : { body: campaign() },
    });
    expect(await screen.findByText('We could not load this campaign')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading('Summer Sound')).toBeInTheDocument();
    unmount();

    renderDetail('Admin', campaign(), {
      [`GET ${campaignPath(SUMMER_ID)}`]: { status: 404, body: errorBody('NOT_FOUND', 'Not found') },
    });
    expect(await screen.findByRole('heading', { name: 'Campaign not found' })).toBeInTheDocument();
  });

  it('reads the campaign again while a file is scanned, until the scan is over', async () => {
    let reads = 0;
    renderDetail('CampaignViewer', campaign(), {
      [`GET ${campaignPath(SUMMER_ID)}`]: () => {
        reads += 1;
        return {
          body: campaign({
            assets: [asset(reads === 1 ? { scanStatus: 'SCANNING', path: null, thumbnailPath: null } : {})],
          }),
        };
      },
    });
    const files = await screen.findByRole('region', { name: 'Files' }, LOADED);
    expect(within(files).getByText('Scanning')).toBeInTheDocument();
    expect(await within(files).findByText('No threats found', {}, LOADED)).toBeInTheDocument();
    expect(within(files).getByRole('img', { name: 'Thumbnail of poster.png' })).toHaveAttribute(
      'src',
      asset().thumbnailUrl,
    );
    expect(reads).toBe(2);
  });

  describe('its creators', () => {
    const rsvpOf = (overrides: Partial<CampaignRsvp>): CampaignRsvp => ({
      id: '6a1b2c3d-0000-4000-8000-0000000000r1',
      campaignId: SUMMER_ID,
      creatorId: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e21',
      status: 'ACCEPT',
      createdAt: '2030-06-02T09:00:00.000Z',
      updatedAt: '2030-06-02T09:00:00.000Z',
      creator: { id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e21', name: 'Ada Lovelace', handle: 'ada_dances' },
      ...overrides,
    });
    const declined = rsvpOf({
      id: '6a1b2c3d-0000-4000-8000-0000000000r2',
      status: 'DECLINE',
      creator: { id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e22', name: 'Ben Okri', handle: null },
    });
    const live = campaign({ status: 'LIVE', type: 'BESPOKE' });
    const page = (items: CampaignRsvp[]) => ({ body: { items, total: items.length, page: 1, pageSize: 25 } });

    it('lists who takes part and how invitations were answered, with the moves the machine allows', async () => {
      let answered = false;
      const { api, user } = renderDetail('CampaignMarketer', live, {
        [`GET ${campaignPath(SUMMER_ID, '/rsvps')}`]: () =>
          page(answered ? [rsvpOf({}), { ...declined, status: 'REINVITED' }] : [rsvpOf({}), declined]),
        [`POST ${campaignPath(SUMMER_ID, `/rsvps/${declined.id}/reinvite`)}`]: () => {
          answered = true;
          return { body: { ...declined, status: 'REINVITED' } };
        },
      });
      const table = await screen.findByRole('table', { name: 'Creators' }, LOADED);
      await within(table).findByText('Ada Lovelace');
      const [ada, ben] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
      expect(ada).toHaveTextContent('Ada Lovelace');
      expect(ada).toHaveTextContent('ada_dances');
      expect(within(ada).getByText('Taking part')).toBeInTheDocument();
      expect(
        within(ada)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Unselect']);
      expect(
        within(ben)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Invite again']);

      await user.click(within(ben).getByRole('button', { name: 'Invite again: Ben Okri' }));
      expect(await within(table).findByText('Invited again')).toBeInTheDocument();
      expect(await shownToasts()).toContain('Ben Okri is invited again.');
      expect(api.requestsTo('POST', campaignPath(SUMMER_ID, `/rsvps/${declined.id}/reinvite`))).toHaveLength(
        1,
      );
    });

    it('shows a viewer the creators without any move', async () => {
      renderDetail('CampaignViewer', live, {
        [`GET ${campaignPath(SUMMER_ID, '/rsvps')}`]: page([rsvpOf({}), declined]),
      });
      const table = await screen.findByRole('table', { name: 'Creators' }, LOADED);
      await within(table).findByText('Ada Lovelace');
      expect(within(table).queryAllByRole('button')).toEqual([]);
    });

    it('says why the server refused a move', async () => {
      const { user } = renderDetail('CampaignManager', live, {
        [`GET ${campaignPath(SUMMER_ID, '/rsvps')}`]: page([rsvpOf({})]),
        [`POST ${campaignPath(SUMMER_ID, `/rsvps/${rsvpOf({}).id}/unselect`)}`]: {
          status: 409,
          body: errorBody('CONFLICT', 'That is not possible for this creator now.'),
        },
      });
      const table = await screen.findByRole('table', { name: 'Creators' }, LOADED);
      await user.click(await within(table).findByRole('button', { name: 'Unselect: Ada Lovelace' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'That is not possible for this creator now.',
      );
    });

    it('invites creators found by name or handle, leaving out those already invited', async () => {
      const found = [
        { id: 'c1', name: 'Cleo Mint', country: 'GB', handle: 'cleo_moves', rsvpStatus: null },
        { id: 'c2', name: 'Dan Vale', country: 'GB', handle: null, rsvpStatus: 'INVITED' as const },
      ];
      const { api, user } = renderDetail('CampaignMarketer', live, {
        [`GET ${campaignPath(SUMMER_ID, '/eligible-creators')}`]: {
          body: { items: found, total: 2, page: 1, pageSize: 50 },
        },
        [`POST ${campaignPath(SUMMER_ID, '/invitations')}`]: {
          body: { invited: [rsvpOf({ status: 'INVITED' })] },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Invite creators' }, LOADED));
      const dialog = await screen.findByRole('dialog', { name: `Invite creators to ${live.name}` });
      const cleo = await within(dialog).findByRole('checkbox', { name: 'Cleo Mint' });
      expect(within(dialog).getByRole('checkbox', { name: 'Dan Vale' })).toBeDisabled();
      expect(within(dialog).getByText('No handle on this platform · GB')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Invite' })).toBeDisabled();

      await user.click(cleo);
      await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await shownToasts()).toContain('Invitations sent: 1 creator is invited.');
      expect(
        api.requestsTo('POST', campaignPath(SUMMER_ID, '/invitations')).map((request) => request.body),
      ).toEqual([{ creatorIds: ['c1'] }]);
      expect(api.requestsTo('GET', campaignPath(SUMMER_ID, '/rsvps')).length).toBeGreaterThanOrEqual(2);
    });

    it('offers invitations only on a published or live bespoke campaign', async () => {
      renderDetail('CampaignMarketer', campaign({ status: 'LIVE', type: 'CHALLENGE' }));
      await screen.findByRole('table', { name: 'Creators' }, LOADED);
      expect(screen.queryByRole('button', { name: 'Invite creators' })).not.toBeInTheDocument();
    });

    it('is not shown to a role that may not read a campaign’s creators', async () => {
      renderDetail('StatsViewer', live);
      await heading(live.name);
      expect(screen.queryByRole('region', { name: 'Creators' })).not.toBeInTheDocument();
    });
  });

  describe('its entries', () => {
    const live = campaign({ status: 'LIVE' });
    const queue = (items: CampaignEntry[]) => ({ body: entryPage(items) });
    const ENTRIES = campaignPath(SUMMER_ID, '/entries');

    it('approves an entry from the queue, and rejects another with a reason and words of the reviewer’s own', async () => {
      const ada = campaignEntry();
      const ben = campaignEntry({
        id: '7c1d2e3f-0000-4000-8000-0000000000e2',
        creator: { id: 'b', name: 'Ben Okri', handle: null },
      });
      const { api, user } = renderDetail('CampaignMarketer', live, {
        [`GET ${ENTRIES}`]: queue([ada, ben]),
        [`POST ${ENTRIES}/${ada.id}/approve`]: { body: { ...ada, status: 'APPROVED' } },
        [`POST ${ENTRIES}/${ben.id}/reject`]: { body: { ...ben, status: 'REJECTED' } },
      });
      const table = await screen.findByRole('table', { name: 'Entries' }, LOADED);
      const [adaPost] = await within(table).findAllByRole('link', { name: /View post on TikTok/ });
      expect(adaPost).toHaveAttribute('href', ada.postLink);

      await user.click(within(table).getByRole('button', { name: 'Approve the entry of Ada Lovelace' }));
      expect(await shownToasts()).toContain('The entry of Ada Lovelace is approved.');
      expect(api.requestsTo('POST', `${ENTRIES}/${ada.id}/approve`)).toHaveLength(1);

      const rejectBen = within(table).getByRole('button', { name: 'Reject the entry of Ben Okri' });
      await waitFor(() => expect(rejectBen).toBeEnabled());
      await user.click(rejectBen);
      const dialog = await screen.findByRole('dialog', { name: 'Reject the entry of Ben Okri' }, LOADED);
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await within(dialog).findByText('Choose why the entry is rejected')).toBeInTheDocument();
      await user.selectOptions(within(dialog).getByRole('combobox', { name: /Why/ }), 'Another reason');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await within(dialog).findByText('Say what should change')).toBeInTheDocument();
      expect(api.requestsTo('POST', `${ENTRIES}/${ben.id}/reject`)).toHaveLength(0);
      await user.type(
        within(dialog).getByRole('textbox', { name: 'What should change' }),
        'Use the new single.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.requestsTo('POST', `${ENTRIES}/${ben.id}/reject`).map((request) => request.body)).toEqual([
        { reason: 'OTHER', note: 'Use the new single.' },
      ]);
    }, 20_000);

    it('shows a rejected entry’s reason, and no move to a viewer', async () => {
      renderDetail('CampaignViewer', live, {
        [`GET ${ENTRIES}`]: queue([
          campaignEntry({ status: 'REJECTED', rejection: { reason: 'LOW_QUALITY', note: 'Blurry.' } }),
        ]),
      });
      const table = await screen.findByRole('table', { name: 'Entries' }, LOADED);
      expect(await within(table).findByText('Quality too low: Blurry.')).toBeInTheDocument();
      expect(within(table).queryAllByRole('button')).toEqual([]);
    });
  });

  describe('its payments', () => {
    const live = campaign({ status: 'LIVE' });

    it('shows a manager the budget and the payments queue with its decisions', async () => {
      renderDetail('CampaignManager', live, {
        [`GET ${campaignPath(SUMMER_ID, '/payments')}`]: { body: paymentPage([payment()]) },
      });
      const section = await screen.findByRole('region', { name: 'Payments' }, LOADED);
      expect(await within(section).findByRole('region', { name: 'Budget' })).toBeInTheDocument();
      const table = within(section).getByRole('table', { name: 'Payments' });
      expect(await within(table).findByRole('button', { name: /Approve the payment/ })).toBeInTheDocument();
    });

    it('is not shown to roles that may read neither payments nor budgets', async () => {
      renderDetail('CampaignViewer', live);
      await heading(live.name);
      await screen.findByRole('table', { name: 'Entries' }, LOADED);
      expect(screen.queryByRole('region', { name: 'Payments' })).not.toBeInTheDocument();
    });
  });

  describe('its figures', () => {
    it('shows a live campaign’s leaderboard, and the import to those who run the campaign', async () => {
      const live = campaign({ status: 'LIVE' });
      renderDetail('CampaignMarketer', live);

      const board = await screen.findByRole('region', { name: 'Leaderboard' }, LOADED);
      expect(await within(board).findByRole('table', { name: 'Leaderboard' }, LOADED)).toBeInTheDocument();
      const importing = screen.getByRole('region', { name: 'Import figures' });
      expect(await within(importing).findByText('CSV file', {}, LOADED)).toBeInTheDocument();
    });

    it('shows a viewer the board without the import or corrections', async () => {
      const ended = campaign({ status: 'ENDED' });
      renderDetail('CampaignViewer', ended);

      const board = await screen.findByRole('region', { name: 'Leaderboard' }, LOADED);
      await within(board).findByRole('table', { name: 'Leaderboard' }, LOADED);
      expect(within(board).queryByRole('button', { name: /Correct the figures/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Import figures' })).not.toBeInTheDocument();
    });

    it('leaves both out of a campaign that never went live', async () => {
      const { api } = renderDetail('Admin', pendingCampaign());
      await heading('Summer Sound');

      expect(screen.queryByRole('region', { name: 'Leaderboard' })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Import figures' })).not.toBeInTheDocument();
      expect(api.requestsTo('GET', campaignPath(SUMMER_ID, '/leaderboard'))).toHaveLength(0);
    });
  });
});
