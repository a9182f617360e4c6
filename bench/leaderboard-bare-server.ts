// The baseline for the leaderboard benchmark: a bare `node:http` server that answers one route with the
// same ranking query as the platform's leaderboard (`metricsRepository.board`: the SQL text is the same,
// with the same parameters) for the same campaign and creator, through the database driver alone (`pg`,
// or PGlite on its own copy of the seeded data directory). No framework, no authentication, no campaign
// or creator checks, no names: what the platform adds around the query is the difference between the two.
import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const BOARD_QUERY = `
      with board_entries as (
        select e.id, e.creator_id, e.post_link, e.submitted_at
        from campaign_entries e
        where e.campaign_id = $1::uuid and e.status = 'APPROVED'
      ),
      latest as (
        select distinct on (r.entry_id)
          r.entry_id, r.views, r.likes, r.comments, r.shares, r.source, r.read_at
        from entry_metric_readings r
        join board_entries b on b.id = r.entry_id
        where r.read_at <= $2::timestamptz
        order by r.entry_id, r.read_at desc, r.recorded_at desc, r.id desc
      ),
      ranked as (
        select
          b.id as entry_id, b.creator_id, b.post_link, b.submitted_at,
          l.views, l.likes, l.comments, l.shares, l.source, l.read_at,
          row_number() over places as position,
          case when l.views is null then null else row_number() over places end as rank,
          count(*) over () as total,
          max(l.read_at) over () as as_of
        from board_entries b
        left join latest l on l.entry_id = b.id
        window places as (order by l.views desc nulls last, b.submitted_at asc, b.id asc)
      )
      select * from ranked
      where position <= $3 or creator_id = $4::uuid
      order by position
    `;

type Row = {
  entry_id: string;
  creator_id: string;
  post_link: string | null;
  submitted_at: Date | string;
  views: number | string | null;
  likes: number | string | null;
  comments: number | string | null;
  shares: number | string | null;
  source: string | null;
  read_at: Date | string | null;
  rank: number | string | null;
  position: number | string;
  total: number | string;
  as_of: Date | string | null;
};
type Runner = (parameters: unknown[]) => Promise<Row[]>;

async function openRunner(): Promise<Runner> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return async (parameters) => (await pool.query<Row>(BOARD_QUERY, parameters)).rows;
  }
  // PGlite allows one process per data directory, so the baseline opens a copy of the seeded one.
  const db = await PGlite.create(process.env.PGLITE_DATA_DIR);
  return async (parameters) => (await db.query<Row>(BOARD_QUERY, parameters)).rows;
}

const SIZE = 100;
const campaignId = process.env.CAMPAIGN_ID ?? '';
const creatorId = process.env.CREATOR_ID ?? '';
const closesAt = process.env.CLOSES_AT ?? '';

// The drivers hand back bigints and timestamps differently (see the repository), so both are read here.
const countOf = (value: number | string | null) => (value === null ? null : Number(value));
const instantOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const placeOf = (row: Row) => ({
  rank: countOf(row.rank),
  entryId: row.entry_id,
  creatorId: row.creator_id,
  postLink: row.post_link,
  submittedAt: new Date(row.submitted_at).toISOString(),
  views: countOf(row.views),
  likes: countOf(row.likes),
  comments: countOf(row.comments),
  shares: countOf(row.shares),
  source: row.source,
  readAt: instantOf(row.read_at),
});

const run = await openRunner();
const server = createServer((request, response) => {
  run([campaignId, closesAt, SIZE, creatorId]).then(
    (rows) => {
      const [first] = rows;
      const body = JSON.stringify({
        totalEntries: first ? Number(first.total) : 0,
        asOf: first ? instantOf(first.as_of) : null,
        places: rows.filter((row) => Number(row.position) <= SIZE).map(placeOf),
        mine: rows.filter((row) => row.creator_id === creatorId).map(placeOf),
      });
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    },
    () => {
      response.writeHead(500).end();
    },
  );
  request.resume();
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
