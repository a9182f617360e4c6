import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type CreatorInfo, type OnboardingStatus } from '@platform/shared';
import { actingAs, signIn } from '../test/factories';
import {
  createCountingHasher,
  createTestApp,
  openTestDatabase,
  SHIPPED_TERMS_ID,
  STRONG_PASSWORD,
  type TestApp,
} from '../test/harness';
import type { DatabaseHandle } from './client';

// An install that last started before migration 0004 kept a creator's onboarding status in
// accounts.status, with the terms version and the device token beside it. This builds such an install
// with the migrator of that time (the journal ending at 0003), fills it as that code did, then starts the
// way the server does (every pending migration) and checks that nothing a creator had was lost.

const LAST_MIGRATION_BEFORE_CREATORS = 3;
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

type OldAccount = {
  id: string;
  email: string;
  role: string;
  status: string;
  acceptedTermsVersion: string | null;
  deviceToken: string | null;
  createdAt: Date;
};

type Rows<Row> = { rows: Row[] };

let database: DatabaseHandle;
let upgradedFolder: string;
let app: TestApp | undefined;

/** The migrations folder as the code that stopped at `lastIndex` shipped it. */
async function migrationsUpTo(lastIndex: number): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'platform-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIndex);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

async function migrateWith(folder: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    await migratePostgres(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  }
}

async function rows<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await database.db.execute(statement);
  return (result as Rows<Row>).rows;
}

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9, 0, 0));

function oldCreator(status: OnboardingStatus, extra: Partial<OldAccount> = {}): OldAccount {
  const id = randomUUID();
  return {
    id,
    email: `legacy-${id.slice(0, 8)}@example.com`,
    role: 'Creator',
    status,
    acceptedTermsVersion: '2026-11-01',
    deviceToken: `device-${id.slice(0, 8)}`,
    createdAt: day(2),
    ...extra,
  };
}

const sharedDevice = `shared-device-${randomUUID().slice(0, 8)}`;
const legacy = {
  newcomer: oldCreator('DATA_CAPTURE'),
  midway: oldCreator('AGENCY_CAPTURE', { deviceToken: null }),
  active: oldCreator('ACTIVE', { deviceToken: '' }),
  deactivated: oldCreator('INACTIVE'),
  noTermsRecorded: oldCreator('DATA_CAPTURE', { acceptedTermsVersion: null }),
  deviceFirstOwner: oldCreator('ACTIVE', { deviceToken: sharedDevice, createdAt: day(3) }),
  deviceLatestOwner: oldCreator('DATA_CAPTURE', { deviceToken: sharedDevice, createdAt: day(5) }),
  admin: { ...oldCreator('ACTIVE'), role: 'Admin', acceptedTermsVersion: null, deviceToken: null },
  disabledStaff: { ...oldCreator('INACTIVE'), role: 'CampaignManager', acceptedTermsVersion: null },
} satisfies Record<string, OldAccount>;
const legacyCreators = Object.values(legacy).filter((account) => account.role === 'Creator');

beforeAll(async () => {
  database = await openTestDatabase({ empty: true });
  upgradedFolder = await migrationsUpTo(LAST_MIGRATION_BEFORE_CREATORS);
  await migrateWith(upgradedFolder);
  // The real hasher, so that these accounts sign in after the upgrade as they did before it.
  const passwordHash = await createCountingHasher().hash(STRONG_PASSWORD);
  for (const account of Object.values(legacy)) {
    await database.db.execute(sql`
      insert into accounts (id, email, role, status, password_hash, password_changed_at, email_verified_at,
        accepted_terms_version, device_token, created_at)
      values (${account.id}, ${account.email}, ${account.role}, ${account.status}, ${passwordHash},
        ${account.createdAt.toISOString()}, ${account.createdAt.toISOString()}, ${account.acceptedTermsVersion},
        ${account.deviceToken}, ${account.createdAt.toISOString()})`);
  }
  await database.migrate();
});
afterAll(async () => {
  if (app) await app.close();
  else await database?.close();
  if (upgradedFolder) await rm(upgradedFolder, { recursive: true, force: true });
});

describe('migration 0004 on an install with accounts', () => {
  it('gives every creator a creator record at the onboarding status they had, and staff none', async () => {
    const found = await rows<{ account_id: string; onboarding_status: string }>(
      sql`select account_id, onboarding_status from creators`,
    );
    expect(new Map(found.map((row) => [row.account_id, row.onboarding_status]))).toEqual(
      new Map(legacyCreators.map((account) => [account.id, account.status])),
    );
  });

  it('leaves accounts saying only whether they may sign in, and no creator state', async () => {
    const found = await rows<{ id: string; status: string }>(sql`select id, status from accounts`);
    const expected = Object.values(legacy).map((account) => [
      account.id,
      account.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
    ]);
    expect(new Map(found.map((row) => [row.id, row.status]))).toEqual(
      new Map(expected as [string, string][]),
    );
    const columns = await rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = 'accounts'`,
    );
    expect(columns.map((column) => column.column_name)).not.toEqual(
      expect.arrayContaining(['accepted_terms_version']),
    );
    expect(columns.map((column) => column.column_name)).not.toEqual(expect.arrayContaining(['device_token']));
  });

  it('records each creator’s acceptance of the shipped terms, when they signed up', async () => {
    const found = await rows<{ creator_id: string; document_id: string; accepted_at: Date | string }>(
      sql`select creator_id, document_id, accepted_at from creator_terms_acceptances`,
    );
    const accepted = legacyCreators.filter((account) => account.acceptedTermsVersion !== null);
    expect(
      found
        .map((row) => ({
          creatorId: row.creator_id,
          documentId: row.document_id,
          acceptedAt: new Date(row.accepted_at).toISOString(),
        }))
        .sort((first, second) => first.creatorId.localeCompare(second.creatorId)),
    ).toEqual(
      accepted
        .map((account) => ({
          creatorId: account.id,
          documentId: SHIPPED_TERMS_ID,
          acceptedAt: account.createdAt.toISOString(),
        }))
        .sort((first, second) => first.creatorId.localeCompare(second.creatorId)),
    );
  });

  it('keeps each device with its creator: a shared one with the later, none with a deactivated one', async () => {
    const found = await rows<{ creator_id: string; device_token: string; provider: string }>(
      sql`select creator_id, device_token, provider from creator_devices`,
    );
    const withDevice = legacyCreators.filter(
      (account) =>
        account.deviceToken && account !== legacy.deviceFirstOwner && account !== legacy.deactivated,
    );
    expect(new Map(found.map((row) => [row.device_token, row.creator_id]))).toEqual(
      new Map(withDevice.map((account) => [account.deviceToken, account.id])),
    );
    expect(new Set(found.map((row) => row.provider))).toEqual(new Set(['none']));
  });

  it('lets a creator from before sign in and carry on where they were; a deactivated one stays out', async () => {
    app = await createTestApp({ database });
    const token = await signIn(app, { email: legacy.midway.email, password: STRONG_PASSWORD });
    const info = await actingAs(app, token).get('/server-api/creator/get-info');
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json<CreatorInfo>()).toMatchObject({
      status: 'AGENCY_CAPTURE',
      terms: { acceptedId: SHIPPED_TERMS_ID, updateToAccept: false },
    });

    const refused = await app.form('/api/auth/sign-in', {
      username: legacy.deactivated.email,
      password: STRONG_PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe(ERROR_CODES.accountDeactivated);
  });
});
