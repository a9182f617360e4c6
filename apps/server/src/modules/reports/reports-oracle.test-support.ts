import { sql, type SQL } from 'drizzle-orm';
import type { MarketingPlatform } from '@platform/shared';
import type { Executor } from '../../db/client';
import type {
  CountryRow,
  CreatorRow,
  DayRow,
  EntryCounts,
  EntryRow,
  PlatformRow,
  Totals,
} from './reports.repository';

type RawTotals = {
  views: number | string | null;
  likes: number | string | null;
  comments: number | string | null;
  shares: number | string | null;
};

// PGlite hands back numbers and Dates, node-postgres bigints and sums as strings: raw rows are read through these.
const number = (value: number | string | null | undefined) => Number(value ?? 0);
const instant = (value: Date | string | null) => (value === null ? null : new Date(value));
const totalsOf = (row: RawTotals): Totals => ({
  views: number(row.views),
  likes: number(row.likes),
  comments: number(row.comments),
  shares: number(row.shares),
});

const rowsOf = async <Row>(executor: Executor, query: SQL): Promise<Row[]> => {
  const result: unknown = await executor.execute(query);
  return (result as { rows: Row[] }).rows;
};

/**
 * The campaign's approved entries, each with its figures: its latest reading by when it was read, then
 * stored, then id, the leaderboard's rule (ADR 024) without its cut-off, since a report shows the figures
 * as they stand. A figure the source did not say stays null here and adds nothing to a sum. Each entry's
 * latest reading is looked up by the readings' index, entry by entry, rather than found by sorting every
 * reading of the campaign.
 */
const figures = (campaignId: string) => sql`
  approved as (
    select e.id, e.creator_id, e.platform, e.post_link, e.submitted_at, c.country
    from campaign_entries e
    left join creators c on c.account_id = e.creator_id
    where e.campaign_id = ${campaignId}::uuid and e.status = 'APPROVED'
  ),
  figures as (
    select a.*, l.views, l.likes, l.comments, l.shares, l.read_at
    from approved a
    left join lateral (
      select r.views, r.likes, r.comments, r.shares, r.read_at
      from entry_metric_readings r
      where r.entry_id = a.id
      order by r.read_at desc, r.recorded_at desc, r.id desc
      limit 1
    ) l on true
  )`;

const sums = sql`sum(views) as views, sum(likes) as likes, sum(comments) as comments, sum(shares) as shares`;

/**
 * The report's sums as ADR 026 computed them, from every approved entry's readings when asked: the oracle
 * that the kept sums (ADR 040) are held to, in `reports-rollups.model.test.ts`. Not used by the server.
 */
export const reportsOracle = {
  async counts(executor: Executor, campaignId: string): Promise<EntryCounts> {
    const [row] = await rowsOf<Record<keyof EntryCounts, number | string>>(
      executor,
      sql`
        select
          (select count(*) from campaign_rsvps
            where campaign_id = ${campaignId}::uuid and status = 'ACCEPT') as joined,
          count(*) as submitted,
          count(*) filter (where status = 'APPROVED') as approved,
          count(*) filter (where status = 'REJECTED') as rejected
        from campaign_entries
        where campaign_id = ${campaignId}::uuid
      `,
    );
    return {
      joined: number(row?.joined),
      submitted: number(row?.submitted),
      approved: number(row?.approved),
      rejected: number(row?.rejected),
    };
  },

  async totals(executor: Executor, campaignId: string): Promise<Totals & { asOf: Date | null }> {
    const [row] = await rowsOf<RawTotals & { as_of: Date | string | null }>(
      executor,
      sql`with ${figures(campaignId)} select ${sums}, max(read_at) as as_of from figures`,
    );
    return row
      ? { ...totalsOf(row), asOf: instant(row.as_of) }
      : { ...totalsOf({} as RawTotals), asOf: null };
  },

  async byPlatform(executor: Executor, campaignId: string): Promise<PlatformRow[]> {
    const rows = await rowsOf<RawTotals & { platform: MarketingPlatform; entries: number | string }>(
      executor,
      sql`with ${figures(campaignId)}
        select platform, count(*) as entries, ${sums} from figures
        group by platform order by sum(views) desc nulls last, platform`,
    );
    return rows.map((row) => ({ platform: row.platform, entries: number(row.entries), ...totalsOf(row) }));
  },

  async byCountry(executor: Executor, campaignId: string): Promise<CountryRow[]> {
    const rows = await rowsOf<
      RawTotals & { country: string | null; creators: number | string; entries: number | string }
    >(
      executor,
      sql`with ${figures(campaignId)}
        select country, count(distinct creator_id) as creators, count(*) as entries, ${sums} from figures
        group by country order by sum(views) desc nulls last, country nulls last`,
    );
    return rows.map((row) => ({
      country: row.country,
      creators: number(row.creators),
      entries: number(row.entries),
      ...totalsOf(row),
    }));
  },

  /** The creators with the most views over their approved entries; a creator with no views is not ranked. */
  async topCreators(executor: Executor, campaignId: string, size: number): Promise<CreatorRow[]> {
    const rows = await rowsOf<
      RawTotals & { creator_id: string; country: string | null; entries: number | string }
    >(
      executor,
      sql`with ${figures(campaignId)}
        select creator_id, country, count(*) as entries, ${sums} from figures
        group by creator_id, country
        having sum(views) is not null
        order by sum(views) desc, min(submitted_at), creator_id
        limit ${size}`,
    );
    return rows.map((row) => ({
      creatorId: row.creator_id,
      country: row.country,
      entries: number(row.entries),
      ...totalsOf(row),
    }));
  },

  /** The entries with the most views, ties to the earlier submission, as the leaderboard ranks them. */
  async topEntries(executor: Executor, campaignId: string, size: number): Promise<EntryRow[]> {
    const rows = await rowsOf<
      RawTotals & {
        id: string;
        creator_id: string;
        platform: MarketingPlatform;
        post_link: string | null;
        submitted_at: Date | string;
        read_at: Date | string | null;
      }
    >(
      executor,
      sql`with ${figures(campaignId)}
        select * from figures where views is not null
        order by views desc, submitted_at, id
        limit ${size}`,
    );
    return rows.map((row) => ({
      entryId: row.id,
      creatorId: row.creator_id,
      platform: row.platform,
      postLink: row.post_link,
      submittedAt: new Date(row.submitted_at),
      readAt: instant(row.read_at),
      ...totalsOf(row),
    }));
  },

  /**
   * For each UTC day from `from` to `to` (`YYYY-MM-DD`), the sums of each approved entry's latest reading
   * read by the end of that day: the figures as they stood then, corrections included where they replace
   * a reading of that time. The readings are sorted once, not once a day: each entry's last reading of a
   * day (a reading before `from` counts on `from`) is taken as the change it made to the entry's figures,
   * and a day's sums are the changes up to it added together.
   */
  async daily(executor: Executor, campaignId: string, from: string, to: string): Promise<DayRow[]> {
    const change = (column: string) =>
      sql.raw(
        `${column} - coalesce(lag(${column}) over (partition by entry_id order by day), 0) as ${column}`,
      );
    const runningSum = (column: string) =>
      sql.raw(`sum(coalesce(c.${column}, 0)) over (order by d.day) as ${column}`);
    const rows = await rowsOf<RawTotals & { date: string }>(
      executor,
      sql`
        with approved as (
          select id from campaign_entries where campaign_id = ${campaignId}::uuid and status = 'APPROVED'
        ),
        readings as (
          select r.entry_id, greatest((r.read_at at time zone 'UTC')::date, ${from}::date) as day,
            r.read_at, r.recorded_at, r.id, coalesce(r.views, 0) as views, coalesce(r.likes, 0) as likes,
            coalesce(r.comments, 0) as comments, coalesce(r.shares, 0) as shares
          from entry_metric_readings r
          join approved a on a.id = r.entry_id
          where r.read_at < ((${to}::date + 1)::timestamp at time zone 'UTC')
        ),
        last_of_day as (
          select distinct on (entry_id, day) entry_id, day, views, likes, comments, shares
          from readings
          order by entry_id, day, read_at desc, recorded_at desc, id desc
        ),
        changes as (
          select day, ${change('views')}, ${change('likes')}, ${change('comments')}, ${change('shares')}
          from last_of_day
        ),
        changes_by_day as (
          select day, ${sums} from changes group by day
        )
        select to_char(d.day, 'YYYY-MM-DD') as date,
          ${runningSum('views')}, ${runningSum('likes')}, ${runningSum('comments')}, ${runningSum('shares')}
        from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
        left join changes_by_day c on c.day = d.day::date
        order by d.day
      `,
    );
    return rows.map((row) => ({ date: row.date, ...totalsOf(row) }));
  },
};
