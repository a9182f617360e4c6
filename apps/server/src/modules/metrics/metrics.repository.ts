import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { VALIDATION_AFTER_END_HOURS, type MetricsReadingSource } from '@platform/shared';
import type { Executor } from '../../db/client';
import { entryMetricReadings, entryMetricSchedule } from '../../db/schema/index';

export type ReadingRow = typeof entryMetricReadings.$inferSelect;
export type ScheduleRow = typeof entryMetricSchedule.$inferSelect;

/** One place of a leaderboard as the ranking query answers it. */
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
export type Board = { rows: BoardRow[]; total: number; asOf: Date | null; validatedBy: Date | null };

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

/** Rows to insert at once: well under PostgreSQL's 65,535 parameters a statement. */
const INSERT_CHUNK = 1_000;

export const metricsRepository = {
  /** Inserts readings; one a source already gave for the same time is left as it was. How many were new. */
  async insertReadings(executor: Executor, rows: ReadingRow[]): Promise<number> {
    let inserted = 0;
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const written = await executor
        .insert(entryMetricReadings)
        .values(rows.slice(start, start + INSERT_CHUNK))
        .onConflictDoNothing()
        .returning({ id: entryMetricReadings.id });
      inserted += written.length;
    }
    return inserted;
  },

  async findReading(executor: Executor, id: string): Promise<ReadingRow | undefined> {
    const [row] = await executor.select().from(entryMetricReadings).where(eq(entryMetricReadings.id, id));
    return row;
  },

  /** The entry's current figures: its latest reading, by when it was read, then when it was stored. */
  async latestReading(executor: Executor, entryId: string): Promise<ReadingRow | undefined> {
    const [row] = await executor
      .select()
      .from(entryMetricReadings)
      .where(eq(entryMetricReadings.entryId, entryId))
      .orderBy(
        desc(entryMetricReadings.readAt),
        desc(entryMetricReadings.recordedAt),
        desc(entryMetricReadings.id),
      )
      .limit(1);
    return row;
  },

  /** Gives entries not yet on the refresh schedule a first attempt at `now`; those on it keep theirs. */
  async schedule(executor: Executor, entryIds: readonly string[], now: Date): Promise<void> {
    for (let start = 0; start < entryIds.length; start += INSERT_CHUNK) {
      await executor
        .insert(entryMetricSchedule)
        .values(
          entryIds.slice(start, start + INSERT_CHUNK).map((entryId) => ({
            entryId,
            nextAttemptAt: now,
            attempts: 0,
            lastOutcome: null,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing();
    }
  },

  /**
   * Claims up to `limit` entries whose attempt is due, oldest first: each is due again only when the claim
   * ends, so a worker that stops mid-way leaves them to the next, and two workers never take the same one.
   */
  async claimDue(executor: Executor, now: Date, limit: number, claimedUntil: Date): Promise<ScheduleRow[]> {
    const due = executor
      .select({ entryId: entryMetricSchedule.entryId })
      .from(entryMetricSchedule)
      .where(lte(entryMetricSchedule.nextAttemptAt, now))
      .orderBy(asc(entryMetricSchedule.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return executor
      .update(entryMetricSchedule)
      .set({ nextAttemptAt: claimedUntil })
      .where(inArray(entryMetricSchedule.entryId, due))
      .returning();
  },

  /** Records an attempt's outcome, unless the claim ran out and another worker took the entry meanwhile. */
  async settle(
    executor: Executor,
    claimed: Pick<ScheduleRow, 'entryId' | 'nextAttemptAt'>,
    outcome: Pick<ScheduleRow, 'nextAttemptAt' | 'attempts' | 'lastOutcome' | 'updatedAt'>,
  ): Promise<void> {
    await executor
      .update(entryMetricSchedule)
      .set(outcome)
      .where(
        and(
          eq(entryMetricSchedule.entryId, claimed.entryId),
          eq(entryMetricSchedule.nextAttemptAt, claimed.nextAttemptAt),
        ),
      );
  },

  /** Takes entries off the schedule: no longer approved, or their campaign no longer live. */
  async unschedule(executor: Executor, entryIds: readonly string[]): Promise<void> {
    if (entryIds.length === 0) return;
    await executor.delete(entryMetricSchedule).where(inArray(entryMetricSchedule.entryId, [...entryIds]));
  },

  async scheduleOf(executor: Executor, entryId: string): Promise<ScheduleRow | undefined> {
    const [row] = await executor
      .select()
      .from(entryMetricSchedule)
      .where(eq(entryMetricSchedule.entryId, entryId));
    return row;
  },

  /**
   * A campaign's approved entries ranked by views in one query (DESIGN §8): each entry's figures are its
   * latest reading read by the board's close; the most views first, ties to the earlier submission;
   * entries without views after every ranked one, unranked. Answers the first `size` places, and the
   * creator's own entries wherever they stand, with how many entries the board has and its newest figures'
   * time.
   *
   * It reads the entries' table, which the entries module owns, for their status and submission time:
   * ranking them apart from their readings would take every entry of the campaign through the service
   * on every poll (ADR 024).
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
