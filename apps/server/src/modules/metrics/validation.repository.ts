import { and, asc, eq, gt, inArray, lte, max, min, sql } from 'drizzle-orm';
import type { EntryStatus, MarketingPlatform } from '@platform/shared';
import type { Executor } from '../../db/client';
import {
  entryMetricReadings,
  entryMetricSchedule,
  entryRiskAssessments,
  entryViewExclusions,
} from '../../db/schema/index';

export type AssessmentRow = typeof entryRiskAssessments.$inferSelect;
export type ExclusionRow = typeof entryViewExclusions.$inferSelect;

/** An entry whose figures changed since it was last scored, with what scoring it needs to know. */
export type DueEntry = {
  entryId: string;
  campaignId: string;
  creatorId: string;
  platform: MarketingPlatform;
  status: EntryStatus;
  submittedAt: Date;
  /** The platform's answer at the last attempt was that the post is gone. */
  postGone: boolean;
  /** The newest reading's recording time: scored up to here. */
  readingsThrough: Date | null;
};

type RawDueEntry = {
  entry_id: string;
  campaign_id: string;
  creator_id: string;
  platform: MarketingPlatform;
  status: EntryStatus;
  submitted_at: Date | string;
  post_gone: boolean;
  readings_through: Date | string | null;
};

/** The outcomes a refresh records when the platform no longer shows the post (ADR 021). */
const GONE = sql`('not-found', 'private')`;

/**
 * What the validation of figures reads and writes (ADR 037): risk scores and excluded views, both the
 * metrics module's own. Finding the entries due reads the entries' table for their status, creator and
 * submission, as the leaderboard's ranking does (ADR 024).
 */
export const validationRepository = {
  /**
   * Entries waiting for review or approved whose readings (or the platform's answer that the post is
   * gone) came after their last score, the longest-waiting first.
   */
  async dueForAssessment(executor: Executor, limit: number): Promise<DueEntry[]> {
    const result: unknown = await executor.execute(sql`
      select e.id as entry_id, e.campaign_id, e.creator_id, e.platform, e.status, e.submitted_at,
        coalesce(s.last_outcome in ${GONE}, false) as post_gone,
        (select max(r.recorded_at) from entry_metric_readings r where r.entry_id = e.id) as readings_through
      from campaign_entries e
      left join entry_risk_assessments a on a.entry_id = e.id
      left join entry_metric_schedule s on s.entry_id = e.id
      where e.status in ('SUBMITTED', 'APPROVED')
        and (
          exists (
            select 1 from entry_metric_readings r
            where r.entry_id = e.id and (a.readings_through is null or r.recorded_at > a.readings_through)
          )
          or (s.last_outcome in ${GONE} and (a.assessed_at is null or s.updated_at > a.assessed_at))
        )
      order by coalesce(a.assessed_at, e.submitted_at) asc, e.id asc
      limit ${limit}
    `);
    return (result as { rows: RawDueEntry[] }).rows.map((row) => ({
      entryId: row.entry_id,
      campaignId: row.campaign_id,
      creatorId: row.creator_id,
      platform: row.platform,
      status: row.status,
      submittedAt: new Date(row.submitted_at),
      postGone: row.post_gone,
      readingsThrough: row.readings_through === null ? null : new Date(row.readings_through),
    }));
  },

  /** The entries' campaigns and submission times, which their locks are worked out from. */
  async subjectsOf(
    executor: Executor,
    entryIds: readonly string[],
  ): Promise<{ entryId: string; campaignId: string; submittedAt: Date }[]> {
    if (entryIds.length === 0) return [];
    const result: unknown = await executor.execute(sql`
      select e.id as entry_id, e.campaign_id, e.submitted_at from campaign_entries e
      where e.id in (${sql.join(
        entryIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    `);
    return (
      result as { rows: { entry_id: string; campaign_id: string; submitted_at: Date | string }[] }
    ).rows.map((row) => ({
      entryId: row.entry_id,
      campaignId: row.campaign_id,
      submittedAt: new Date(row.submitted_at),
    }));
  },

  /**
   * A campaign's approved entries submitted by `submittedBy` (all of them when null): those whose figure
   * may be validated, for the pay-per-view accrual to read (ADR 038).
   */
  async approvedOf(
    executor: Executor,
    campaignId: string,
    submittedBy: Date | null,
  ): Promise<{ entryId: string; creatorId: string; submittedAt: Date }[]> {
    const result: unknown = await executor.execute(sql`
      select e.id as entry_id, e.creator_id, e.submitted_at from campaign_entries e
      where e.campaign_id = ${campaignId}::uuid and e.status = 'APPROVED'
        ${submittedBy ? sql`and e.submitted_at <= ${submittedBy.toISOString()}::timestamptz` : sql``}
    `);
    return (
      result as { rows: { entry_id: string; creator_id: string; submitted_at: Date | string }[] }
    ).rows.map((row) => ({
      entryId: row.entry_id,
      creatorId: row.creator_id,
      submittedAt: new Date(row.submitted_at),
    }));
  },

  /** Of the entries, those whose post the platform no longer showed at its last attempt. */
  async goneAmong(executor: Executor, entryIds: readonly string[]): Promise<Set<string>> {
    if (entryIds.length === 0) return new Set();
    const rows = await executor
      .select({ entryId: entryMetricSchedule.entryId })
      .from(entryMetricSchedule)
      .where(
        and(
          inArray(entryMetricSchedule.entryId, [...entryIds]),
          sql`${entryMetricSchedule.lastOutcome} in ${GONE}`,
        ),
      );
    return new Set(rows.map((row) => row.entryId));
  },

  /** Keeps posts on the refresh schedule until `until`, whatever becomes of their campaign. */
  async watch(executor: Executor, posts: readonly { entryId: string; until: Date }[], now: Date) {
    for (const post of posts) {
      await executor
        .insert(entryMetricSchedule)
        .values({
          entryId: post.entryId,
          nextAttemptAt: now,
          attempts: 0,
          lastOutcome: null,
          watchUntil: post.until,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: entryMetricSchedule.entryId,
          set: {
            watchUntil: sql`greatest(${entryMetricSchedule.watchUntil}, ${post.until.toISOString()}::timestamptz)`,
          },
        });
    }
  },

  /** The posts watched past their campaign that are still to be watched at `now`. */
  async watchedAt(executor: Executor, now: Date): Promise<string[]> {
    const rows = await executor
      .select({ entryId: entryMetricSchedule.entryId })
      .from(entryMetricSchedule)
      .where(gt(entryMetricSchedule.watchUntil, now));
    return rows.map((row) => row.entryId);
  },

  /** The first and last times the entry's figures were read, or null before any. */
  async readingsSpan(executor: Executor, entryId: string): Promise<{ first: Date; last: Date } | null> {
    const [row] = await executor
      .select({ first: min(entryMetricReadings.readAt), last: max(entryMetricReadings.readAt) })
      .from(entryMetricReadings)
      .where(eq(entryMetricReadings.entryId, entryId));
    return row?.first && row.last ? { first: row.first, last: row.last } : null;
  },

  /** Every reading of the entries, oldest first. */
  readingsOf(executor: Executor, entryIds: readonly string[]) {
    if (entryIds.length === 0) return Promise.resolve([]);
    return executor
      .select()
      .from(entryMetricReadings)
      .where(inArray(entryMetricReadings.entryId, [...entryIds]))
      .orderBy(
        asc(entryMetricReadings.readAt),
        asc(entryMetricReadings.recordedAt),
        asc(entryMetricReadings.id),
      );
  },

  /** The views of the creator's other approved entries on a platform, each its latest reading's. */
  async historyOf(
    executor: Executor,
    creatorId: string,
    platform: MarketingPlatform,
    exceptEntryId: string,
  ): Promise<number[]> {
    const result: unknown = await executor.execute(sql`
      select distinct on (r.entry_id) r.views
      from entry_metric_readings r
      join campaign_entries e on e.id = r.entry_id
      where e.creator_id = ${creatorId}::uuid and e.platform = ${platform} and e.status = 'APPROVED'
        and e.id <> ${exceptEntryId}::uuid and r.views is not null
      order by r.entry_id, r.read_at desc, r.recorded_at desc
    `);
    return (result as { rows: { views: number | string }[] }).rows.map((row) => Number(row.views));
  },

  /** Keeps the entry's latest score, replacing the one before. */
  async saveAssessment(executor: Executor, row: AssessmentRow): Promise<void> {
    await executor
      .insert(entryRiskAssessments)
      .values(row)
      .onConflictDoUpdate({
        target: entryRiskAssessments.entryId,
        set: {
          score: row.score,
          signals: row.signals,
          readingsThrough: row.readingsThrough,
          assessedAt: row.assessedAt,
        },
      });
  },

  assessmentsOf(executor: Executor, entryIds: readonly string[]): Promise<AssessmentRow[]> {
    if (entryIds.length === 0) return Promise.resolve([]);
    return executor
      .select()
      .from(entryRiskAssessments)
      .where(inArray(entryRiskAssessments.entryId, [...entryIds]));
  },

  async insertExclusion(executor: Executor, row: ExclusionRow): Promise<void> {
    await executor.insert(entryViewExclusions).values(row);
  },

  exclusionsOf(executor: Executor, entryIds: readonly string[]): Promise<ExclusionRow[]> {
    if (entryIds.length === 0) return Promise.resolve([]);
    return executor
      .select()
      .from(entryViewExclusions)
      .where(inArray(entryViewExclusions.entryId, [...entryIds]));
  },

  /** The views of the entry's latest reading read at or before `at`, or null when none is. */
  async viewsAt(executor: Executor, entryId: string, at: Date): Promise<number | null> {
    const [row] = await executor
      .select({ views: entryMetricReadings.views })
      .from(entryMetricReadings)
      .where(
        and(
          eq(entryMetricReadings.entryId, entryId),
          lte(entryMetricReadings.readAt, at),
          sql`${entryMetricReadings.views} is not null`,
        ),
      )
      .orderBy(sql`${entryMetricReadings.readAt} desc, ${entryMetricReadings.recordedAt} desc`)
      .limit(1);
    return row?.views ?? null;
  },
};
