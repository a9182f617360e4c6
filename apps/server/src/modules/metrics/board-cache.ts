import { LRUCache } from 'lru-cache';
import { LEADERBOARD_SIZE } from '@platform/shared';
import type { Database } from '../../db/client';
import type { CampaignFacts } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';
import {
  boardRepository,
  type BoardKey,
  type BoardRow,
  type BoardSummary,
  type NamedBoardRow,
} from './board.repository';

/** The most boards kept at once: the campaigns being watched. */
const BOARDS_CACHED = 200;

export type { NamedBoardRow } from './board.repository';

/** A board's first places named, and its summary. */
export type BoardSnapshot = BoardSummary & { top: NamedBoardRow[] };

type Platform = CampaignFacts['platform'];

const boardId = (key: BoardKey) =>
  [key.campaignId, key.board, key.closesAt.toISOString(), key.lockDays].join(':');

/**
 * The boards as viewers read them (ADR 024, 039). Each read is a few index reads of the kept ranks, so by
 * default every request reads the database and sees a figure recorded by any process at once. With
 * `boardCacheMs` (LEADERBOARD_CACHE_SECONDS) a board's first places answer every viewer of this process for
 * that long, and a creator polling a board keeps the campaign they were let see and their own name on it as
 * long: seeing the campaign takes four reads (their country, the live territories, the campaign). Their
 * own places are kept as long, so that they agree with the first places shown beside them.
 */
export function createBoardCache(built: {
  db: Database;
  creatorService: Pick<CreatorService, 'withCreators'>;
  boardCacheMs: number;
}) {
  const { db, creatorService, boardCacheMs } = built;

  /** Reads a board's first places, named on the campaign's platform, and its summary. */
  const readBoard = async (key: BoardKey, platform: Platform): Promise<BoardSnapshot> => {
    const { top, total, asOf, validatedBy } = await boardRepository.board(db, key, LEADERBOARD_SIZE);
    return { total, asOf, validatedBy, top: await creatorService.withCreators(top, platform) };
  };

  /** Names a creator's own places, from what this process knows of them or from the creator module. */
  const nameMine = async (rows: BoardRow[], creatorId: string, campaign: CampaignFacts) => {
    const first = rows[0];
    if (!first) return [];
    const viewerKey = `${creatorId}:${campaign.id}`;
    const knownName = boardCacheMs > 0 ? viewers.get(viewerKey)?.named : undefined;
    if (knownName) return rows.map((row) => ({ ...row, creator: knownName }));
    const [named] = await creatorService.withCreators([first], campaign.platform);
    if (named && boardCacheMs > 0) viewers.set(viewerKey, { campaign, named: named.creator });
    return named ? rows.map((row) => ({ ...row, creator: named.creator })) : [];
  };

  // A stale board answers while the next is read, so that a busy board waits on the database once.
  const boards = new LRUCache<string, BoardSnapshot, { key: BoardKey; platform: Platform }>({
    max: BOARDS_CACHED,
    ttl: Math.max(boardCacheMs, 1),
    allowStale: true,
    fetchMethod: (_id, _stale, { context }) => readBoard(context.key, context.platform),
  });

  const viewers = new LRUCache<string, { campaign: CampaignFacts; named: NamedBoardRow['creator'] | null }>({
    max: 10_000,
    ttl: Math.max(boardCacheMs, 1),
  });

  // A creator's own places are kept as long as the board's first places, so that the two agree.
  const places = new LRUCache<string, BoardRow[]>({ max: 10_000, ttl: Math.max(boardCacheMs, 1) });

  return {
    /**
     * A board as one viewer reads it: its first places and summary, and the creator's own places. Without
     * the cache, one statement reads them all.
     */
    async boardFor(
      key: BoardKey,
      campaign: CampaignFacts,
      creatorId?: string,
    ): Promise<BoardSnapshot & { mine: NamedBoardRow[] }> {
      if (boardCacheMs === 0) {
        return boardRepository.namedBoard(db, key, LEADERBOARD_SIZE, campaign.platform, creatorId);
      }
      const id = boardId(key);
      const snapshot = await boards.fetch(id, { context: { key, platform: campaign.platform } });
      if (!snapshot) throw new Error(`board ${id} could not be read`);
      if (!creatorId) return { ...snapshot, mine: [] };
      const placesKey = `${id}:${creatorId}`;
      let rows = places.get(placesKey);
      if (!rows) {
        rows = await boardRepository.placesOf(db, key, creatorId);
        places.set(placesKey, rows);
      }
      return { ...snapshot, mine: await nameMine(rows, creatorId, campaign) };
    },

    /** New figures change boards: the next viewer in this process reads them afresh. */
    figuresChanged(recorded: number): void {
      if (recorded > 0) {
        boards.clear();
        places.clear();
      }
    },

    /** The campaign a creator was let see and their name on its board, while a board is kept. */
    viewer: (key: string) => (boardCacheMs > 0 ? viewers.get(key) : undefined),

    rememberViewer(key: string, seen: { campaign: CampaignFacts; named: NamedBoardRow['creator'] | null }) {
      if (boardCacheMs > 0) viewers.set(key, seen);
    },
  };
}

export type BoardCache = ReturnType<typeof createBoardCache>;
