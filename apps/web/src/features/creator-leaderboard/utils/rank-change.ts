import { ordinal, type Leaderboard } from '@platform/shared';

/** The creator's own places on one board: what the next poll is compared with. */
export interface Standing {
  /** The board's period, or 0 for a campaign without periods: places of two periods do not compare. */
  period: number;
  ranks: ReadonlyMap<string, number | null>;
}

export function standingOf(board: Leaderboard): Standing {
  return {
    period: board.period?.number ?? 0,
    ranks: new Map(board.mine.map((place) => [place.entryId, place.rank])),
  };
}

/** One of the creator's entries moved: `from` null when it had no place before. */
export interface RankChange {
  entryId: string;
  from: number | null;
  to: number;
}

/** The creator's entries whose place changed between two polls of the same board, best place first. */
export function rankChanges(before: Standing | null, after: Standing): RankChange[] {
  if (before === null || before.period !== after.period) return [];
  const changes: RankChange[] = [];
  for (const [entryId, to] of after.ranks) {
    const from = before.ranks.get(entryId);
    if (to !== null && from !== undefined && from !== to) changes.push({ entryId, from, to });
  }
  return changes.sort((a, b) => a.to - b.to);
}

const places = (count: number) => `${count} ${count === 1 ? 'place' : 'places'}`;

/** 'Up 3 places', 'Down 1 place', 'Now ranked'. */
export function placeChangeText({ from, to }: RankChange): string {
  if (from === null) return 'Now ranked';
  return from > to ? `Up ${places(from - to)}` : `Down ${places(to - from)}`;
}

/** 'You are 4th of 37'. */
export const placeText = (rank: number, totalEntries: number) =>
  `You are ${ordinal(rank)} of ${totalEntries}`;

/**
 * What the live region says after a poll moved the creator: 'Up 3 places: you are now 4th of 37.' With
 * several entries, a sentence for each that moved.
 */
export function rankChangeAnnouncement(
  changes: readonly RankChange[],
  entries: number,
  total: number,
): string {
  return changes
    .map((change) => {
      const now = `now ${ordinal(change.to)} of ${total}`;
      return entries === 1
        ? `${placeChangeText(change)}: you are ${now}.`
        : `One of your entries: ${placeChangeText(change).toLowerCase()}, ${now}.`;
    })
    .join(' ');
}
