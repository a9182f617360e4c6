// The traffic of `npm run bench:scale`: creators and reviewers as closed loops (each sends its next
// request when the last is answered) through nginx, over kept-alive connections of node:http, lighter on
// the shared cores than fetch. A creator reads the campaigns, the board campaign, its board, and every
// third time round enters a new post by link; a reviewer reads the review queue and approves what waits,
// each reviewer its own share of the entries.
import { Agent, request as httpRequest } from 'node:http';

export type Kind = 'campaigns' | 'campaign' | 'board' | 'submit' | 'queue' | 'approve';
export const KINDS: Kind[] = ['campaigns', 'campaign', 'board', 'submit', 'queue', 'approve'];

/** The campaign whose board is read, and the one new entries go to and are approved in. */
export type Campaigns = { board: string; entries: string };
export type Person = { token: string; address: string; handle?: string };
type Answer = { status: number; ms: number; body: string };

export type MixResult = {
  seconds: number;
  latencies: Map<Kind, number[]>;
  /** Answers that were not what the request should get (not 2xx), by kind and status. */
  unexpected: Map<string, number>;
  failed: number;
};

let postSequence = 0;
/** A post id of its own for every entry the bench makes: a post is entered once across campaigns. */
export const nextPostId = () =>
  String(7_400_000_000_000_000_000n + BigInt(Date.now()) * 1000n + BigInt(++postSequence));

export function send(
  agent: Agent,
  base: URL,
  person: Person,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          authorization: `Bearer ${person.token}`,
          'x-forwarded-for': person.address,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

type Recorder = (kind: Kind, answer: Answer | Error) => Answer | undefined;

function recorderFor(result: MixResult): Recorder {
  return (kind, answer) => {
    if (answer instanceof Error) {
      result.failed += 1;
      return undefined;
    }
    result.latencies.get(kind)?.push(answer.ms);
    if (answer.status < 200 || answer.status >= 300) {
      const key = `${kind} ${answer.status}`;
      result.unexpected.set(key, (result.unexpected.get(key) ?? 0) + 1);
    }
    return answer;
  };
}

async function creatorLoop(
  go: (kind: Kind, method: string, path: string, body?: unknown) => Promise<Answer | undefined>,
  person: Person,
  campaigns: Campaigns,
  until: number,
): Promise<void> {
  for (let round = 0; performance.now() < until; round += 1) {
    await go('campaigns', 'GET', '/server-api/campaigns');
    await go('campaign', 'GET', `/server-api/campaigns/${campaigns.board}`);
    await go('board', 'GET', `/server-api/campaigns/${campaigns.board}/leaderboard`);
    if (round % 3 === 2) {
      await go('submit', 'POST', '/server-api/campaigns/entry', {
        campaignId: campaigns.entries,
        platform: 'TikTok',
        postLink: `https://www.tiktok.com/@${person.handle}/video/${nextPostId()}`,
      });
    }
  }
}

async function reviewerLoop(
  go: (kind: Kind, method: string, path: string, body?: unknown) => Promise<Answer | undefined>,
  share: { index: number; of: number },
  campaignId: string,
  until: number,
): Promise<void> {
  const base = `/server-api/marketing/campaigns/${campaignId}/entries`;
  while (performance.now() < until) {
    const queue = await go('queue', 'GET', `${base}?status=SUBMITTED&pageSize=20`);
    const waiting =
      queue?.status === 200 ? (JSON.parse(queue.body) as { items: { id: string }[] }).items : [];
    const mine = waiting.filter((entry) => parseInt(entry.id.slice(0, 8), 16) % share.of === share.index);
    for (const entry of mine) {
      if (performance.now() >= until) break;
      await go('approve', 'POST', `${base}/${entry.id}/approve`);
    }
    if (mine.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs the mix through `baseUrl` for `seconds`, every person at once; answers what each kind of request took. */
export async function runMix(options: {
  baseUrl: string;
  seconds: number;
  campaigns: Campaigns;
  creators: Person[];
  reviewers: Person[];
}): Promise<MixResult> {
  const base = new URL(options.baseUrl);
  const agent = new Agent({
    keepAlive: true,
    maxSockets: options.creators.length + options.reviewers.length,
  });
  const result: MixResult = {
    seconds: options.seconds,
    latencies: new Map(KINDS.map((kind) => [kind, []])),
    unexpected: new Map(),
    failed: 0,
  };
  const record = recorderFor(result);
  const goAs = (person: Person) => (kind: Kind, method: string, path: string, body?: unknown) =>
    send(agent, base, person, method, path, body).then(
      (answer) => record(kind, answer),
      (error: unknown) => record(kind, error instanceof Error ? error : new Error(String(error))),
    );
  const started = performance.now();
  const until = started + options.seconds * 1000;
  await Promise.all([
    ...options.creators.map((person) => creatorLoop(goAs(person), person, options.campaigns, until)),
    ...options.reviewers.map((person, index) =>
      reviewerLoop(goAs(person), { index, of: options.reviewers.length }, options.campaigns.entries, until),
    ),
  ]);
  // The last answers arrive after the deadline: requests per second are of the time really taken.
  result.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return result;
}

export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}
