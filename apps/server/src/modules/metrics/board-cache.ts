import { LRUCache } from 'lru-cache';
import { LEADERBOARD_SIZE } from '@platform/shared';
import type { Database } from '../../db/client';
import type { CampaignFacts } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';
import { metricsRepository as repository, type BoardCriteria, type BoardRow } from './metrics.repository';

/** The most boards kept ranked at once: the campaigns being watched. */
const BOARDS_CACHED = 200;

/** Which board, and up to when its figures count. */
export type BoardKey = Omit<BoardCriteria, 'size' | 'creatorId'>;

export type NamedBoardRow = BoardRow & {
  creator: { id: string; name: string | null; handle: string | null };
};

/**
 * A board ranked in one read: its first places named, and every entry's place by creator, so that each
 * viewer's own places are a lookup.
 */
export type BoardSnapshot = {
  total: number;
  asOf: Date | null;
  validatedBy: Date | null;
  top: NamedBoardRow[];
  byCreator: Map<string, BoardRow[]>;
};

type Platform = CampaignFacts['platform'];

/**
 * The boards as viewers read them (ADR 024): a ranking answers every viewer for `boardCacheMs`, and a
 * creator polling a board keeps the campaign they were let see and their own name on it as long. Seeing
 * the campaign takes four reads (their country, the live territories, the campaign); a board polled by
 * thousands every few seconds would spend most of its time there. A creator who loses sight of a campaign
 * (it is unpublished, they move) loses its board within those seconds.
 */
export function createBoardCache(built: {
  db: Database;
  creatorService: Pick<CreatorService, 'withCreators'>;
  boardCacheMs: number;
}) {
  const { db, creatorService, boardCacheMs } = built;

  /** Ranks a whole board, and names its first places on the campaign's platform. */
  const rankBoard = async (key: BoardKey, platform: Platform): Promise<BoardSnapshot> => {
    const board = await repository.board(db, { ...key, size: Number.MAX_SAFE_INTEGER });
    const byCreator = new Map<string, BoardRow[]>();
    for (const row of board.rows) {
      const rows = byCreator.get(row.creatorId);
      if (rows) rows.push(row);
      else byCreator.set(row.creatorId, [row]);
    }
    return {
      total: board.total,
      asOf: board.asOf,
      validatedBy: board.validatedBy,
      top: await creatorService.withCreators(
        board.rows.filter((row) => row.position <= LEADERBOARD_SIZE),
        platform,
      ),
      byCreator,
    };
  };

  // A stale ranking answers while the next is read, so that a busy board waits on the database once.
  const boards = new LRUCache<string, BoardSnapshot, { key: BoardKey; platform: Platform }>({
    max: BOARDS_CACHED,
    ttl: Math.max(boardCacheMs, 1),
    allowStale: true,
    fetchMethod: (_id, _stale, { context }) => rankBoard(context.key, context.platform),
  });

  const viewers = new LRUCache<string, { campaign: CampaignFacts; named: NamedBoardRow['creator'] | null }>({
    max: 10_000,
    ttl: Math.max(boardCacheMs, 1),
  });

  return {
    async snapshotOf(key: BoardKey, platform: Platform): Promise<BoardSnapshot> {
      if (boardCacheMs === 0) return rankBoard(key, platform);
      const id = [
        key.campaignId,
        key.closesAt.toISOString(),
        key.submittedFrom?.toISOString() ?? '',
        key.lockDays,
      ].join(':');
      const snapshot = await boards.fetch(id, { context: { key, platform } });
      if (!snapshot) throw new Error(`board ${id} could not be ranked`);
      return snapshot;
    },

    /** New figures change boards: the next viewer in this process reads them ranked afresh. */
    figuresChanged(recorded: number): void {
      if (recorded > 0) boards.clear();
    },

    /** The campaign a creator was let see and their name on its board, while a ranking lasts. */
    viewer: (key: string) => (boardCacheMs > 0 ? viewers.get(key) : undefined),

    rememberViewer(key: string, seen: { campaign: CampaignFacts; named: NamedBoardRow['creator'] | null }) {
      if (boardCacheMs > 0) viewers.set(key, seen);
    },

    /** The creator's own places on a board, with their name, read once per ranking's lifetime. */
    async namedMine(
      board: BoardSnapshot,
      creatorId: string,
      campaign: CampaignFacts,
    ): Promise<NamedBoardRow[]> {
      const rows = board.byCreator.get(creatorId) ?? [];
      const first = rows[0];
      if (!first) return [];
      const key = `${creatorId}:${campaign.id}`;
      const knownName = boardCacheMs > 0 ? viewers.get(key)?.named : undefined;
      if (knownName) return rows.map((row) => ({ ...row, creator: knownName }));
      const [named] = await creatorService.withCreators([first], campaign.platform);
      if (named && boardCacheMs > 0) viewers.set(key, { campaign, named: named.creator });
      return named ? rows.map((row) => ({ ...row, creator: named.creator })) : [];
    },
  };
}

export type BoardCache = ReturnType<typeof createBoardCache>;
