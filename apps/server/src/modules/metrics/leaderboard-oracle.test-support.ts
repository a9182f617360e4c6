import { sql } from 'drizzle-orm';
import { VALIDATION_AFTER_END_HOURS, type MetricsReadingSource } from '@platform/shared';
import type { Executor } from '../../db/client';
import type { Board } from './board.repository';

// The leaderboard as it was ranked before the ranks were kept (ADR 024, 039): every approved entry's latest
// reading sorted on each call. Tests and the benchmark hold the kept ranks to it; nothing shipped reads it.

/** Which approved entries a board ranks, and up to when their figures count. */
export type BoardCriteria = {
  campaignId: string;
  /** Readings after it do not count: the board is frozen at the end of the campaign or of the period. */
  closesAt: Date;
  /**
   * The campaign's `validation.lockDays`: an entry's readings count until the earlier of that many days
   * after it was submitted and the close (ADR 037).
   */
  lockDays: number;
  /** A sprint period's entries: submitted at or after `submittedFrom`, before `submittedBefore`. */
  submittedFrom?: Date;
  submittedBefore?: Date;
  size: number;
  /** A creator whose entries are wanted wherever they stand. */
  creatorId?: string;
};

type RawBoardRow = {
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
  rank: number | string | null;
  position: number | string;
  total: number | string;
  as_of: Date | string | null;
  validated_by: Date | string | null;
};

// The drivers differ in what a raw query hands back (PGlite: numbers and Dates; node-postgres: bigints and
// counts as strings), so raw rows are read through these.
const countOf = (value: number | string | null) => (value === null ? null : Number(value));
const instantOf = (value: Date | string | null) => (value === null ? null : new Date(value));

export const leaderboardOracle = {
  /**
   * A campaign's approved entries ranked by views in one query (DESIGN §8): each entry's figures are its
   * latest reading read by the board's close; the most views first, ties to the earlier submission;
   * entries without views after every ranked one, unranked. Answers the first `size` places, and the
   * creator's own entries wherever they stand, with how many entries the board has and its newest figures'
   * time.
   *
   */
  async board(executor: Executor, criteria: BoardCriteria): Promise<Board> {
    const inPeriod =
      criteria.submittedFrom && criteria.submittedBefore
        ? sql`and e.submitted_at >= ${criteria.submittedFrom.toISOString()}::timestamptz
              and e.submitted_at < ${criteria.submittedBefore.toISOString()}::timestamptz`
        : sql``;
    const closesAt = sql`${criteria.closesAt.toISOString()}::timestamptz`;
    const window = sql`(${criteria.lockDays} * interval '1 day')`;
    const result: unknown = await executor.execute(sql`
      with board_entries as (
        select e.id, e.creator_id, e.post_link, e.submitted_at,
          least(e.submitted_at + ${window}, ${closesAt}) as counts_until,
          least(e.submitted_at + ${window}, ${closesAt} + interval '${sql.raw(String(VALIDATION_AFTER_END_HOURS))} hours')
            as validated_at
        from campaign_entries e
        where e.campaign_id = ${criteria.campaignId}::uuid and e.status = 'APPROVED' ${inPeriod}
      ),
      latest as (
        select distinct on (r.entry_id)
          r.entry_id, r.views, r.likes, r.comments, r.shares, r.source, r.read_at
        from entry_metric_readings r
        join board_entries b on b.id = r.entry_id
        where r.read_at <= b.counts_until
        order by r.entry_id, r.read_at desc, r.recorded_at desc, r.id desc
      ),
      figures as (
        select l.entry_id,
          greatest(l.views - coalesce((
            select sum(x.views) from entry_view_exclusions x
            where x.entry_id = l.entry_id and x.from_at < l.read_at
          ), 0), 0) as views,
          l.likes, l.comments, l.shares, l.source, l.read_at
        from latest l
      ),
      ranked as (
        select
          b.id as entry_id, b.creator_id, b.post_link, b.submitted_at,
          l.views, l.likes, l.comments, l.shares, l.source, l.read_at,
          row_number() over places as position,
          case when l.views is null then null else row_number() over places end as rank,
          count(*) over () as total,
          max(l.read_at) over () as as_of,
          max(b.validated_at) over () as validated_by
        from board_entries b
        left join figures l on l.entry_id = b.id
        window places as (order by l.views desc nulls last, b.submitted_at asc, b.id asc)
      )
      select * from ranked
      where position <= ${criteria.size} or creator_id = ${criteria.creatorId ?? null}::uuid
      order by position
    `);
    const raw = (result as { rows: RawBoardRow[] }).rows;
    const [first] = raw;
    return {
      total: first ? Number(first.total) : 0,
      asOf: first ? instantOf(first.as_of) : null,
      validatedBy: first ? instantOf(first.validated_by) : null,
      rows: raw.map((row) => ({
        entryId: row.entry_id,
        creatorId: row.creator_id,
        postLink: row.post_link,
        submittedAt: new Date(row.submitted_at),
        views: countOf(row.views),
        likes: countOf(row.likes),
        comments: countOf(row.comments),
        shares: countOf(row.shares),
        source: row.source,
        readAt: instantOf(row.read_at),
        rank: countOf(row.rank),
        position: Number(row.position),
      })),
    };
  },
};
