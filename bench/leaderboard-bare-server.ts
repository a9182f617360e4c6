// The baselines for the leaderboard benchmark: a bare `node:http` server that answers one route with the
// platform's own board reads for the same campaign and creator, through `pg` alone. BOARD_READ=kept runs
// the kept ranks' index reads (`boardRepository.board`: the board's summary, its first 100 places and the
// creator's own in one statement, ADR 039); BOARD_READ=full runs the ranking query they replaced, which sorts every entry on
// each call (the test oracle, `leaderboardOracle`). Drizzle only renders their SQL text; no framework, no
// authentication, no campaign or creator checks, no names: what the platform adds around the reads is the
// difference.
import { createServer } from 'node:http';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from '../apps/server/src/db/client';
import { boardRepository, type BoardRow } from '../apps/server/src/modules/metrics/board.repository';
import { leaderboardOracle } from '../apps/server/src/modules/metrics/leaderboard-oracle.test-support';

const SIZE = 100;
const campaignId = process.env.CAMPAIGN_ID ?? '';
const creatorId = process.env.CREATOR_ID ?? '';
const closesAt = new Date(process.env.CLOSES_AT ?? '');
const lockDays = Number(process.env.LOCK_DAYS ?? 7);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const dialect = new PgDialect();
// The repository asks its executor for `execute` alone; this one renders the statement and hands it to pg.
const executor = {
  execute: async (statement: SQL) => {
    const query = dialect.sqlToQuery(statement);
    return pool.query(query.sql, query.params);
  },
} as unknown as Executor;

const placeOf = (row: BoardRow) => ({
  rank: row.rank,
  entryId: row.entryId,
  creatorId: row.creatorId,
  postLink: row.postLink,
  submittedAt: row.submittedAt.toISOString(),
  views: row.views,
  likes: row.likes,
  comments: row.comments,
  shares: row.shares,
  source: row.source,
  readAt: row.readAt?.toISOString() ?? null,
});

async function boardBody(): Promise<string> {
  if (process.env.BOARD_READ === 'full') {
    const board = await leaderboardOracle.board(executor, {
      campaignId,
      closesAt,
      lockDays,
      size: SIZE,
      creatorId,
    });
    return JSON.stringify({
      totalEntries: board.total,
      asOf: board.asOf?.toISOString() ?? null,
      places: board.rows.filter((row) => row.position <= SIZE).map(placeOf),
      mine: board.rows.filter((row) => row.creatorId === creatorId).map(placeOf),
    });
  }
  const board = await boardRepository.board(
    executor,
    { campaignId, board: 0, closesAt, lockDays },
    SIZE,
    creatorId,
  );
  return JSON.stringify({
    totalEntries: board.total,
    asOf: board.asOf?.toISOString() ?? null,
    places: board.top.map(placeOf),
    mine: board.mine.map(placeOf),
  });
}

const server = createServer((request, response) => {
  boardBody().then(
    (body) => {
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
