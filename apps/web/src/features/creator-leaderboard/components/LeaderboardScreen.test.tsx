import type { Leaderboard, LeaderboardPlace } from '@platform/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { creatorCampaign, payPerViewCampaign, SUMMER_ID } from '../../../test/campaigns';
import { signedIn } from '../../../test/console';
import { CREATOR_ID } from '../../../test/creator-info';
import { LEADERBOARD_PATH, leaderboard, leaderboardPlace, MY_ENTRY_ID } from '../../../test/leaderboard';
import { renderWidget } from '../../../test/render-widget';
import { LeaderboardScreen } from './LeaderboardScreen';

const VALIDATED_ON = '2030-06-09T10:00:00.000Z';

/** Ada's place, first, her views validated; and the creator's own, second, still provisional. */
const ada = leaderboardPlace({ figureState: 'VALIDATED', validatedAt: VALIDATED_ON });
const mine: LeaderboardPlace = leaderboardPlace({
  rank: 2,
  entryId: MY_ENTRY_ID,
  creator: { id: CREATOR_ID, name: 'Casey J.', handle: 'casey' },
  views: 12_400,
  figureState: 'PROVISIONAL',
  validatedAt: '2030-06-12T10:00:00.000Z',
});

function openBoard(board: Leaderboard, campaign = creatorCampaign()) {
  signedIn();
  mockApi({
    [`GET ${LEADERBOARD_PATH}`]: { body: board },
    [`GET /server-api/campaigns/${SUMMER_ID}`]: { body: campaign },
  });
  return renderWidget(<LeaderboardScreen campaignId={SUMMER_ID} />);
}

const rowsOf = async () =>
  within(await screen.findByRole('list', { name: 'Places' })).getAllByRole('listitem');

describe('LeaderboardScreen', () => {
  it('marks each place provisional, with when it is validated, or validated, under a line saying the places may move', async () => {
    openBoard(leaderboard({ final: false, totalEntries: 2, places: [ada, mine], mine: [mine] }));

    const [first, second] = (await rowsOf()) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Validated')).toBeInTheDocument();
    expect(within(first).queryByText('Provisional')).not.toBeInTheDocument();
    expect(within(second).getByText('Provisional')).toBeInTheDocument();
    expect(within(second).getByText('12 Jun, 2030 @ 10:00 AM GMT')).toHaveAttribute(
      'datetime',
      '2030-06-12T10:00:00.000Z',
    );
    expect(second).toHaveTextContent('Validated by 12 Jun, 2030 @ 10:00 AM GMT');
    expect(
      screen.getByText('Places are provisional until every entry’s views are validated'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Final: every place is validated')).not.toBeInTheDocument();
    const standing = screen.getByRole('region', { name: 'Your place' });
    expect(within(standing).getByRole('listitem')).toHaveTextContent(/· provisional$/);
  });

  it('says a closed board whose views are still being validated is not final yet', async () => {
    openBoard(
      leaderboard({
        campaignStatus: 'ENDED',
        frozen: true,
        final: false,
        totalEntries: 2,
        places: [ada, mine],
        mine: [mine],
      }),
    );
    expect(await screen.findByText('Closed — views being validated')).toBeInTheDocument();
    expect(screen.queryByText('Frozen — final results')).not.toBeInTheDocument();
    expect(
      screen.getByText(/Places may still move until every entry’s views are validated\./),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Places are provisional until every entry’s views are validated'),
    ).toBeInTheDocument();
  });

  it('says a final board is final, every place validated', async () => {
    const validatedMine = { ...mine, figureState: 'VALIDATED' as const, validatedAt: VALIDATED_ON };
    openBoard(
      leaderboard({
        campaignStatus: 'ENDED',
        frozen: true,
        final: true,
        totalEntries: 2,
        places: [ada, validatedMine],
        mine: [validatedMine],
      }),
    );
    expect(await screen.findByText('Frozen — final results')).toBeInTheDocument();
    expect(screen.getByText('Final: every place is validated')).toBeInTheDocument();
    expect(screen.queryByText(/Places are provisional/)).not.toBeInTheDocument();
    const rows = await rowsOf();
    expect(rows.map((row) => within(row).queryByText('Provisional'))).toEqual([null, null]);
    expect(rows.map((row) => within(row).getByText('Validated'))).toHaveLength(2);
    const standing = screen.getByRole('region', { name: 'Your place' });
    expect(within(standing).getByRole('listitem')).toHaveTextContent(/· validated$/);
  });

  it('shows a pay-per-view campaign’s board without prizes, saying what its rate pays instead', async () => {
    openBoard(leaderboard({ totalEntries: 2, places: [ada, mine], mine: [mine] }), payPerViewCampaign());
    expect(
      await screen.findByText(
        'No prizes by place: each entry earns £3.00 for every 1,000 validated views, whatever its place, up to its cap and while the budget lasts. The board shows how entries compare.',
      ),
    ).toBeInTheDocument();
    const rows = await rowsOf();
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => within(row).queryByText(/^Prize/))).toEqual([null, null]);
  });

  it('shows each place’s prize on a board paid by place', async () => {
    openBoard(leaderboard({ totalEntries: 2, places: [ada, mine], mine: [mine] }));
    const [first] = (await rowsOf()) as [HTMLElement];
    expect(await within(first).findByText(/Prize £500\.00/)).toBeInTheDocument();
    expect(screen.queryByText(/No prizes by place/)).not.toBeInTheDocument();
  });
});
