// Lighthouse's mobile preset (a mid-range phone on a slow 4G connection, simulated) against the built app
// served by `npm start`, in Debian's Chromium: the sign-in and sign-up pages, and an ACTIVE creator's
// home, campaigns, a campaign's leaderboard and payments, each with content (seeded through the API as
// the end-to-end journeys seed it). Each page is measured LIGHTHOUSE_RUNS times (3 by default) and the
// median run is reported, as Lighthouse advises, since one run varies with the machine's load. Prints each
// page's performance score with LCP, TBT and CLS, and what it transferred; the median reports go to
// bench/results/. Fails when a page scores under LIGHTHOUSE_MIN_SCORE (90 by default).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { METRICS_SIGNATURE_HEADER, TOKEN_REFRESH_INTERVAL_MS } from '@platform/shared';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { signMetricsWebhook } from '../apps/server/src/adapters/metrics/metrics-webhook-signature';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/browser';
import { freePort, type RunningServer } from '../e2e/support/server';
import { createWorldClient, type World } from '../e2e/support/world';

const MIN_SCORE = Number(process.env.LIGHTHOUSE_MIN_SCORE ?? 90);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = join(root, 'bench/results');
const WEBHOOK_SECRET = 'whsec_lighthouse_0123456789abcdef0123';

/** `npm start` itself (it builds what is stale, then serves the production build) on a fresh data dir. */
async function startPlatform(environment: Record<string, string>): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'platform-lighthouse-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The first Admin's setup link is in the server's output.
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited before the server was ready:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop,
    cleanup: async () => {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const PASSWORD = 'Quartz#Lantern-519';
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const MARKETER = { email: 'mia.marketer@example.com', password: PASSWORD };
const MANAGER = { email: 'max.manager@example.com', password: PASSWORD };
const SUPPORT = { email: 'sam.support@example.com', password: PASSWORD };
const CREATORS = [
  {
    email: 'casey.morgan@example.com',
    password: 'Harbour-Lights-73!',
    firstName: 'Casey',
    lastName: 'Morgan',
  },
  { email: 'drew.patel@example.com', password: 'Copper-Meadow-41!', firstName: 'Drew', lastName: 'Patel' },
];

type Seeded = { token: string; leaderboardCampaignId: string };

async function waitUntilLive(world: World, token: string, campaignId: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  const statusOf = async () =>
    (await world.api<{ status: string }>(token, 'GET', `/server-api/campaigns/${campaignId}`)).status;
  while ((await statusOf()) !== 'LIVE') {
    if (Date.now() > deadline) throw new Error(`campaign ${campaignId} did not go live at its start`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Figures for the posts as a partner sends them: signed with the shared secret over the time and body. */
async function sendFigures(url: string, readings: { postLink: string; views: number }[]): Promise<void> {
  const body = JSON.stringify({
    readings: readings.map((reading) => ({
      ...reading,
      likes: Math.round(reading.views / 20),
      comments: 3,
      shares: 1,
      readAt: new Date(Date.now() - 1_000).toISOString(),
    })),
  });
  const response = await fetch(`${url}/server-api/metrics/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [METRICS_SIGNATURE_HEADER]: signMetricsWebhook(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000)),
    },
    body,
  });
  if (!response.ok) throw new Error(`the figures were refused: ${response.status} ${await response.text()}`);
}

/**
 * What a signed-in creator's pages show, made through the API as the journeys make it: two ACTIVE
 * creators in two live campaigns, a top-prizes one whose board ranks their approved posts by the figures
 * sent for them, and a first-come one whose approved entry is a payment waiting for approval.
 */
async function seed(server: RunningServer, world: World): Promise<Seeded> {
  const admin = await world.setUpAdmin(ADMIN);
  const team = await world.createTeam(admin, 'Launch team');
  const territory = await world.createTerritory(admin, { name: 'Britain', countries: ['GB'] });
  const teamIds = [team.id];
  await world.addStaff(admin, {
    ...MARKETER,
    displayName: 'Mia Marketer',
    role: 'CampaignMarketer',
    teamIds,
  });
  await world.addStaff(admin, { ...MANAGER, displayName: 'Max Manager', role: 'CampaignManager', teamIds });
  await world.addStaff(admin, { ...SUPPORT, displayName: 'Sam Support', role: 'Support' });
  const support = await world.tokenOf(SUPPORT);
  const creators = [];
  for (const person of CREATORS) creators.push(await world.activeCreator(admin, support, person));

  const marketer = await world.tokenOf(MARKETER);
  const manager = await world.tokenOf(MANAGER);
  const startsAt = new Date(Date.now() + 10_000);
  const common = { type: 'CHALLENGE' as const, teamId: team.id, territoryIds: [territory.id], startsAt };
  const board = await world.publishedCampaign(marketer, manager, { ...common, name: 'Midnight Run Top Ten' });
  const firstCome = await world.publishedCampaign(marketer, manager, {
    ...common,
    name: 'Midnight Run First Fifty',
    reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 7500, slots: 10 },
  });
  const readings = [];
  for (const [index, creator] of creators.entries()) {
    const handle = `${CREATORS[index]?.firstName}_${CREATORS[index]?.lastName}`.toLowerCase();
    for (const campaign of [board, firstCome]) {
      await world.api(creator.token, 'POST', '/server-api/campaigns/rsvp', {
        campaignId: campaign.id,
        creatorId: creator.id,
      });
      await waitUntilLive(world, creator.token, campaign.id);
      const postLink = `https://www.tiktok.com/@${handle}/video/74${String(Date.now()).slice(-12)}${index}0000`;
      const entry = await world.api<{ id: string }>(creator.token, 'POST', '/server-api/campaigns/entry', {
        campaignId: campaign.id,
        postLink,
        platform: 'TikTok',
      });
      await world.api(
        manager,
        'POST',
        `/server-api/marketing/campaigns/${campaign.id}/entries/${entry.id}/approve`,
      );
      if (campaign === board) readings.push({ postLink, views: 1_200 + 4_200 * index });
    }
  }
  await sendFigures(server.url, readings);
  const [casey] = creators;
  if (!casey) throw new Error('no creator was made');
  return { token: casey.token, leaderboardCampaignId: board.id };
}

type Scored = {
  page: string;
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  kilobytes: number;
};

type Page = { page: string; path: string; signedIn: boolean };

/** What the error boundary shows (RouteErrorBoundary): a page showing it was not measured. */
const ERROR_PANEL = 'Something went wrong';
/** Lighthouse asks to run again when it could not record a page load (NO_NAVSTART, say, under load). */
const ATTEMPTS = 3;

/** One Lighthouse run of a page in a fresh tab, run again when Lighthouse could not record it. */
async function measureOnce(browser: Browser, url: string, token: string, target: Page): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const tab = await browser.newPage();
    if (target.signedIn) {
      // The app keeps its token in the tab's session storage, with when it is due for a refresh, as
      // signing in leaves them (lib/session.ts); Lighthouse's reset of the origin's storage and cache
      // before it measures leaves session storage in place.
      await tab.goto(`${url}/not-a-page`);
      await tab.evaluate(
        (idToken, refreshDueAt) => {
          sessionStorage.setItem('id_token', idToken);
          sessionStorage.setItem('id_token_refresh_due_at', String(refreshDueAt));
        },
        token,
        Date.now() + TOKEN_REFRESH_INTERVAL_MS,
      );
    }
    const result = await lighthouse(
      `${url}${target.path}`,
      { logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
      tab,
    );
    const shown = await tab.evaluate(() => document.body.innerText);
    await tab.close();
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.page}`);
    if (shown.includes(ERROR_PANEL)) throw new Error(`${target.page} showed the error panel:\n${shown}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    if (attempt === ATTEMPTS)
      throw new Error(`Lighthouse could not measure ${target.page}: ${runtimeError.message}`);
  }
}

/** The median of RUNS Lighthouse runs of each page, each in a fresh tab; the reports go to bench/results. */
async function measure(url: string, token: string, pages: Page[]): Promise<Scored[]> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  const results: Scored[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (const target of pages) {
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measureOnce(browser, url, token, target));
      const { page } = target;
      // Lighthouse declares this helper against its own global types; its results are `Result`s.
      const lhr = (computeMedianRun as (results: Result[]) => Result)(runs);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        page,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        fcp: metric('first-contentful-paint'),
        kilobytes: metric('total-byte-weight') / 1024,
      });
      const fileName = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      await writeFile(join(resultsDir, `lighthouse-${fileName}.json`), JSON.stringify(lhr, null, 2));
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
  }
  return results;
}

await mkdir(resultsDir, { recursive: true });
const smtp = await startSmtpSink();
const platform = await startPlatform({ SMTP_URL: smtp.url, METRICS_WEBHOOK_SECRET: WEBHOOK_SECRET });
let results: Scored[];
try {
  const { token, leaderboardCampaignId } = await seed(platform, createWorldClient(platform, smtp));
  results = await measure(platform.url, token, [
    { page: '/sign-in', path: '/sign-in', signedIn: false },
    { page: '/sign-up', path: '/sign-up', signedIn: false },
    { page: '/ (creator home)', path: '/', signedIn: true },
    { page: '/campaigns', path: '/campaigns', signedIn: true },
    {
      page: '/campaigns/:id/leaderboard',
      path: `/campaigns/${leaderboardCampaignId}/leaderboard`,
      signedIn: true,
    },
    { page: '/payments', path: '/payments', signedIn: true },
  ]);
} finally {
  await platform.cleanup();
  await smtp.close();
}

// Lighthouse's simulation multiplies the main thread's observed work: a busy machine inflates TBT.
const load = loadavg()
  .map((value) => value.toFixed(1))
  .join(', ');
console.log(
  `\n== Lighthouse, mobile preset, against npm start (median of ${RUNS} runs; load average ${load})`,
);
for (const { page, score, lcp, tbt, cls, fcp, kilobytes } of results) {
  console.log(
    `  ${score >= MIN_SCORE ? '✓' : '✗'} ${page.padEnd(27)} score ${String(score).padStart(3)}  ` +
      `LCP ${(lcp / 1000).toFixed(1)} s  TBT ${tbt.toFixed(0)} ms  CLS ${cls.toFixed(3)}  ` +
      `FCP ${(fcp / 1000).toFixed(1)} s  transferred ${kilobytes.toFixed(0)} KB`,
  );
}
const failing = results.filter(({ score }) => score < MIN_SCORE);
if (failing.length > 0) {
  console.error(`\nUnder ${MIN_SCORE}: ${failing.map(({ page }) => page).join(', ')}`);
  process.exit(1);
}
