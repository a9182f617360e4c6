// The world `npm run bench:scale` drives. What a person does once through the console goes through the
// API of the first process (the first Admin from the setup link, a team, a territory); what would take
// thousands of calls (staff, creators, their entries and readings, live funded campaigns) is written in
// bulk into the same tables the server writes, as bench/leaderboard.ts does. Every account gets the
// Admin's password hash, so all of them sign in through the API like anyone else and hold real sessions.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { currentTermsId } from './current-terms';

export const PASSWORD = 'Bench-Harbour-73!';
const ADMIN_EMAIL = 'scale.admin@example.com';
const DAY_MS = 24 * 3600 * 1000;

export type World = {
  teamId: string;
  boardCampaignId: string;
  /** Where the load's new entries go, so the board read stays the same size from round to round. */
  entriesCampaignId: string;
  slotCampaignId: string;
  slots: number;
  slotAmount: number;
  creators: { id: string; email: string; handle: string; entryId: string }[];
  staff: { id: string; email: string }[];
};

/** An address of its own for each simulated person, as nginx then passes it on (see nginxConfig). */
export const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

export async function call(
  url: string,
  init: { method?: string; token?: string; body?: unknown; form?: Record<string, string>; from?: string },
): Promise<Response> {
  return fetch(url, {
    method: init.method ?? (init.body || init.form ? 'POST' : 'GET'),
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.from ? { 'x-forwarded-for': init.from } : {}),
    },
    body: init.form ? new URLSearchParams(init.form) : init.body ? JSON.stringify(init.body) : undefined,
  });
}

async function expectJson<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs `email` in through `baseUrl`, from its own address; answers the bearer token. */
export async function signIn(baseUrl: string, email: string, from: string): Promise<string> {
  const response = await call(`${baseUrl}/api/auth/sign-in`, {
    form: { username: email, password: PASSWORD },
    from,
  });
  return (await expectJson<{ id_token: string }>(response, `signing ${email} in`)).id_token;
}

/** The first Admin, through the one-time link the first process logged, and their team and territory. */
async function setUpThroughApi(apiUrl: string, apiLog: string) {
  const link = /"link":"([^"]*\/setup\?token=[^"]+)"/.exec(readFileSync(apiLog, 'utf8'))?.[1];
  if (!link) throw new Error('the first API process logged no setup link');
  const created = await call(`${apiUrl}/api/setup/admin`, {
    form: { token: new URL(link).searchParams.get('token') ?? '', email: ADMIN_EMAIL, password: PASSWORD },
  });
  if (created.status !== 201) throw new Error(`setting up the Admin answered ${created.status}`);
  const admin = await signIn(apiUrl, ADMIN_EMAIL, addressOf(1));
  const team = await expectJson<{ id: string }>(
    await call(`${apiUrl}/server-api/marketing/teams`, { token: admin, body: { name: 'Scale team' } }),
    'creating the team',
  );
  const territory = await expectJson<{ id: string }>(
    await call(`${apiUrl}/server-api/marketing/territories`, {
      token: admin,
      body: { name: 'Scale territory', countries: ['GB'] },
    }),
    'creating the territory',
  );
  return { teamId: team.id, territoryId: territory.id, termsId: await currentTermsId(apiUrl) };
}

/**
 * A row id derived from `text` in SQL, so that the bench can name the same rows: an md5 with the version
 * and variant digits of a random UUID, which the API's UUID checks require.
 */
const uuidOf = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

type CampaignRow = { id: string; name: string; reward: unknown; budget: number };

function campaignSql(row: CampaignRow, ids: { teamId: string; territoryId: string }): string {
  const startsAt = new Date(Date.now() - 2 * DAY_MS).toISOString();
  const endsAt = new Date(Date.now() + 26 * DAY_MS).toISOString();
  return `
    insert into campaigns (id, team_id, name, brand_or_artist, brief, platform, type, status, currency,
        budget, starts_at, ends_at, reward, requirements, created_at, updated_at)
      values ('${row.id}', '${ids.teamId}', '${row.name}', 'Nova Lights', 'Show us your lights.', 'TikTok',
        'CHALLENGE', 'LIVE', 'GBP', ${row.budget}, '${startsAt}', '${endsAt}', '${JSON.stringify(row.reward)}',
        '{"hashtags":["#ScaleLights"],"mentions":[],"minimumLengthSeconds":15}', now(), now());
    insert into campaign_territories (campaign_id, territory_id) values ('${row.id}', '${ids.territoryId}');
    insert into campaign_status_history (id, campaign_id, from_status, to_status, at)
      values ('${randomUUID()}', '${row.id}', null, 'LIVE', now());
    insert into campaign_fundings (id, campaign_id, amount_minor, currency, method, status, reference,
        recorded_at, settled_at)
      values ('${randomUUID()}', '${row.id}', ${row.budget}, 'GBP', 'TRANSFER', 'SUCCEEDED',
        'SCALE-${row.id.slice(0, 8)}', now(), now());`;
}

/**
 * `creators` active creators of the United Kingdom with a TikTok handle, who accepted the current terms
 * proved their handle (as Support does from evidence) and joined the board, entries and slot campaigns; each has an approved entry on the board with a reading (read
 * a few minutes ago, next due in an hour, so the worker's refresh finds nothing due while it is measured).
 */
function peopleSql(world: World, termsId: string, creatorCount: number, staffCount: number): string {
  const creator = uuidOf(`'scale-creator-' || n`);
  const entry = uuidOf(`'scale-entry-' || n`);
  // In milliseconds, as the server records times: a correction made at this reading's time must not sort
  // before it by the microseconds of now().
  const readAt = `date_trunc('milliseconds', now() - interval '5 minutes')`;
  const series = `generate_series(1, ${creatorCount}) as n`;
  const hash = `(select password_hash from accounts where email = '${ADMIN_EMAIL}')`;
  return `
    insert into accounts (id, email, display_name, role, status, password_hash, password_changed_at,
        email_verified_at, created_at)
      select ${uuidOf(`'scale-staff-' || n`)}, 'scale-reviewer-' || n || '@example.com', 'Reviewer ' || n,
        'CampaignManager', 'ACTIVE', ${hash}, now(), now(), now()
      from generate_series(1, ${staffCount}) as n;
    insert into team_members (team_id, account_id, added_at)
      select '${world.teamId}', ${uuidOf(`'scale-staff-' || n`)}, now() from generate_series(1, ${staffCount}) as n;
    insert into accounts (id, email, role, status, password_hash, password_changed_at, email_verified_at,
        created_at)
      select ${creator}, 'scale-creator-' || n || '@example.com', 'Creator', 'ACTIVE', ${hash}, now(), now(), now()
      from ${series};
    insert into creators (account_id, onboarding_status, first_name, last_name, country, agency_decided_at,
        created_at, updated_at)
      select ${creator}, 'ACTIVE', 'Rival', 'Number ' || n, 'GB', now(), now(), now() from ${series};
    insert into creator_terms_acceptances (creator_id, document_id, accepted_at)
      select ${creator}, '${termsId}', now() from ${series};
    insert into creator_handles (creator_id, platform, handle, handle_key, created_at)
      select ${creator}, 'TikTok', 'rival_' || n, 'rival_' || n, now() from ${series};
    insert into handle_verification_attempts (id, creator_id, platform, handle, method, status, decided_at,
        created_at)
      select ${uuidOf(`'scale-proof-' || n`)}, ${creator}, 'TikTok', 'rival_' || n, 'EVIDENCE', 'VERIFIED', now(),
        now()
      from ${series};
    insert into verified_handles (creator_id, platform, handle_key, method, attempt_id, verified_at)
      select ${creator}, 'TikTok', 'rival_' || n, 'EVIDENCE', ${uuidOf(`'scale-proof-' || n`)}, now()
      from ${series};
    insert into campaign_rsvps (id, campaign_id, creator_id, status, created_at, updated_at)
      select ${uuidOf(`'scale-rsvp-' || c.id || n`)}, c.id::uuid, ${creator}, 'ACCEPT', now(), now()
      from ${series},
        (values ('${world.boardCampaignId}'), ('${world.entriesCampaignId}'), ('${world.slotCampaignId}')) as c(id);
    insert into campaign_entries (id, campaign_id, creator_id, platform, kind, post_link, post_identity,
        status, submitted_at, reviewed_at, updated_at)
      select ${entry}, '${world.boardCampaignId}', ${creator}, 'TikTok', 'POST',
        'https://www.tiktok.com/@rival_' || n || '/video/' || (7300000000000000000 + n),
        'TikTok:' || (7300000000000000000 + n), 'APPROVED',
        now() - interval '1 day' - n * interval '1 second', now(), now()
      from ${series};
    insert into entry_metric_readings (id, entry_id, views, likes, comments, shares, source, read_at,
        recorded_at)
      select ${uuidOf(`'scale-reading-' || n`)}, ${entry}, floor(random() * 10000000),
        floor(random() * 100000), floor(random() * 1000), floor(random() * 1000), 'tiktok-business',
        ${readAt}, ${readAt}
      from ${series};
    insert into entry_metric_schedule (entry_id, next_attempt_at, attempts, last_outcome, updated_at)
      select ${entry}, now() + interval '1 hour', 0, 'metrics', now() from ${series};`;
}

async function runSql(databaseUrl: string, script: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(script);
  } finally {
    await client.end();
  }
}

/** The ids the seeding derived in SQL from a name and a number, so the bench names the same rows. */
async function idsOf(databaseUrl: string, prefix: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `select ${uuidOf(`'${prefix}' || n`)}::text as id from generate_series(1, $1::int) as n order by n`,
      [count],
    );
    return rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

export async function seedWorld(options: {
  apiUrl: string;
  apiLog: string;
  databaseUrl: string;
  creatorCount: number;
  staffCount: number;
  otherCampaigns: number;
  slots: number;
}): Promise<{ world: World; seconds: number }> {
  const started = performance.now();
  const ids = await setUpThroughApi(options.apiUrl, options.apiLog);
  const slotAmount = 5_000;
  const [creatorIds, entryIds, staffIds] = await Promise.all([
    idsOf(options.databaseUrl, 'scale-creator-', options.creatorCount),
    idsOf(options.databaseUrl, 'scale-entry-', options.creatorCount),
    idsOf(options.databaseUrl, 'scale-staff-', options.staffCount),
  ]);
  const world: World = {
    teamId: ids.teamId,
    boardCampaignId: randomUUID(),
    entriesCampaignId: randomUUID(),
    slotCampaignId: randomUUID(),
    slots: options.slots,
    slotAmount,
    creators: creatorIds.map((id, index) => ({
      id,
      email: `scale-creator-${index + 1}@example.com`,
      handle: `rival_${index + 1}`,
      entryId: entryIds[index] ?? '',
    })),
    staff: staffIds.map((id, index) => ({ id, email: `scale-reviewer-${index + 1}@example.com` })),
  };
  const campaigns: CampaignRow[] = [
    {
      id: world.boardCampaignId,
      name: 'Scale Board',
      reward: { type: 'TOP_PRIZES', prizes: [100000, 50000, 25000] },
      budget: 175_000,
    },
    {
      id: world.entriesCampaignId,
      name: 'Scale Entries',
      reward: { type: 'TOP_PRIZES', prizes: [100000] },
      budget: 100_000,
    },
    {
      id: world.slotCampaignId,
      name: 'Scale Slots',
      reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: slotAmount, slots: options.slots },
      budget: slotAmount * options.slots,
    },
    ...Array.from({ length: options.otherCampaigns }, (_, index) => ({
      id: randomUUID(),
      name: `Scale Extra ${index + 1}`,
      reward: { type: 'TOP_PRIZES', prizes: [10000] },
      budget: 10_000,
    })),
  ];
  await runSql(
    options.databaseUrl,
    `begin;
    ${campaigns.map((campaign) => campaignSql(campaign, ids)).join('\n')}
    ${peopleSql(world, ids.termsId, options.creatorCount, options.staffCount)}
    commit;
    analyze;`,
  );
  return { world, seconds: (performance.now() - started) / 1000 };
}
