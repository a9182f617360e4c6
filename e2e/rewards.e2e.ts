import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { METRICS_SIGNATURE_HEADER, type Payment } from '@platform/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMetricsWebhook } from '../apps/server/src/adapters/metrics/metrics-webhook-signature';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, newPage, screenshotPagesOnFailure, signIn } from './support/browser';
import { PROMPT_WORKER, type RunningServer, startServer } from './support/server';
import { createServerClock, type ServerClock } from './support/server-clock';
import { createWorldClient, type World } from './support/world';

// A TOP_PRIZES campaign from the first figures to the money: two creators' posts are approved, a partner's
// signed webhook brings their views, and Casey watches her place on the leaderboard on her phone move up
// as they arrive. At the end the board freezes with its places provisional; once every figure on it is
// validated, 72 hours later, the prizes are given by its ranks, a manager approves Casey's and rejects
// Drew's with a reason in the console, Casey downloads her invoice and Drew reads why. The end and the 72
// hours are not waited for (ADR 037: the server runs under libfaketime, its clock moved by a file).

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const PASSWORD = 'Quartz#Lantern-519';
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const MARKETER = { email: 'mia.marketer@example.com', password: PASSWORD };
const MANAGER = { email: 'max.manager@example.com', password: PASSWORD };
const SUPPORT = { email: 'sam.support@example.com', password: PASSWORD };
const CASEY = { email: 'casey.morgan@example.com', password: 'Harbour-Lights-73!' };
const DREW = { email: 'drew.patel@example.com', password: 'Copper-Meadow-41!' };
const CAMPAIGN = 'Midnight Run Top Ten';
const WEBHOOK_SECRET = 'whsec_e2e_rewards_0123456789abcdef';
const REJECTION = 'The post was taken down before the campaign ended.';
/**
 * How long the campaign runs: time for the posts, the figures and a poll or two of the board on a busy
 * machine. The server's clock is moved past the rest.
 */
const RUNS_FOR_MS = 10 * 60_000;
const POST_IDS = [1, 2].map((n) => `74${String(Date.now()).slice(-12)}${n}0000`);
/** Every figure is validated 72 hours after the end at the latest: the server's clock jumps past it. */
const VALIDATED_AFTER_END_MS = 73 * 3_600_000;

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;
let world: World;
let campaign: { id: string; endsAt: Date };
let clock: ServerClock;
const posts = new Map<string, string>();
const tokens = new Map<string, string>();

/** Figures as a partner sends them: signed with the shared secret over the time and the body. */
async function sendFigures(readings: { postLink: string; views: number }[]): Promise<void> {
  const body = JSON.stringify({
    readings: readings.map((reading) => ({
      ...reading,
      likes: Math.round(reading.views / 20),
      comments: 3,
      shares: 1,
      readAt: new Date(Date.now() - 1_000).toISOString(),
    })),
  });
  const response = await fetch(`${server.url}/server-api/metrics/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [METRICS_SIGNATURE_HEADER]: signMetricsWebhook(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000)),
    },
    body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(((await response.json()) as { recorded: number }).recorded).toBe(readings.length);
}

async function paymentsOf(token: string): Promise<Payment[]> {
  return (await world.api<{ data: Payment[] }>(token, 'POST', '/server-api/creator/payment/search', {})).data;
}

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  clock = await createServerClock();
  smtp = await startSmtpSink();
  server = await startServer({
    SMTP_URL: smtp.url,
    METRICS_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PRIZES_SETTLE_AFTER_MINUTES: '0',
    ...clock.environment,
    ...PROMPT_WORKER,
  });
  browser = await launchChromium();

  world = createWorldClient(server, smtp);
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
  const casey = await world.activeCreator(admin, support, {
    ...CASEY,
    firstName: 'Casey',
    lastName: 'Morgan',
  });
  const drew = await world.activeCreator(admin, support, { ...DREW, firstName: 'Drew', lastName: 'Patel' });

  const startsAt = new Date(Date.now() + 15_000);
  const endsAt = new Date(startsAt.getTime() + RUNS_FOR_MS);
  const manager = await world.tokenOf(MANAGER);
  const { id } = await world.publishedCampaign(await world.tokenOf(MARKETER), manager, {
    name: CAMPAIGN,
    type: 'CHALLENGE',
    teamId: team.id,
    territoryIds: [territory.id],
    startsAt,
    endsAt,
  });
  campaign = { id, endsAt };

  for (const creator of [casey, drew]) {
    await world.api(creator.token, 'POST', '/server-api/campaigns/rsvp', {
      campaignId: id,
      creatorId: creator.id,
    });
  }
  // The scheduler moves the campaign LIVE at its start.
  const liveBy = Date.now() + 60_000;
  const statusOf = async () =>
    (await world.api<{ status: string }>(casey.token, 'GET', `/server-api/campaigns/${id}`)).status;
  while ((await statusOf()) !== 'LIVE') {
    if (Date.now() > liveBy) throw new Error(`${CAMPAIGN} did not go live at its start`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const entrants = [
    { handle: 'casey_morgan', creator: casey, postId: POST_IDS[0] },
    { handle: 'drew_patel', creator: drew, postId: POST_IDS[1] },
  ];
  for (const { handle, creator, postId } of entrants) {
    const postLink = `https://www.tiktok.com/@${handle}/video/${postId}`;
    const entry = await world.api<{ id: string }>(creator.token, 'POST', '/server-api/campaigns/entry', {
      campaignId: id,
      postLink,
      platform: 'TikTok',
    });
    await world.api(manager, 'POST', `/server-api/marketing/campaigns/${id}/entries/${entry.id}/approve`);
    posts.set(handle, postLink);
    tokens.set(handle, creator.token);
  }
}, 300_000);
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
  await clock?.remove();
});

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A screenshot of the page as it is now, and the page checked against WCAG 2.1 AA. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}rewards-${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

describe('from figures to money', () => {
  it('a creator sees her place rise as figures arrive, wins a prize at the end and downloads the invoice; a rejected prize shows why', async () => {
    const caseyPost = posts.get('casey_morgan') ?? '';
    const drewPost = posts.get('drew_patel') ?? '';
    await sendFigures([
      { postLink: caseyPost, views: 1_200 },
      { postLink: drewPost, views: 5_400 },
    ]);

    const casey = await newPage(browser, PHONE, { acceptDownloads: true });
    await signIn(casey, server.url, CASEY, `${server.url}/`);
    await casey.goto(`${server.url}/campaigns/${campaign.id}`);
    await casey.getByRole('link', { name: 'Leaderboard' }).click();
    await casey.getByText('You are 2nd of 2').waitFor();
    await shot(casey, '01-second');

    await sendFigures([{ postLink: caseyPost, views: 9_800 }]);
    // The board polls every 15 seconds; the move is said in a live region when the next poll sees it.
    await casey.getByText('Up 1 place: you are now 1st of 2.').waitFor({ timeout: 40_000 });
    await casey.getByText('You are 1st of 2').waitFor();
    await shot(casey, '02-first');

    // The board closes at the campaign's end, its places provisional until every figure is validated;
    // the page's next poll of the board finds it closed.
    await clock.advance(campaign.endsAt.getTime() - Date.now() + 5_000);
    await casey.getByText(/^Closed — views being validated/).waitFor({ timeout: 60_000 });
    await shot(casey, '03-closed-provisional');
    expect(await paymentsOf(tokens.get('casey_morgan') ?? ''), 'no prize on provisional figures').toEqual([]);

    // 73 hours on, the board is final and the prizes are given by its ranks. The creators' sessions,
    // idle that long, have ended: they sign in again.
    await clock.advance(VALIDATED_AFTER_END_MS);
    await casey.context().close();
    tokens.set('casey_morgan', await world.tokenOf(CASEY));
    await expect
      .poll(async () => (await paymentsOf(tokens.get('casey_morgan') ?? '')).length, {
        timeout: 120_000,
        interval: 2_000,
      })
      .toBe(1);
    const caseyAgain = await newPage(browser, PHONE, { acceptDownloads: true });
    await signIn(caseyAgain, server.url, CASEY, `${server.url}/`);
    await caseyAgain.goto(`${server.url}/campaigns/${campaign.id}/leaderboard`);
    await caseyAgain.getByText('Frozen — final results').waitFor();
    await caseyAgain.getByText('You finished 1st of 2').waitFor();
    await shot(caseyAgain, '04-final');

    const manager = await newPage(browser, DESKTOP);
    await signIn(manager, server.url, MANAGER, '**/console/campaigns');
    await manager.goto(`${server.url}/console/campaigns/${campaign.id}`);
    await manager.getByRole('heading', { name: CAMPAIGN }).waitFor();
    const payments = manager.getByRole('table', { name: 'Payments' });
    await payments.getByRole('button', { name: /^Approve the payment of £500\.00/ }).click();
    await manager.getByText('invoice SB-', { exact: false }).first().waitFor();
    await payments.getByRole('button', { name: /^Reject the payment of £250\.00/ }).click();
    const dialog = manager.getByRole('dialog');
    await dialog.getByLabel('Why').fill(REJECTION);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await shot(manager, '05-console-payments');

    await caseyAgain.goto(`${server.url}/payments`);
    const prize = caseyAgain.getByRole('listitem').filter({ hasText: CAMPAIGN });
    await prize.getByText('Place 1 of 2 on the final leaderboard', { exact: false }).waitFor();
    await prize.getByText('9,800 views', { exact: false }).waitFor();
    const [download] = await Promise.all([
      caseyAgain.waitForEvent('download'),
      prize.getByRole('button', { name: /^Download invoice SB-\d{4}-000001$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^SB-\d{4}-000001\.pdf$/);
    const pdf = await readFile((await download.path()) ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await shot(caseyAgain, '06-payments');

    const drew = await newPage(browser, PHONE);
    await signIn(drew, server.url, DREW, `${server.url}/`);
    await drew.goto(`${server.url}/payments`);
    await drew.getByText(REJECTION, { exact: false }).waitFor();
    await drew.getByText('Place 2 of 2 on the final leaderboard', { exact: false }).waitFor();
    await shot(drew, '07-rejected');
  }, 420_000);
});
