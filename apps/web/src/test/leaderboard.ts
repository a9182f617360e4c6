import type { Leaderboard, LeaderboardPlace } from '@platform/shared';
import { SUMMER_ID } from './campaigns';
import { CREATOR_ID } from './creator-info';

// Leaderboards as the server answers them to a creator taking part in Summer Sound.

export const LEADERBOARD_PATH = `/server-api/campaigns/${SUMMER_ID}/leaderboard`;

/** The signed-in creator's entry to Summer Sound. */
export const MY_ENTRY_ID = '2b7e1c4d-0000-4000-8000-0000000000e1';

const entryId = (n: number) => `2b7e1c4d-0000-4000-8000-${String(n).padStart(12, '0')}`;
const creatorId = (n: number) => `5b0a4c1e-7c1b-4e0f-9a39-${String(n).padStart(12, '0')}`;

/** Ada's TikTok post in first place, its views read from TikTok. */
export const leaderboardPlace = (overrides: Partial<LeaderboardPlace> = {}): LeaderboardPlace => ({
  rank: 1,
  entryId: entryId(9001),
  creator: { id: creatorId(9001), name: 'Ada L.', handle: 'ada_dances' },
  postLink: 'https://www.tiktok.com/@ada_dances/video/7301234567890123456',
  submittedAt: '2030-06-02T10:00:00.000Z',
  views: 98_000,
  likes: 4_100,
  comments: 210,
  shares: 95,
  source: 'tiktok-business',
  readAt: '2030-06-10T09:00:00.000Z',
  // Entered on 2 June: its figure is validated 7 days later.
  figureState: 'PROVISIONAL',
  validatedAt: '2030-06-09T10:00:00.000Z',
  ...overrides,
});

/** The signed-in creator's own entry, at `rank` with `views`. */
export const myPlace = (rank: number | null, views: number | null = 12_400): LeaderboardPlace =>
  leaderboardPlace({
    rank,
    entryId: MY_ENTRY_ID,
    creator: { id: CREATOR_ID, name: 'Casey J.', handle: 'casey' },
    views,
    readAt: views === null ? null : '2030-06-10T08:30:00.000Z',
    source: views === null ? null : 'tiktok-business',
  });

/** `count` places from `from`, each with fewer views than the one before, none of them the creator's. */
export const otherPlaces = (count: number, from = 1): LeaderboardPlace[] =>
  Array.from({ length: count }, (_, index) => {
    const rank = from + index;
    return leaderboardPlace({
      rank,
      entryId: entryId(rank),
      creator: { id: creatorId(rank), name: `Creator ${rank}`, handle: `creator_${rank}` },
      views: 100_000 - rank * 1_000,
    });
  });

/**
 * Summer Sound's live board, 37 entries: the creator 4th with 12,400 views, behind three others. The
 * places listed are the first five.
 */
export const leaderboard = (overrides: Partial<Leaderboard> = {}): Leaderboard => ({
  campaignId: SUMMER_ID,
  campaignStatus: 'LIVE',
  metric: 'views',
  period: null,
  closesAt: '2030-06-29T09:00:00.000Z',
  frozen: false,
  final: false,
  asOf: '2030-06-10T09:00:00.000Z',
  totalEntries: 37,
  places: [...otherPlaces(3), myPlace(4), ...otherPlaces(1, 5)],
  mine: [myPlace(4)],
  ...overrides,
});

/** The same board with the creator at `rank`, the others moved around them. */
export const leaderboardWithMeAt = (rank: number, overrides: Partial<Leaderboard> = {}): Leaderboard => {
  const others = otherPlaces(4);
  const places = [...others.slice(0, rank - 1), myPlace(rank), ...others.slice(rank - 1)].map(
    (place, index) => ({ ...place, rank: index + 1 }),
  );
  return leaderboard({ places, mine: [myPlace(rank)], ...overrides });
};

const validated = (place: LeaderboardPlace): LeaderboardPlace => ({ ...place, figureState: 'VALIDATED' });

/** Summer Sound's board once the campaign ended and every figure is validated: the creator finished 2nd of 37. */
export const frozenLeaderboard = (overrides: Partial<Leaderboard> = {}): Leaderboard => {
  const board = leaderboardWithMeAt(2);
  return {
    ...board,
    campaignStatus: 'ENDED',
    frozen: true,
    final: true,
    closesAt: '2030-06-29T09:00:00.000Z',
    asOf: '2030-06-29T08:00:00.000Z',
    places: board.places.map(validated),
    mine: board.mine.map(validated),
    ...overrides,
  };
};

/** Period `number` of a four-week sprint on Summer Sound, a week each from 1 June. */
export const sprintPeriod = (number: number, count = 4): NonNullable<Leaderboard['period']> => {
  const start = Date.UTC(2030, 5, 1, 9) + (number - 1) * 7 * 24 * 3_600_000;
  return {
    number,
    count,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 7 * 24 * 3_600_000).toISOString(),
  };
};
