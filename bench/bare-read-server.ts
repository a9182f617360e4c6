// The baseline for the authenticated-read benchmark: a bare `node:http` server that answers one route
// with the same primary-key read of the same account row, through the database driver alone (`pg`, or
// PGlite on its own copy of the row). No framework, no authentication, no logging: what the platform's
// request path costs is the difference between the two.
import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

type Row = { id: string; email: string; email_verified_at: Date | null; status: string; role: string };
type Reader = (id: string) => Promise<Row | undefined>;

const PROFILE_QUERY = 'select id, email, email_verified_at, status, role from accounts where id = $1';

async function openReader(): Promise<Reader> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return async (id) => (await pool.query<Row>(PROFILE_QUERY, [id])).rows[0];
  }
  // PGlite allows one process per data directory, so the baseline keeps its own copy of the row.
  const db = await PGlite.create();
  await db.exec(`create table accounts (id uuid primary key, email text not null unique,
    email_verified_at timestamptz, status text not null, role text not null)`);
  await db.query('insert into accounts values ($1, $2, null, $3, $4)', [
    process.env.ACCOUNT_ID,
    process.env.ACCOUNT_EMAIL,
    'DATA_CAPTURE',
    'Creator',
  ]);
  return async (id) => (await db.query<Row>(PROFILE_QUERY, [id])).rows[0];
}

const accountId = process.env.ACCOUNT_ID ?? '';
const read = await openReader();
const server = createServer((request, response) => {
  read(accountId).then(
    (row) => {
      const body = JSON.stringify(
        row
          ? {
              id: row.id,
              email: row.email,
              emailVerified: row.email_verified_at !== null,
              status: row.status,
              role: row.role,
            }
          : {},
      );
      response.writeHead(row ? 200 : 404, {
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
process.once('SIGTERM', () => server.close(() => process.exit(0)));
