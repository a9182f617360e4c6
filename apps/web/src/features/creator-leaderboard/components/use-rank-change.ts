import type { Leaderboard } from '@platform/shared';
import { useState } from 'react';
import {
  rankChangeAnnouncement,
  rankChanges,
  standingOf,
  type RankChange,
  type Standing,
} from '../utils/rank-change';

interface Seen {
  board: Leaderboard | undefined;
  standing: Standing | null;
  changes: RankChange[];
  announcement: string;
}

const NOTHING_SEEN: Seen = { board: undefined, standing: null, changes: [], announcement: '' };

/**
 * How the creator's places moved since the board before, poll to poll. The last move stays until another
 * one, so it can still be read after the screen reader said it; another period starts afresh. The query
 * keeps an unchanged board's object as it was, so only a board that changed is compared.
 */
export function useRankChange(board: Leaderboard | undefined): Pick<Seen, 'changes' | 'announcement'> {
  const [seen, setSeen] = useState<Seen>(NOTHING_SEEN);
  if (board !== undefined && board !== seen.board) {
    const standing = standingOf(board);
    const changes = rankChanges(seen.standing, standing);
    const samePeriod = seen.standing?.period === standing.period;
    let next: Seen;
    if (changes.length > 0) {
      const announcement = rankChangeAnnouncement(changes, board.mine.length, board.totalEntries);
      next = { board, standing, changes, announcement };
    } else if (samePeriod) {
      next = { ...seen, board, standing };
    } else {
      next = { ...NOTHING_SEEN, board, standing };
    }
    setSeen(next);
    return next;
  }
  return seen;
}
