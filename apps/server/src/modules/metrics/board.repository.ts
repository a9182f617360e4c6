import { sql } from 'drizzle-orm';
import { VALIDATION_AFTER_END_HOURS, type MetricsReadingSource } from '@platform/shared';
import type { Executor } from '../../db/client';

/** One place of a leaderboard as the kept ranks answer it. */
export type BoardRow = {
  entryId: string;
  creatorId: string;
  postLink: string | null;
  submittedAt: Date;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  source: MetricsReadingSource | null;
  readAt: Date | null;
  /** Null while the entry has no views to rank by. */
  rank: number | null;
  position: number;
};

/** `validatedBy`: when the last figure on the board is validated (ADR 037); null for an empty board. */
export type BoardSummary = { total: number; asOf: Date | null; validatedBy: Date | null };

export type Board = BoardSummary & { rows: BoardRow[] };

/** Which board (ADR 039: 0 the campaign's, N a sprint's period N), and what closes it. */
export type BoardKey = {
  campaignId: string;
  board: number;
  /** The board's close (the campaign's end, or the period's). */
  closesAt: Date;
  /** The campaign's `validation.lockDays` (ADR 037). */
  lockDays: number;
};

type RawRow = {
  entry_id: string;
  creator_id: string;
  post_link: string | null;
  submitted_at: Date | string;
  views: number | string | null;
  likes: number | string | null;
  comments: number | string | null;
  shares: number | string | null;
  source: MetricsReadingSource | null;
  read_at: Date | string | null;
  position: number | string;
  /** Present when the board was read named (`boardRepository.board` given a platform). */
  creator_name?: string | null;
  creator_handle?: string | null;
};

/** A place with its creator named as the creator module names them: full name, handle on the platform. */
export type NamedBoardRow = BoardRow & {
  creator: { id: string; name: string | null; handle: string | null };
};

// The drivers differ in what a raw query hands back (PGlite: numbers and Dates; node-postgres: bigints and
// counts as strings), so raw rows are read through these.
const countOf = (value: number | string | null) => (value === null ? null : Number(value));
const instantOf = (value: Date | string | null) => (value === null ? null : new Date(value));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const placeOf = (row: RawRow, position: number): BoardRow => {
  const views = countOf(row.views);
  return {
    entryId: row.entry_id,
    creatorId: row.creator_id,
    postLink: row.post_link,
    submittedAt: new Date(row.submitted_at),
    views,
    likes: countOf(row.likes),
    comments: countOf(row.comments),
    shares: countOf(row.shares),
    source: row.source,
    readAt: instantOf(row.read_at),
    rank: views === null ? null : position,
    position,
  };
};

const columns = sql`f.entry_id, f.creator_id, e.post_link, f.submitted_at, f.views, f.likes, f.comments,
  f.shares, f.source, f.read_at`;

/**
 * The creators' names and handles on `platform`, read in the board's own statement rather than by a second
 * query over a hundred ids: the name is the first and last names joined (either may be missing), as the
 * creator module's `withCreators` names a creator, and the handle the one the creator keeps there.
 */
const naming = (platform: string | undefined) =>
  platform === undefined
    ? { columns: sql``, joins: sql`` }
    : {
        columns: sql`, nullif(concat_ws(' ', nullif(cr.first_name, ''), nullif(cr.last_name, '')), '')
            as creator_name, ch.handle as creator_handle`,
        joins: sql` left join creators cr on cr.account_id = f.creator_id
          left join creator_handles ch on ch.creator_id = f.creator_id and ch.platform = ${platform}`,
      };

const onBoard = (key: Pick<BoardKey, 'campaignId' | 'board'>) =>
  sql`f.campaign_id = ${key.campaignId}::uuid and f.board = ${key.board}`;

/** The board's entry count, newest figures' time and latest submission: one index row each. */
const summarySql = (key: BoardKey) => sql`
  (select c.entries from leaderboard_counts c
    where c.campaign_id = ${key.campaignId}::uuid and c.board = ${key.board} and c.level = -1
      and c.bucket = 0) as total,
  (select max(f.read_at) from leaderboard_figures f where ${onBoard(key)}) as as_of,
  (select max(f.submitted_at) from leaderboard_figures f where ${onBoard(key)}) as last_submitted`;

/** The board's first `size` places, read in the index's order. */
const topSql = (key: BoardKey, size: number, platform?: string) => sql`
  select ${columns}${naming(platform).columns},
    row_number() over (order by f.views desc nulls last, f.submitted_at asc, f.entry_id asc) as position
  from leaderboard_figures f
  join campaign_entries e on e.id = f.entry_id${naming(platform).joins}
  where ${onBoard(key)}
  order by f.views desc nulls last, f.submitted_at asc, f.entry_id asc
  limit ${size}`;

/**
 * A creator's entries on the board wherever they stand, each placed by `leaderboard_place` (migration
 * 0028): a sum over a few hundred bucket rows and the entries tied on its views ahead of it.
 */
const placesSql = (key: BoardKey, creatorId: string, platform?: string) => sql`
  select ${columns}${naming(platform).columns},
    leaderboard_place(f.campaign_id, f.board, f.views, f.submitted_at, f.entry_id) as position
  from leaderboard_figures f
  join campaign_entries e on e.id = f.entry_id${naming(platform).joins}
  where ${onBoard(key)} and f.creator_id = ${creatorId}::uuid`;

type RawSummary = {
  total: number | string | null;
  as_of: Date | string | null;
  last_submitted: Date | string | null;
};

function summaryOf(key: BoardKey, row: RawSummary | undefined): BoardSummary {
  const total = Number(row?.total ?? 0);
  const lastSubmitted = instantOf(row?.last_submitted ?? null);
  // The latest lock on the board is the latest submission's: the lock only grows with the submission.
  const validatedBy =
    total > 0 && lastSubmitted
      ? new Date(
          Math.min(
            lastSubmitted.getTime() + key.lockDays * 86_400_000,
            key.closesAt.getTime() + VALIDATION_AFTER_END_HOURS * 3_600_000,
          ),
        )
      : null;
  return { total, asOf: total > 0 ? instantOf(row?.as_of ?? null) : null, validatedBy };
}

const placesOfJson = (rows: RawRow[] | null) => (rows ?? []).map((row) => placeOf(row, Number(row.position)));

const namedPlacesOfJson = (rows: RawRow[] | null): NamedBoardRow[] =>
  (rows ?? []).map((row) => ({
    ...placeOf(row, Number(row.position)),
    creator: { id: row.creator_id, name: row.creator_name ?? null, handle: row.creator_handle ?? null },
  }));

/**
 * The leaderboards as the database keeps them (ADR 039): every approved entry's counted figure per board,
 * ordered by an index, and per board how many entries have views in each bucket, so that a place is a sum
 * over a few hundred bucket rows and the entries tied on the same views ahead of it.
 *
 * It joins the entries' table, which the entries module owns, for the post's link only.
 */
export const boardRepository = {
  /** How many entries the board has, its newest figures' time and when its last figure is validated. */
  async summary(executor: Executor, key: BoardKey): Promise<BoardSummary> {
    const [row] = rowsOf<RawSummary>(await executor.execute(sql`select ${summarySql(key)}`));
    return summaryOf(key, row);
  },

  /** The board's first `size` places. */
  async top(executor: Executor, key: BoardKey, size: number): Promise<BoardRow[]> {
    const rows = rowsOf<RawRow>(await executor.execute(topSql(key, size)));
    return rows.map((row) => placeOf(row, Number(row.position)));
  },

  /** A creator's entries on the board wherever they stand, by place. */
  async placesOf(executor: Executor, key: BoardKey, creatorId: string): Promise<BoardRow[]> {
    const rows = rowsOf<RawRow>(await executor.execute(sql`${placesSql(key, creatorId)} order by position`));
    return rows.map((row) => placeOf(row, Number(row.position)));
  },

  /**
   * What a viewer reads: the board's summary, its first `size` places and the creator's own wherever they
   * stand, each place's creator named with their handle on `platform`, in one statement.
   */
  async namedBoard(
    executor: Executor,
    key: BoardKey,
    size: number,
    platform: string,
    creatorId?: string,
  ): Promise<BoardSummary & { top: NamedBoardRow[]; mine: NamedBoardRow[] }> {
    const mine = creatorId
      ? sql`(select json_agg(m order by m.position) from (${placesSql(key, creatorId, platform)}) m)`
      : sql`null`;
    const [row] = rowsOf<RawSummary & { top: RawRow[] | null; mine: RawRow[] | null }>(
      await executor.execute(sql`
        select ${summarySql(key)},
          (select json_agg(t order by t.position) from (${topSql(key, size, platform)}) t) as top,
          ${mine} as mine
      `),
    );
    return {
      ...summaryOf(key, row),
      top: namedPlacesOfJson(row?.top ?? null),
      mine: namedPlacesOfJson(row?.mine ?? null),
    };
  },

  /**
   * The board's summary, its first `size` places and the creator's own wherever they stand, in one
   * statement: what the prize settlement reads.
   */
  async board(
    executor: Executor,
    key: BoardKey,
    size: number,
    creatorId?: string,
  ): Promise<Board & { top: BoardRow[]; mine: BoardRow[] }> {
    const mine = creatorId
      ? sql`(select json_agg(m order by m.position) from (${placesSql(key, creatorId)}) m)`
      : sql`null`;
    const [row] = rowsOf<RawSummary & { top: RawRow[] | null; mine: RawRow[] | null }>(
      await executor.execute(sql`
        select ${summarySql(key)},
          (select json_agg(t order by t.position) from (${topSql(key, size)}) t) as top,
          ${mine} as mine
      `),
    );
    const top = placesOfJson(row?.top ?? null);
    const own = placesOfJson(row?.mine ?? null);
    const shown = new Set(top.map((place) => place.entryId));
    return {
      ...summaryOf(key, row),
      top,
      mine: own,
      rows: [...top, ...own.filter((place) => !shown.has(place.entryId))],
    };
  },
};
