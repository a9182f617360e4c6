// What must hold across the API processes of `npm run bench:scale`, each asked of particular processes
// directly (they trust the proxy's X-Forwarded-For, as behind nginx), so the bench knows which process
// answered: a session is valid on every process and its sign-out on one holds on all; a rate limit hit
// through one process holds on another; approvals raced through different processes award no more
// first-come slots than the campaign has; a reading recorded through one process is on another's board
// on its very next request.
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { ApiProcess } from './scale-processes';
import { addressOf, call, PASSWORD, signIn, type World } from './scale-world';

export type Check = { name: string; held: boolean; detail: string };
type Creator = World['creators'][number];
type SignedIn = { token: string; address: string };

const statusesOf = async (requests: Promise<Response>[]) =>
  (await Promise.all(requests)).map((response) => response.status);

export async function sessionsEverywhere(apis: ApiProcess[], creator: Creator, from: string): Promise<Check> {
  const [first, second] = apis;
  if (!first || !second) throw new Error('the session check needs two API processes');
  const token = await signIn(first.url, creator.email, from);
  const read = () =>
    statusesOf(apis.map((api) => call(`${api.url}/server-api/creator/profile`, { token, from })));
  const valid = await read();
  const signedOut = await call(`${second.url}/api/auth/sign-out`, { token, form: {}, from });
  const refused = await read();
  return {
    name: 'sessions valid on every process',
    held:
      valid.every((status) => status === 200) && signedOut.status === 204 && refused.every((s) => s === 401),
    detail:
      `signed in on ${first.name}: ${apis.map((api, i) => `${api.name} ${valid[i]}`).join(', ')}; ` +
      `signed out on ${second.name} (${signedOut.status}): ${apis.map((api, i) => `${api.name} ${refused[i]}`).join(', ')}`,
  };
}

/**
 * Sign-in attempts count per account through Redis: ten wrong passwords through the first process, each
 * from another address so only the account's limit is reached, then the right one through every other
 * process is refused. The flood limit's count for one address is read from Redis after requests through
 * every process.
 */
export async function rateLimitsShared(apis: ApiProcess[], creator: Creator, redis: Redis): Promise<Check> {
  const [first, ...others] = apis;
  if (!first) throw new Error('no API process');
  const wrong: number[] = [];
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const answer = await call(`${first.url}/api/auth/sign-in`, {
      form: { username: creator.email, password: `Wrong-${attempt}-Password!` },
      from: addressOf(60_000 + attempt),
    });
    wrong.push(answer.status);
  }
  const right = await statusesOf(
    others.map((api, index) =>
      call(`${api.url}/api/auth/sign-in`, {
        form: { username: creator.email, password: PASSWORD },
        from: addressOf(61_000 + index),
      }),
    ),
  );
  const flooder = addressOf(62_000);
  const perProcess = 3;
  for (const api of apis) {
    for (let index = 0; index < perProcess; index += 1) {
      await (await call(`${api.url}/api/setup/status`, { from: flooder })).arrayBuffer();
    }
  }
  const keys = await redis.keys(`rate-limit:flood:*${flooder}*`);
  const counted = keys.length === 1 && keys[0] ? Number(await redis.get(keys[0])) : NaN;
  return {
    name: 'rate limits shared',
    held:
      wrong.every((status) => status === 401) &&
      right.every((status) => status === 429) &&
      counted === perProcess * apis.length,
    detail:
      `10 wrong passwords on ${first.name} (${[...new Set(wrong)].join('/')}), then the right one on ` +
      `${others.map((api, i) => `${api.name} ${right[i]}`).join(', ')}; flood count of one address after ` +
      `${perProcess} requests through each of ${apis.length} processes: ${counted}`,
  };
}

async function slotRewards(databaseUrl: string, campaignId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ rewards: string; entries: string }>(
      `select (select count(*) from rewards where campaign_id = $1 and rule = 'SLOT' and status = 'ACTIVE') as rewards,
              (select count(distinct entry_id) from rewards where campaign_id = $1 and rule = 'SLOT') as entries`,
      [campaignId],
    );
    return { rewards: Number(rows[0]?.rewards), entries: Number(rows[0]?.entries) };
  } finally {
    await client.end();
  }
}

/**
 * Creators enter the slot campaign, then every entry's approval is sent at once, spread over the
 * processes and the reviewers: the campaign must award exactly its slots, one per entry.
 */
export async function slotsNotOverAwarded(options: {
  apis: ApiProcess[];
  gateway: string;
  world: World;
  racers: (Creator & SignedIn)[];
  reviewers: SignedIn[];
  databaseUrl: string;
}): Promise<Check> {
  const { apis, world, racers, reviewers } = options;
  const entryIds = await Promise.all(
    racers.map(async ({ handle, token, address }, index) => {
      const entered = await call(`${options.gateway}/server-api/campaigns/entry`, {
        token,
        from: address,
        body: {
          campaignId: world.slotCampaignId,
          platform: 'TikTok',
          postLink: `https://www.tiktok.com/@${handle}/video/${7_500_000_000_000_000_000n + BigInt(index)}`,
        },
      });
      if (entered.status !== 201) throw new Error(`entering the slot campaign answered ${entered.status}`);
      return ((await entered.json()) as { id: string }).id;
    }),
  );
  const approvals = await statusesOf(
    entryIds.map((entryId, index) => {
      const api = apis[index % apis.length];
      const reviewer = reviewers[index % reviewers.length];
      if (!api || !reviewer) throw new Error('no API process or reviewer');
      return call(
        `${api.url}/server-api/marketing/campaigns/${world.slotCampaignId}/entries/${entryId}/approve`,
        { token: reviewer.token, from: reviewer.address, method: 'POST' },
      );
    }),
  );
  const awarded = await slotRewards(options.databaseUrl, world.slotCampaignId);
  const approved = approvals.filter((status) => status === 200).length;
  return {
    name: 'no first-come slot over-awarded',
    held: approved === entryIds.length && awarded.rewards === world.slots && awarded.entries === world.slots,
    detail:
      `${entryIds.length} approvals sent at once through ${apis.length} processes: ${approved} approved, ` +
      `${awarded.rewards} slots awarded (to ${awarded.entries} entries) of ${world.slots}`,
  };
}

type Board = { mine: { entryId: string; rank: number | null; views: number | null }[] };

/**
 * A reviewer corrects an entry's views through one process; its creator reads the board through the
 * others at once, and must see the new figure at rank 1.
 */
export async function readingVisibleAtOnce(options: {
  apis: ApiProcess[];
  world: World;
  creator: Creator & SignedIn;
  reviewer: SignedIn;
}): Promise<Check> {
  const { apis, world, creator, reviewer } = options;
  const seen: string[] = [];
  let held = true;
  for (const [round, writer] of apis.entries()) {
    const views = 50_000_000 + round;
    const corrected = await call(
      `${writer.url}/server-api/marketing/campaigns/${world.boardCampaignId}/entries/${creator.entryId}/metrics`,
      { token: reviewer.token, from: reviewer.address, body: { views, note: 'Scale bench correction' } },
    );
    if (corrected.status !== 201) throw new Error(`correcting figures answered ${corrected.status}`);
    const recordedAt = performance.now();
    for (const reader of apis.filter((api) => api !== writer)) {
      const answer = await call(`${reader.url}/server-api/campaigns/${world.boardCampaignId}/leaderboard`, {
        token: creator.token,
        from: creator.address,
      });
      const place = ((await answer.json()) as Board).mine.find((entry) => entry.entryId === creator.entryId);
      const fresh = place?.views === views && place.rank === 1;
      held &&= fresh;
      seen.push(
        `${writer.name}→${reader.name} ${fresh ? 'rank 1 with the new views' : `rank ${place?.rank}, ${place?.views} views`} ` +
          `${(performance.now() - recordedAt).toFixed(0)} ms after`,
      );
    }
  }
  return { name: 'a reading visible on every board at once', held, detail: seen.join('; ') };
}
