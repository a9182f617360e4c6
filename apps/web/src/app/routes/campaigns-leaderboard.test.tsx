import type { Leaderboard, Rsvp } from '@platform/shared';
import { focusManager } from '@tanstack/react-query';
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEADERBOARD_POLL_MS } from '../../features/creator-leaderboard/api/get-leaderboard';
import { deferred, errorBody, queriesTo, type MockReply } from '../../test/api-mock';
import { creatorCampaign, SUMMER_ID } from '../../test/campaigns';
import { openAsCreator, PAGE_TEST } from '../../test/creator-app';
import { CREATOR_ID, creatorInfo } from '../../test/creator-info';
import {
  frozenLeaderboard,
  LEADERBOARD_PATH,
  leaderboard,
  leaderboardWithMeAt,
  myPlace,
  sprintPeriod,
} from '../../test/leaderboard';
import { screen } from '../../test/render';

const active = creatorInfo({ status: 'ACTIVE' });
const DETAIL = `/server-api/campaigns/${SUMMER_ID}`;
const BOARD = `GET ${LEADERBOARD_PATH}`;
const PAGE = `/campaigns/${SUMMER_ID}/leaderboard`;
const summer = creatorCampaign();

/**
 * Opens the board of Summer Sound (TOP_PRIZES: £500 and £250), the server answering `board`, or what
 * `board` answers for the call's query string.
 */
function openBoard(board: Leaderboard | ((query: URLSearchParams) => MockReply), path = PAGE) {
  // mockApi records paths only: the query of the call being answered is the last one fetch was given.
  let lastQuery = () => new URLSearchParams();
  const opened = openAsCreator(path, active, {
    [`GET ${DETAIL}`]: { body: summer },
    [BOARD]: typeof board === 'function' ? () => board(lastQuery()) : { body: board },
  });
  lastQuery = () => queriesTo(opened.api, LEADERBOARD_PATH).at(-1) ?? new URLSearchParams();
  return opened;
}

/** Answers each poll with the next board, the last one again once they run out. */
const boardsInTurn = (...boards: Leaderboard[]) => {
  let next = 0;
  return () => ({ body: boards[Math.min(next++, boards.length - 1)] });
};

const myStanding = () => screen.findByRole('region', { name: 'Your place' });
const places = () => screen.findByRole('list', { name: 'Places' });
const boardCalls = (api: Parameters<typeof queriesTo>[0]) => queriesTo(api, LEADERBOARD_PATH);
const poll = () => act(() => vi.advanceTimersByTimeAsync(LEADERBOARD_POLL_MS));

afterEach(() => {
  focusManager.setFocused(undefined);
});

describe('a campaign’s leaderboard', PAGE_TEST, () => {
  it('puts the creator’s place first, then the places with name, handle, views, time read and prize', async () => {
    openBoard(leaderboard());

    const mine = await myStanding();
    expect(within(mine).getByText('You are 4th of 37')).toBeInTheDocument();
    expect(within(mine).getByRole('listitem')).toHaveTextContent(
      '4th · 12,400 views, as of 10 Jun, 2030 @ 8:30 AM GMT',
    );

    const rows = within(await places()).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    const [first, second, third, fourth] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('1st');
    expect(within(first).getByText('Creator 1')).toBeInTheDocument();
    expect(within(first).getByText('@creator_1')).toBeInTheDocument();
    expect(within(first).getByText('99,000')).toBeInTheDocument();
    expect(within(first).getByText('10 Jun, 2030 @ 9:00 AM GMT')).toHaveAttribute(
      'datetime',
      '2030-06-10T09:00:00.000Z',
    );
    expect(within(first).getByText('Prize £500.00')).toBeInTheDocument();
    expect(within(second).getByText('Prize £250.00')).toBeInTheDocument();
    expect(within(third).queryByText(/Prize/)).not.toBeInTheDocument();

    expect(within(fourth).getByText('You')).toBeInTheDocument();
    expect(within(fourth).getByText('Casey J.')).toBeInTheDocument();
    expect(within(first).queryByText('You')).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Summer Sound')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Top 5 of 37', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.getByText(/Updates every 15 seconds/)).toBeInTheDocument();
  });

  it('polls every 15 seconds and says, politely, how the creator’s place moved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = openBoard(
      boardsInTurn(
        leaderboardWithMeAt(4),
        leaderboardWithMeAt(1),
        leaderboardWithMeAt(1),
        leaderboardWithMeAt(2),
      ),
    );
    const mine = await myStanding();
    const live = within(mine).getByRole('status');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toBeEmptyDOMElement();
    expect(boardCalls(api)).toHaveLength(1);

    await poll();
    expect(boardCalls(api)).toHaveLength(2);
    expect(await within(mine).findByText('You are 1st of 37')).toBeInTheDocument();
    expect(live).toHaveTextContent('Up 3 places: you are now 1st of 37.');

    // A poll that changes nothing leaves the last move to read.
    await poll();
    expect(boardCalls(api)).toHaveLength(3);
    expect(live).toHaveTextContent('Up 3 places: you are now 1st of 37.');

    await poll();
    expect(await within(mine).findByText('You are 2nd of 37')).toBeInTheDocument();
    expect(live).toHaveTextContent('Down 1 place: you are now 2nd of 37.');
  });

  it('does not poll while the tab is hidden, and asks again when it comes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = openBoard(boardsInTurn(leaderboardWithMeAt(4), leaderboardWithMeAt(3)));
    await myStanding();
    expect(boardCalls(api)).toHaveLength(1);

    act(() => focusManager.setFocused(false));
    await poll();
    await poll();
    expect(boardCalls(api)).toHaveLength(1);

    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(boardCalls(api)).toHaveLength(2));
    expect(within(await myStanding()).getByRole('status')).toHaveTextContent(
      'Up 1 place: you are now 3rd of 37.',
    );
  });

  it('shows a frozen board as final results and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = openBoard(frozenLeaderboard());

    expect(await screen.findByText('Frozen — final results')).toBeInTheDocument();
    expect(screen.getByText(/The board closed on/)).toHaveTextContent(
      'The board closed on 29 Jun, 2030 @ 9:00 AM GMT. Views read after that do not count: these places are final.',
    );
    expect(within(await myStanding()).getByText('You finished 2nd of 37')).toBeInTheDocument();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
    expect(screen.queryByText(/Updates every/)).not.toBeInTheDocument();

    await poll();
    await poll();
    expect(boardCalls(api)).toHaveLength(1);
  });

  it('picks a sprint’s period, in the address, from the keyboard', async () => {
    const { api, user, router } = openBoard((query) => {
      const period = Number(query.get('period') ?? 3);
      return { body: leaderboard({ period: sprintPeriod(period), mine: period === 3 ? [myPlace(4)] : [] }) };
    });
    const picker = await screen.findByRole('combobox', { name: 'Period' });
    expect(picker).toHaveValue('3');
    expect(picker).toHaveAccessibleDescription(
      'From 15 Jun, 2030 @ 9:00 AM GMT to 22 Jun, 2030 @ 9:00 AM GMT',
    );
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Period 1 of 4', 'Period 2 of 4', 'Period 3 of 4', 'Period 4 of 4']);

    picker.focus();
    await user.selectOptions(picker, 'Period 1 of 4');

    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription(
        'From 01 Jun, 2030 @ 9:00 AM GMT to 08 Jun, 2030 @ 9:00 AM GMT',
      ),
    );
    expect(router.state.location.search).toBe('?period=1');
    expect(boardCalls(api).map((query) => query.get('period'))).toEqual([null, '1']);
    expect(
      within(await myStanding()).getByText('You have no approved entry in this period'),
    ).toBeInTheDocument();
  });

  it('says when nothing is ranked yet, and that the creator has no approved entry', async () => {
    openBoard(leaderboard({ places: [], mine: [], totalEntries: 0, asOf: null }));

    expect(await screen.findByText('Nothing ranked yet')).toBeInTheDocument();
    expect(screen.getByText(/take their places once their views are read/)).toBeInTheDocument();
    expect(screen.getByText('No views have been read yet.')).toBeInTheDocument();
    expect(
      within(await myStanding()).getByText('You have no approved entry on this board'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Places' })).not.toBeInTheDocument();
  });

  it('lists entries waiting for views without a place, the creator’s among them', async () => {
    const waiting = myPlace(null, null);
    openBoard(leaderboard({ places: [waiting], mine: [waiting], totalEntries: 1, asOf: null }));

    expect(await screen.findByText('Nothing ranked yet')).toBeInTheDocument();
    expect(within(await myStanding()).getByText('Your entry has no place yet')).toBeInTheDocument();
    const [row] = within(await places()).getAllByRole('listitem');
    expect(row).toHaveTextContent('–');
    expect(row).toHaveTextContent('No views read yet');
  });

  it('shows the board loading, then a failure with a retry that asks again', async () => {
    const first = deferred<MockReply>();
    const answers: (MockReply | Promise<MockReply>)[] = [first.promise, { body: leaderboard() }];
    const { api, user } = openBoard(() => answers.shift() as MockReply);

    expect(await screen.findByRole('status', { name: 'Loading the leaderboard' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    first.resolve({ status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try again later') });

    expect(await screen.findByText('We could not load the leaderboard')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(within(await myStanding()).getByText('You are 4th of 37')).toBeInTheDocument();
    expect(boardCalls(api)).toHaveLength(2);
  });

  it('answers a campaign the creator may not see with a not-found page', async () => {
    openBoard(() => ({ status: 404, body: errorBody('NOT_FOUND', 'Not found') }));

    expect(await screen.findByRole('heading', { name: 'Leaderboard not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your campaigns' })).toHaveAttribute('href', '/campaigns');
  });

  it('says so when the address names a period there is not, and leads to the current one', async () => {
    const { user, router } = openBoard(
      (query) =>
        query.get('period') === '9'
          ? {
              status: 400,
              body: errorBody('VALIDATION_ERROR', 'Invalid request', [
                { field: 'period', message: 'Choose a period from 1 to 4' },
              ]),
            }
          : { body: leaderboard({ period: sprintPeriod(3) }) },
      `${PAGE}?period=9`,
    );

    expect(await screen.findByText('Choose a period from 1 to 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See the current period' }));

    expect(await screen.findByRole('combobox', { name: 'Period' })).toHaveValue('3');
    expect(router.state.location.search).toBe('');
  });
});

const accepted: Rsvp = {
  id: '6a1b2c3d-0000-4000-8000-0000000000a1',
  campaignId: SUMMER_ID,
  creatorId: CREATOR_ID,
  status: 'ACCEPT',
  createdAt: '2030-06-02T09:00:00.000Z',
  updatedAt: '2030-06-02T09:00:00.000Z',
};

describe('the way to the leaderboard', PAGE_TEST, () => {
  const openCampaign = (campaign = summer, rsvps: Rsvp[] = [accepted]) =>
    openAsCreator(`/campaigns/${campaign.id}`, active, {
      [`GET ${DETAIL}`]: { body: campaign },
      'POST /server-api/campaigns/rsvp/search': { body: { data: rsvps } },
      'POST /server-api/campaigns/entry/search': { body: { data: [] } },
      [BOARD]: { body: leaderboard() },
    });

  it('is a link on the page of a campaign the creator takes part in, reached with the keyboard', async () => {
    const { user, router } = openCampaign();
    const panel = await screen.findByRole('region', { name: 'Taking part' });
    const link = await within(panel).findByRole('link', { name: 'Leaderboard' });
    expect(link).toHaveAttribute('href', PAGE);

    link.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Leaderboard', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PAGE);
    expect(within(await myStanding()).getByText('You are 4th of 37')).toBeInTheDocument();
  });

  it('is not offered before the creator takes part', async () => {
    openCampaign(summer, []);
    const panel = await screen.findByRole('region', { name: 'Taking part' });
    expect(await within(panel).findByRole('button', { name: 'Join campaign' })).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Leaderboard' })).not.toBeInTheDocument();
  });

  it('is not offered on a first-come campaign', async () => {
    openCampaign(
      creatorCampaign({
        rewardType: 'FIRST_COME_FIRST_SERVE',
        reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 1_000, slots: 50 },
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Taking part' });
    expect(await within(panel).findByText('You’re taking part')).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Leaderboard' })).not.toBeInTheDocument();
  });
});
