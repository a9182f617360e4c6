import { sql, type SQL } from 'drizzle-orm';
import type { MarketingPlatform } from '@platform/shared';
import type { Executor } from '../../db/client';

export type Totals = { views: number; likes: number; comments: number; shares: number };

export type EntryCounts = { joined: number; submitted: number; approved: number; rejected: number };

export type PlatformRow = Totals & { platform: MarketingPlatform; entries: number };
export type CountryRow = Totals & { country: string | null; creators: number; entries: number };
export type CreatorRow = Totals & { creatorId: string; country: string | null; entries: number };
export type EntryRow = Totals & {
  entryId: string;
  creatorId: string;
  platform: MarketingPlatform;
  postLink: string | null;
  submittedAt: Date;
  readAt: Date | null;
};
export type DayRow = Totals & { date: string };

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

const sums = sql`sum(views) as views, sum(likes) as likes, sum(comments) as comments, sum(shares) as shares`;

/** A sum over entries of which none said their views is no figure, which sorts after every figure. */
const viewsOrder = sql.raw(`case when viewed > 0 then views end desc nulls last`);

/**
 * A campaign report's sums, read from the sums the database keeps as readings arrive (ADR 040): the counts,
 * a few rows per day and per platform, country and creator, and the first rows of an index for the top entries and
 * creators, whatever the campaign's size. The figures are each approved entry's latest reading, as ADR 026
 * computed them when asked (the oracle in `reports-oracle.test-support.ts`).
 *
 * It reads one table another module owns, for reading only: an entry's post link, for the top entries.
 * Money is not read here: the payments service answers it.
 */
export const reportsRepository = {
  async counts(executor: Executor, campaignId: string): Promise<EntryCounts> {
    const [row] = await rowsOf<Record<keyof EntryCounts, number | string>>(
      executor,
      sql`select joined, submitted, approved, rejected from report_counts where campaign_id = ${campaignId}::uuid`,
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
      sql`select ${sums},
          (select max(read_at) from report_entry_figures where campaign_id = ${campaignId}::uuid) as as_of
        from report_platform_totals where campaign_id = ${campaignId}::uuid`,
    );
    return row
      ? { ...totalsOf(row), asOf: instant(row.as_of) }
      : { ...totalsOf({} as RawTotals), asOf: null };
  },

  async byPlatform(executor: Executor, campaignId: string): Promise<PlatformRow[]> {
    const rows = await rowsOf<RawTotals & { platform: MarketingPlatform; entries: number | string }>(
      executor,
      sql`select platform, entries, views, likes, comments, shares from report_platform_totals
        where campaign_id = ${campaignId}::uuid
        order by ${viewsOrder}, platform`,
    );
    return rows.map((row) => ({ platform: row.platform, entries: number(row.entries), ...totalsOf(row) }));
  },

  async byCountry(executor: Executor, campaignId: string): Promise<CountryRow[]> {
    const rows = await rowsOf<
      RawTotals & { country: string | null; creators: number | string; entries: number | string }
    >(
      executor,
      sql`select country, creators, entries, views, likes, comments, shares from report_country_totals
        where campaign_id = ${campaignId}::uuid
        order by ${viewsOrder}, country nulls last`,
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
      sql`select creator_id, country, entries, views, likes, comments, shares from report_creator_totals
        where campaign_id = ${campaignId}::uuid and viewed > 0
        order by views desc nulls last, first_submitted_at, creator_id
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
      sql`select f.entry_id as id, f.creator_id, f.platform, e.post_link, f.submitted_at, f.read_at,
          f.views, f.likes, f.comments, f.shares
        from report_entry_figures f
        join campaign_entries e on e.id = f.entry_id
        where f.campaign_id = ${campaignId}::uuid and f.views is not null
        order by f.views desc nulls last, f.submitted_at, f.entry_id
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
   * read by the end of that day: the kept changes of each day up to it added together, those of the days
   * before `from` counted on `from`.
   */
  async daily(executor: Executor, campaignId: string, from: string, to: string): Promise<DayRow[]> {
    const runningSum = (column: string) =>
      sql.raw(`sum(coalesce(c.${column}, 0)) over (order by d.day) as ${column}`);
    const rows = await rowsOf<RawTotals & { date: string }>(
      executor,
      sql`
        with changes as (
          select greatest(day, ${from}::date) as day, ${sums}
          from report_day_changes
          where campaign_id = ${campaignId}::uuid and day <= ${to}::date
          group by 1
        )
        select to_char(d.day, 'YYYY-MM-DD') as date,
          ${runningSum('views')}, ${runningSum('likes')}, ${runningSum('comments')}, ${runningSum('shares')}
        from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
        left join changes c on c.day = d.day::date
        order by d.day
      `,
    );
    return rows.map((row) => ({ date: row.date, ...totalsOf(row) }));
  },
};
