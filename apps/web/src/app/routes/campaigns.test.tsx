import {
  ENTRY_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  RSVP_MESSAGES,
  type CreatorCampaignDetail,
  type Entry,
  type Rsvp,
} from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, errorBody, queriesTo, type MockReply } from '../../test/api-mock';
import {
  asset,
  creatorCampaign,
  creatorCardOf,
  creatorEntry,
  SUMMER_ID,
  TIKTOK_POST,
} from '../../test/campaigns';
import { answerWithText, openAsCreator, PAGE_TEST } from '../../test/creator-app';
import { CREATOR_ID, creatorInfo } from '../../test/creator-info';
import { fieldErrorOf, screen } from '../../test/render';
import { clearToasts, shownToasts } from '../../test/toasts';
import { stubUploadRequests } from '../../test/upload-requests';

const LIST = '/server-api/campaigns';
const RSVP = '/server-api/campaigns/rsvp';
const NO_RSVP = { [`POST ${RSVP}/search`]: { body: { data: [] } } };
const DETAIL = `/server-api/campaigns/${SUMMER_ID}`;
const active = creatorInfo({ status: 'ACTIVE' });

const cover = asset({
  path: `campaign-assets/${SUMMER_ID}/cover.png`,
  thumbnailPath: `campaign-assets/${SUMMER_ID}/cover.png.thumbnail.webp`,
  url: `/server-api/campaign-assets/${SUMMER_ID}/cover.png`,
  thumbnailUrl: `/server-api/campaign-assets/${SUMMER_ID}/cover.png.thumbnail.webp`,
});
const briefPdf = asset({
  id: '9e8d7c6b-0000-4000-8000-0000000000a2',
  fileType: 'pdf',
  fileName: 'brief.pdf',
  contentType: 'application/pdf',
  path: `campaign-assets/${SUMMER_ID}/brief.pdf`,
  thumbnailPath: null,
  url: `/server-api/campaign-assets/${SUMMER_ID}/brief.pdf`,
  thumbnailUrl: null,
});
const summer = creatorCampaign({
  coverImagePath: cover.path,
  coverThumbnailPath: cover.thumbnailPath,
  assets: [cover, briefPdf],
});
const upcoming = creatorCampaign({
  id: '3f1c2b4a-5d6e-4f70-8a9b-00000000c002',
  name: 'Autumn Moves',
  status: 'PUBLISHED',
  startsAt: '2031-09-01T08:30:00.000Z',
  endsAt: '2031-09-30T08:30:00.000Z',
  campaignEntriesCount: 0,
});

describe('creator campaigns', PAGE_TEST, () => {
  it('lists live campaigns before upcoming ones, each with its timing, its most and its entries', async () => {
    const { api } = openAsCreator('/campaigns', active, {
      [`GET ${LIST}`]: { body: [creatorCardOf(summer), creatorCardOf(upcoming)] },
    });

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const [live, next] = cards as [HTMLElement, HTMLElement];
    expect(within(live).getByRole('link', { name: 'Summer Sound' })).toHaveAttribute(
      'href',
      `/campaigns/${SUMMER_ID}`,
    );
    expect(within(live).getByText('Live')).toBeInTheDocument();
    expect(live.querySelector('img')).toHaveAttribute(
      'src',
      `/server-api/campaign-assets/${SUMMER_ID}/cover.png.thumbnail.webp`,
    );
    expect(next.querySelector('img')).toBeNull();
    expect(within(live).getByText(/^\d+ \w+ left$/)).toBeInTheDocument();
    expect(within(live).getByText('Up to £750.00')).toBeInTheDocument();
    expect(within(live).getByText('1.5k entries')).toBeInTheDocument();
    expect(within(live).getByText('The Band · TikTok')).toBeInTheDocument();
    expect(within(next).getByText('Upcoming')).toBeInTheDocument();
    expect(within(next).getByText('Starts 01 Sep, 2031 @ 8:30 AM GMT')).toBeInTheDocument();
    expect(within(next).getByText('0 entries')).toBeInTheDocument();
    expect(queriesTo(api, LIST).map(String)).toEqual(['sorted=true&onlyEnded=false']);
  });

  it('keeps ended campaigns on their own shelf, with an empty state, in the address', async () => {
    const answers: MockReply[] = [{ body: [creatorCardOf(summer)] }, { body: [] }];
    const { api, user, router } = openAsCreator('/campaigns', active, {
      [`GET ${LIST}`]: () => answers.shift() ?? { body: [] },
    });
    await screen.findByRole('link', { name: 'Summer Sound' });

    await user.click(screen.getByRole('radio', { name: 'Ended' }));

    expect(await screen.findByText('No ended campaigns yet')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?show=ended');
    expect(queriesTo(api, LIST).map(String)).toEqual([
      'sorted=true&onlyEnded=false',
      'sorted=true&onlyEnded=true',
    ]);
  });

  it('has the notification bell above the campaigns, with the unread count', async () => {
    openAsCreator('/campaigns', active, {
      [`GET ${LIST}`]: { body: [] },
      'GET /server-api/notifications/unread-count': { body: { unreadCount: 4 } },
    });

    expect(await screen.findByRole('status', { name: '4 unread notifications' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
  });

  it('leads back to the creator’s home and on to their payments', async () => {
    const { user, router } = openAsCreator('/campaigns', active, { [`GET ${LIST}`]: { body: [] } });
    expect(await screen.findByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says so when there is nothing to join yet', async () => {
    openAsCreator('/campaigns', active, { [`GET ${LIST}`]: { body: [] } });
    expect(await screen.findByText('No campaigns for you right now')).toBeInTheDocument();
  });

  it('shows the list loading, then a failure with a retry that asks again', async () => {
    const first = deferred<MockReply>();
    const answers: (MockReply | Promise<MockReply>)[] = [first.promise, { body: [creatorCardOf(summer)] }];
    const { api, user } = openAsCreator('/campaigns', active, {
      [`GET ${LIST}`]: () => answers.shift() ?? { body: [] },
    });
    expect(await screen.findByRole('status', { name: 'Loading campaigns' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    first.resolve({ status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try again later') });

    expect(
      await screen.findByText('We could not load the campaigns', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Summer Sound' })).toBeInTheDocument();
    expect(api.requestsTo('GET', LIST).length).toBeGreaterThanOrEqual(2);
  });

  it('opens a campaign with its rules and rewards before joining: prizes, ranking, entry rules, brief and files', async () => {
    const { user, router } = openAsCreator('/campaigns', active, {
      [`GET ${LIST}`]: { body: [creatorCardOf(summer)] },
      [`GET ${DETAIL}`]: { body: summer },
      ...NO_RSVP,
    });
    await user.click(await screen.findByRole('link', { name: 'Summer Sound' }));

    expect(await screen.findByRole('heading', { name: 'Summer Sound', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/campaigns/${SUMMER_ID}`);
    expect(screen.getByRole('img', { name: 'Cover of Summer Sound' })).toHaveAttribute(
      'src',
      `/server-api/campaign-assets/${SUMMER_ID}/cover.png`,
    );
    expect(screen.getByText('Open challenge')).toBeInTheDocument();
    expect(
      screen.getByText('Runs from 01 Jun, 2030 @ 9:00 AM GMT to 29 Jun, 2030 @ 9:00 AM GMT'),
    ).toBeInTheDocument();

    const earn = screen.getByRole('region', { name: 'What you can earn' });
    expect(within(earn).getByText('Prizes for the top 2 entries')).toBeInTheDocument();
    const prizes = within(earn).getByRole('table', { name: 'Prizes by place' });
    expect(
      within(prizes)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['1st place£500.00', '2nd place£250.00']);
    expect(within(earn).getByText('Up to £750.00 is paid out in all.')).toBeInTheDocument();

    const needs = screen.getByRole('region', { name: 'What your entry needs' });
    expect(
      within(needs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'A post on TikTok, made between 01 Jun, 2030 @ 9:00 AM GMT and 29 Jun, 2030 @ 9:00 AM GMT.',
      'Uses #summersound in its caption.',
      'Mentions @theband.',
      'At least 15 seconds long.',
    ]);

    const brief = screen.getByRole('region', { name: 'Brief' });
    expect(await within(brief).findByRole('link', { name: 'the brief' })).toHaveAttribute(
      'href',
      'https://example.com/brief',
    );

    const files = screen.getByRole('region', { name: 'Files' });
    const links = within(files).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([cover.url, briefPdf.url]);
    expect(within(files).getByRole('img', { name: 'Preview of poster.png' })).toHaveAttribute(
      'src',
      cover.thumbnailUrl,
    );
    expect(within(files).getByText('brief.pdf')).toBeInTheDocument();
  });

  it('removes what a brief must not carry before showing it', async () => {
    openAsCreator(`/campaigns/${SUMMER_ID}`, active, {
      [`GET ${DETAIL}`]: {
        body: creatorCampaign({
          brief: 'Hello <img src=x onerror="alert(1)"><script>alert(2)</script>there',
        }),
      },
    });
    const brief = await screen.findByRole('region', { name: 'Brief' });
    await within(brief).findByText(/Hello/);
    expect(brief.querySelector('img, script')).toBeNull();
  });

  it('answers a campaign the creator may not see with a not-found page leading back to the list', async () => {
    openAsCreator(`/campaigns/${SUMMER_ID}`, active, {
      [`GET ${DETAIL}`]: { status: 404, body: errorBody('NOT_FOUND', 'Not found') },
    });
    expect(await screen.findByRole('heading', { name: 'Campaign not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your campaigns' })).toHaveAttribute('href', '/campaigns');
  });

  it('offers a retry when a campaign fails to load for another reason', async () => {
    let failing = true;
    const { user } = openAsCreator(`/campaigns/${SUMMER_ID}`, active, {
      [`GET ${DETAIL}`]: () =>
        failing ? { status: 500, body: errorBody('INTERNAL', 'Something went wrong') } : { body: summer },
    });
    expect(
      await screen.findByText('We could not load the campaign', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Summer Sound', level: 1 })).toBeInTheDocument();
  });

  it('is reached from an active creator’s home', async () => {
    const { user, router } = openAsCreator('/', active, { [`GET ${LIST}`]: { body: [] } });
    await user.click(await screen.findByRole('link', { name: 'See campaigns' }));
    expect(await screen.findByRole('heading', { name: 'Campaigns', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/campaigns');
  });
});

const rsvp = (overrides: Partial<Rsvp> = {}): Rsvp => ({
  id: '6a1b2c3d-0000-4000-8000-0000000000r1',
  campaignId: SUMMER_ID,
  creatorId: CREATOR_ID,
  status: 'ACCEPT',
  createdAt: '2030-06-02T09:00:00.000Z',
  updatedAt: '2030-06-02T09:00:00.000Z',
  ...overrides,
});

describe('taking part in a campaign', PAGE_TEST, () => {
  const openCampaign = (campaign = summer, routes: Parameters<typeof openAsCreator>[2] = {}) =>
    openAsCreator(`/campaigns/${campaign.id}`, active, { [`GET ${DETAIL}`]: { body: campaign }, ...routes });

  it('joins a challenge in one tap and says so', async () => {
    const { api, user } = openCampaign(summer, {
      ...NO_RSVP,
      [`POST ${RSVP}`]: { status: 201, body: rsvp() },
    });
    const panel = await screen.findByRole('region', { name: 'Taking part' });
    await user.click(await within(panel).findByRole('button', { name: 'Join campaign' }));

    expect(await within(panel).findByText('You’re taking part')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Join campaign' })).not.toBeInTheDocument();
    expect(api.requestsTo('POST', RSVP).map((request) => request.body)).toEqual([
      { campaignId: SUMMER_ID, creatorId: CREATOR_ID },
    ]);
    expect(api.requestsTo('POST', `${RSVP}/search`)[0]?.body).toEqual({
      campaignId: SUMMER_ID,
      creatorId: CREATOR_ID,
    });
  });

  it('says what is missing when the server refuses, with a way to add a handle', async () => {
    const { user } = openCampaign(summer, {
      ...NO_RSVP,
      [`POST ${RSVP}`]: { status: 409, body: errorBody('CONFLICT', RSVP_MESSAGES.handleNeeded('TikTok')) },
    });
    const panel = await screen.findByRole('region', { name: 'Taking part' });
    await user.click(await within(panel).findByRole('button', { name: 'Join campaign' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(RSVP_MESSAGES.handleNeeded('TikTok'));
    expect(within(alert).getByRole('link', { name: 'Add it in your account' })).toHaveAttribute(
      'href',
      '/account',
    );
  });

  it('accepts an invitation, or declines it after confirming', async () => {
    const invitation = rsvp({ status: 'INVITED' });
    const bespoke = creatorCampaign({ type: 'BESPOKE' });
    const { api, user } = openCampaign(bespoke, {
      [`POST ${RSVP}/search`]: { body: { data: [invitation] } },
      [`PATCH ${RSVP}/${invitation.id}`]: (request) => ({
        body: rsvp({ status: (request.body as { status: Rsvp['status'] }).status }),
      }),
    });
    const panel = await screen.findByRole('region', { name: 'Taking part' });
    expect(await within(panel).findByText('You’re invited')).toBeInTheDocument();
    expect(screen.getByText('By invitation')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Decline' }));
    const sheet = await screen.findByRole('dialog', { name: 'Decline this invitation?' });
    await user.click(within(sheet).getByRole('button', { name: 'Decline' }));

    expect(await within(panel).findByText('You declined')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('PATCH', `${RSVP}/${invitation.id}`).map((request) => request.body)).toEqual([
      { status: 'DECLINE' },
    ]);
  });

  it('accepts an invitation at once', async () => {
    const invitation = rsvp({ status: 'REINVITED' });
    const { api, user } = openCampaign(creatorCampaign({ type: 'BESPOKE' }), {
      [`POST ${RSVP}/search`]: { body: { data: [invitation] } },
      [`PATCH ${RSVP}/${invitation.id}`]: { body: rsvp() },
    });
    const panel = await screen.findByRole('region', { name: 'Taking part' });
    await user.click(await within(panel).findByRole('button', { name: 'Accept' }));
    expect(await within(panel).findByText('You’re taking part')).toBeInTheDocument();
    expect(api.requestsTo('PATCH', `${RSVP}/${invitation.id}`)[0]?.body).toEqual({ status: 'ACCEPT' });
  });

  it('offers nothing to join on an ended campaign', async () => {
    openCampaign(creatorCampaign({ status: 'ENDED' }), NO_RSVP);
    const panel = await screen.findByRole('region', { name: 'Taking part' });
    expect(await within(panel).findByText('This campaign has ended.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says an invitation went unanswered once the campaign has ended, with nothing left to answer', async () => {
    openCampaign(creatorCampaign({ type: 'BESPOKE', status: 'ENDED' }), {
      [`POST ${RSVP}/search`]: { body: { data: [rsvp({ status: 'INVITED' })] } },
    });
    const panel = await screen.findByRole('region', { name: 'Taking part' });
    expect(await within(panel).findByText('Invitation not answered')).toBeInTheDocument();
    expect(
      within(panel).getByText('This campaign ended before the invitation was answered.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists open invitations on the creator’s home, leading to each campaign', async () => {
    const { user, router } = openAsCreator('/', active, {
      [`GET ${RSVP}/invitations`]: {
        body: {
          data: [
            {
              rsvp: rsvp({ status: 'INVITED' }),
              campaign: {
                id: SUMMER_ID,
                name: 'Summer Sound',
                brandOrArtist: 'The Band',
                endsAt: summer.endsAt,
              },
            },
          ],
        },
      },
      [`GET ${DETAIL}`]: { body: summer },
      [`POST ${RSVP}/search`]: { body: { data: [rsvp({ status: 'INVITED' })] } },
    });
    const invitations = await screen.findByRole('region', { name: /You’re invited/ });
    await user.click(within(invitations).getByRole('link', { name: 'Summer Sound' }));
    expect(await screen.findByRole('heading', { name: 'Summer Sound', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/campaigns/${SUMMER_ID}`);
  });
});

const ENTRY = '/server-api/campaigns/entry';
const previewPath = (link: string) => `${ENTRY}/preview-url/${encodeURIComponent(link)}`;
const TAKING_PART = { [`POST ${RSVP}/search`]: { body: { data: [rsvp()] } } };
const entriesAnswer = (...entries: Entry[]) => ({ [`POST ${ENTRY}/search`]: { body: { data: entries } } });

describe('entries', PAGE_TEST, () => {
  afterEach(() => clearToasts());

  const openCampaign = (campaign: CreatorCampaignDetail, routes: Parameters<typeof openAsCreator>[2] = {}) =>
    openAsCreator(`/campaigns/${campaign.id}`, active, {
      [`GET ${DETAIL}`]: { body: campaign },
      ...TAKING_PART,
      ...entriesAnswer(),
      ...routes,
    });

  /** Opens the live campaign as a creator taking part, with nothing entered yet. */
  async function openEntryForm(routes: Parameters<typeof openAsCreator>[2] = {}) {
    const opened = openCampaign(summer, routes);
    const panel = await screen.findByRole('region', { name: 'Your entries' });
    const field = within(panel).getByRole('textbox', { name: 'Link to your post' });
    return { ...opened, panel, field };
  }

  it('enters a TikTok post: the request names the campaign and its platform, the entry shows, a toast says so', async () => {
    const answer = deferred<MockReply>();
    const { api, user, panel, field } = await openEntryForm({ [`POST ${ENTRY}`]: () => answer.promise });
    expect(
      await within(panel).findByText(
        'No entries yet: paste the link to your post once it is live, or upload your video',
      ),
    ).toBeInTheDocument();

    await user.type(field, `  ${TIKTOK_POST} `);
    const send = within(panel).getByRole('button', { name: 'Send entry' });
    await user.click(send);
    await waitFor(() => expect(send).toHaveAttribute('data-loading', 'true'));
    answer.resolve({ status: 201, body: creatorEntry() });

    const entries = await within(panel).findByRole('list', { name: 'Entries sent' });
    expect(send).not.toHaveAttribute('data-loading');
    expect(within(entries).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(entries).getByRole('link', { name: /View Post/ })).toHaveAttribute('target', '_blank');
    expect(within(panel).queryByText(/No entries yet/)).not.toBeInTheDocument();
    const [request] = api.requestsTo('POST', ENTRY);
    expect(request?.body).toEqual({ campaignId: SUMMER_ID, postLink: TIKTOK_POST, platform: 'TikTok' });
    expect(request?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/\S{16,}/);
    expect(api.requestsTo('POST', `${ENTRY}/search`)[0]?.body).toEqual({ campaignId: SUMMER_ID });
    expect(await shownToasts()).toContain('Entry sent: It is waiting for review.');
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('refuses another platform’s link under the field, without sending it', async () => {
    const { api, user, panel, field } = await openEntryForm();
    await user.type(field, 'https://www.instagram.com/reel/Cabc123xyz/');
    await user.click(within(panel).getByRole('button', { name: 'Send entry' }));

    await waitFor(() =>
      expect(fieldErrorOf(field)).toHaveTextContent(
        'This campaign is for TikTok. Please try again with a TikTok link.',
      ),
    );
    expect(fieldErrorOf(field)?.querySelector('svg')).not.toBeNull();
    expect(api.requestsTo('POST', ENTRY)).toEqual([]);
  });

  it('refuses a link over 255 characters under the field, without sending it', async () => {
    const { api, user, panel, field } = await openEntryForm();
    const longLink = `${TIKTOK_POST}?q=${'a'.repeat(256 - TIKTOK_POST.length - 3)}`;
    expect(longLink).toHaveLength(256);
    await user.click(field);
    await user.paste(longLink);
    await user.click(within(panel).getByRole('button', { name: 'Send entry' }));

    await waitFor(() =>
      expect(fieldErrorOf(field)).toHaveTextContent('You cannot enter more than 255 characters'),
    );
    expect(api.requestsTo('POST', ENTRY)).toEqual([]);
  });

  it('words the server’s codes 8 and 16 as the spec does, and shows any other refusal as sent', async () => {
    const refusals: MockReply[] = [
      { status: 422, body: errorBody('8', 'Handle mismatch') },
      { status: 422, body: errorBody('16', 'Upstream busy') },
      { status: 409, body: errorBody('ENTRY_EXISTS', ENTRY_MESSAGES.postAlreadyEntered) },
    ];
    const { user, panel, field } = await openEntryForm({
      [`POST ${ENTRY}`]: () => refusals.shift() ?? { status: 500, body: errorBody('INTERNAL', 'Failed') },
    });
    await user.type(field, TIKTOK_POST);
    const send = within(panel).getByRole('button', { name: 'Send entry' });

    await user.click(send);
    const handleAlert = await within(panel).findByRole('alert');
    expect(handleAlert).toHaveTextContent(ENTRY_MESSAGES.handleNotMapped);
    expect(
      within(handleAlert).getByRole('link', { name: 'Check your handles in your account' }),
    ).toHaveAttribute('href', '/account');

    await user.click(send);
    await waitFor(() =>
      expect(within(panel).getByRole('alert')).toHaveTextContent(
        'Sorry, we are experiencing high traffic at the moment. Please try again in a few minutes.',
      ),
    );

    await user.click(send);
    await waitFor(() =>
      expect(within(panel).getByRole('alert')).toHaveTextContent('This post has already been entered.'),
    );
    expect(field).toHaveValue(TIKTOK_POST);
  });

  it('puts the server’s word on the link under the field', async () => {
    const { user, panel, field } = await openEntryForm({
      [`POST ${ENTRY}`]: {
        status: 400,
        body: errorBody('VALIDATION_FAILED', 'Invalid request', [
          { field: 'postLink', message: 'This post is not public yet.' },
        ]),
      },
    });
    await user.type(field, TIKTOK_POST);
    await user.click(within(panel).getByRole('button', { name: 'Send entry' }));

    await waitFor(() => expect(fieldErrorOf(field)).toHaveTextContent('This post is not public yet.'));
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a rejected entry’s reason and note, and sends it again with a changed link', async () => {
    const rejected = creatorEntry({
      status: 'REJECTED',
      rejection: { reason: 'REQUIREMENTS_NOT_MET', note: 'The caption needs #summersound.' },
      reviewedAt: '2030-06-04T10:00:00.000Z',
    });
    const newLink = 'https://www.tiktok.com/@casey/video/7234567890123456790';
    const { api, user } = openCampaign(summer, {
      ...entriesAnswer(rejected),
      [`PATCH ${ENTRY}/${rejected.id}`]: (request) => ({
        body: creatorEntry({ postLink: (request.body as { postLink: string }).postLink }),
      }),
    });
    const entries = await screen.findByRole('list', { name: 'Entries sent' });
    expect(within(entries).getByText('Rejected')).toBeInTheDocument();
    expect(within(entries).getByText('Does not meet the campaign’s requirements')).toBeInTheDocument();
    expect(within(entries).getByText('The caption needs #summersound.')).toBeInTheDocument();

    await user.click(within(entries).getByRole('button', { name: 'Change link' }));
    const field = within(entries).getByRole('textbox', { name: 'New link to your post' });
    expect(field).toHaveValue(TIKTOK_POST);
    await user.clear(field);
    await user.type(field, newLink);
    await user.click(within(entries).getByRole('button', { name: 'Send again' }));

    expect(await within(entries).findByText('Waiting for review')).toBeInTheDocument();
    expect(within(entries).queryByText('Does not meet the campaign’s requirements')).not.toBeInTheDocument();
    expect(within(entries).queryByRole('textbox')).not.toBeInTheDocument();
    const [request] = api.requestsTo('PATCH', `${ENTRY}/${rejected.id}`);
    expect(request?.body).toEqual({ postLink: newLink });
    expect(request?.headers.get(IDEMPOTENCY_KEY_HEADER)).toBeTruthy();
    expect(await shownToasts()).toContain('Entry sent again: Your new link is waiting for review.');
  });

  it('lists the entries newest first', async () => {
    const older = creatorEntry({
      id: 'entry-older',
      status: 'APPROVED',
      submittedAt: '2030-06-02T10:00:00.000Z',
    });
    const newer = creatorEntry({
      id: 'entry-newer',
      status: 'ARCHIVED',
      submittedAt: '2030-06-05T10:00:00.000Z',
    });
    openCampaign(summer, entriesAnswer(older, newer));
    const entries = await screen.findByRole('list', { name: 'Entries sent' });
    expect(
      within(entries)
        .getAllByRole('listitem')
        .map((item) => within(item).getByText(/^(Approved|Archived)$/).textContent),
    ).toEqual(['Archived', 'Approved']);
  });

  it('offers nothing to enter before the creator takes part, or before the campaign is live', async () => {
    const { api } = openCampaign(summer, {
      [`POST ${RSVP}/search`]: { body: { data: [rsvp({ status: 'INVITED' })] } },
    });
    expect(await screen.findByText('You’re invited')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your entries' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.requestsTo('POST', `${ENTRY}/search`)).toEqual([]);
  });

  it('offers nothing to enter on a campaign that is not live yet', async () => {
    const { api } = openCampaign(
      creatorCampaign({ status: 'PUBLISHED', startsAt: upcoming.startsAt, endsAt: upcoming.endsAt }),
    );
    const panel = await screen.findByRole('region', { name: 'Taking part' });
    expect(await within(panel).findByText('You’re taking part')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your entries' })).not.toBeInTheDocument();
    expect(api.requestsTo('POST', `${ENTRY}/search`)).toEqual([]);
  });

  it('keeps an ended campaign’s entries to read, with nothing to send or change', async () => {
    const rejected = creatorEntry({
      status: 'REJECTED',
      rejection: { reason: 'LOW_QUALITY', note: null },
    });
    openCampaign(creatorCampaign({ status: 'ENDED' }), entriesAnswer(rejected));
    const panel = await screen.findByRole('region', { name: 'Your entries' });
    expect(await within(panel).findByText('Quality too low')).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    // Taking part says the campaign is over rather than asking for a post.
    const takingPart = screen.getByRole('region', { name: 'Taking part' });
    expect(within(takingPart).getByText('You took part')).toBeInTheDocument();
    expect(within(takingPart).getByText('Your entries and their reviews stay below.')).toBeInTheDocument();
    expect(within(takingPart).queryByText(/Post your entry/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What entries needed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'What your entry needs' })).not.toBeInTheDocument();
  });

  it('shows a post’s preview image when the platform has one, and the card alone otherwise', async () => {
    const pictured = creatorEntry({ id: 'entry-pictured', submittedAt: '2030-06-05T10:00:00.000Z' });
    const plainLink = 'https://www.tiktok.com/@casey/video/7234567890123456790';
    const plain = creatorEntry({ id: 'entry-plain', postLink: plainLink });
    const { api } = openCampaign(summer, entriesAnswer(pictured, plain));
    answerWithText(api, 'GET', previewPath(TIKTOK_POST), 'https://images.example.com/post-7234.jpg');

    const entries = await screen.findByRole('list', { name: 'Entries sent' });
    const [withPicture, withoutPicture] = within(entries).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(await within(withPicture).findByRole('img', { name: 'Preview of your post' })).toHaveAttribute(
      'src',
      'https://images.example.com/post-7234.jpg',
    );
    await waitFor(() => expect(api.requestsTo('GET', previewPath(plainLink))).toHaveLength(1));
    expect(within(withoutPicture).queryByRole('img')).not.toBeInTheDocument();
    for (const item of [withPicture, withoutPicture]) {
      expect(within(item).getByRole('link', { name: /View Post/ })).toHaveAttribute('target', '_blank');
      expect(item.querySelector('[data-platform="TikTok"]')).not.toBeNull();
    }
  });

  describe('by video', () => {
    const UPLOAD_URL = 'http://app.test/server-api/files/ugc-uploads/summer/casey/1?expires=1&signature=abc';
    const VIDEO_KEY = 'ugc-uploads/summer/casey/1';
    const video = () => new File([new Uint8Array(2048)], 'dance.mp4', { type: 'video/mp4' });
    const uploadUrlAnswer = {
      [`GET ${DETAIL}/ugc-upload-url`]: { body: { url: UPLOAD_URL, key: VIDEO_KEY } },
    };

    async function openVideoForm(routes: Parameters<typeof openAsCreator>[2] = {}) {
      const uploads = stubUploadRequests();
      const opened = openCampaign(summer, { ...uploadUrlAnswer, ...routes });
      const panel = await screen.findByRole('region', { name: 'Your entries' });
      await opened.user.click(within(panel).getByRole('radio', { name: 'Upload video' }));
      const input = within(panel).getByLabelText('Your video');
      const send = within(panel).getByRole('button', { name: 'Send video' });
      return { ...opened, uploads, panel, input, send };
    }

    it('uploads with its progress, waits while the video is checked, then shows it among the entries', async () => {
      const answer = deferred<MockReply>();
      const sent = creatorEntry({ kind: 'VIDEO', postLink: null, videoKey: 'ugc/summer/1' });
      const poster = 'http://app.test/server-api/files/posters/1.jpg?signature=y';
      const { api, user, uploads, panel, input, send } = await openVideoForm({
        [`POST ${ENTRY}`]: () => answer.promise,
        [`GET /server-api/creator/campaigns/${SUMMER_ID}/entry-posters`]: {
          status: 200,
          body: { items: [{ entryId: sent.id, posterUrl: poster }] },
        },
      });
      answerWithText(
        api,
        'GET',
        `${DETAIL}/ugc-url`,
        'http://app.test/server-api/files/ugc/summer/1?signature=x',
      );

      await user.upload(input, video());
      const upload = await uploads.to(UPLOAD_URL);
      expect([upload.method, upload.headers['content-type']]).toEqual(['PUT', 'video/mp4']);
      expect(await within(panel).findByText('Uploading… 0%')).toBeInTheDocument();
      upload.progress(1024, 2048);
      expect(within(panel).getByText('Uploading… 50%')).toBeInTheDocument();
      expect(within(panel).getByRole('progressbar', { name: 'Uploading dance.mp4' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      );
      upload.respond(200);
      expect(await within(panel).findByText('Uploaded')).toBeInTheDocument();

      await user.click(send);
      expect(await within(panel).findByText(/Checking your video/)).toBeInTheDocument();
      answer.resolve({ status: 201, body: sent });

      const entries = await within(panel).findByRole('list', { name: 'Entries sent' });
      await waitFor(() =>
        expect(entries.querySelector('video')).toHaveAttribute(
          'src',
          'http://app.test/server-api/files/ugc/summer/1?signature=x',
        ),
      );
      // The poster drawn from the video once it was compared with the others (ADR 036).
      await waitFor(() => expect(entries.querySelector('video')).toHaveAttribute('poster', poster));
      expect(api.requestsTo('POST', ENTRY)[0]?.body).toEqual({
        campaignId: SUMMER_ID,
        videoKey: VIDEO_KEY,
        platform: 'TikTok',
      });
      expect(await shownToasts()).toContain('Video sent: It is waiting for review.');
      expect(within(panel).queryByText(/Checking your video/)).not.toBeInTheDocument();
    });

    it('asks for a file in the spec’s words, and says when the scan found a threat', async () => {
      const { api, user, uploads, panel, input, send } = await openVideoForm({
        [`POST ${ENTRY}`]: {
          status: 422,
          body: errorBody('THREATS_FOUND', ENTRY_MESSAGES.videoThreat, [
            { field: 'videoKey', message: ENTRY_MESSAGES.videoThreat },
          ]),
        },
      });
      await user.click(send);
      expect(await within(panel).findByText('Please select a file to upload.')).toBeInTheDocument();
      expect(api.requestsTo('POST', ENTRY)).toHaveLength(0);

      await user.upload(input, video());
      (await uploads.to(UPLOAD_URL)).respond(200);
      await within(panel).findByText('Uploaded');
      await user.click(send);
      expect(await within(panel).findByRole('alert')).toHaveTextContent(ENTRY_MESSAGES.videoThreat);
      expect(within(panel).queryByText('dance.mp4')).not.toBeInTheDocument();
    });

    it('says when no upload URL could be had, and when the upload failed, as the spec words them', async () => {
      const { user, uploads, panel, input } = await openVideoForm({
        [`GET ${DETAIL}/ugc-upload-url`]: { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Busy') },
      });
      await user.upload(input, video());
      expect(await within(panel).findByText('Failed to generate upload url.')).toBeInTheDocument();
      expect(uploads.requests).toHaveLength(0);
    });

    it('says when the upload did not reach storage', async () => {
      const { user, uploads, panel, input } = await openVideoForm();
      await user.upload(input, video());
      (await uploads.to(UPLOAD_URL)).respond(500);
      expect(await within(panel).findByText('File upload failed.')).toBeInTheDocument();
    });
  });

  it('says when the entries could not be loaded, and asks again', async () => {
    let failing = true;
    const { user } = openCampaign(summer, {
      [`POST ${ENTRY}/search`]: () =>
        failing
          ? { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try again later') }
          : { body: { data: [] } },
    });
    const panel = await screen.findByRole('region', { name: 'Your entries' });
    expect(await within(panel).findByText('We could not load your entries')).toBeInTheDocument();
    failing = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText(/No entries yet/)).toBeInTheDocument();
  });
});
