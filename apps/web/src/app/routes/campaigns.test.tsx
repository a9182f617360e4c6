import { RSVP_MESSAGES, type Rsvp } from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, errorBody, queriesTo, type MockReply } from '../../test/api-mock';
import { asset, creatorCampaign, creatorCardOf, SUMMER_ID } from '../../test/campaigns';
import { openAsCreator, PAGE_TEST } from '../../test/creator-app';
import { CREATOR_ID, creatorInfo } from '../../test/creator-info';
import { screen } from '../../test/render';

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
    expect(await screen.findByLabelText('Loading campaigns')).toHaveAttribute('aria-busy', 'true');
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
