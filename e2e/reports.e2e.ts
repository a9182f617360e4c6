import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { METRICS_SIGNATURE_HEADER } from '@platform/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMetricsWebhook } from '../apps/server/src/adapters/metrics/metrics-webhook-signature';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, newPage, screenshotPagesOnFailure, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { createWorldClient, type World } from './support/world';

// The console's creators and reports: Support finds a creator by her handle, sees her identity check and
// her payment and ends her sessions; a manager reads a live campaign's report and forecast, shares the
// report with a client who has no account, and the link stops working once revoked.

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const PASSWORD = 'Quartz#Lantern-519';
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const MARKETER = { email: 'mia.marketer@example.com', password: PASSWORD };
const MANAGER = { email: 'max.manager@example.com', password: PASSWORD };
const SUPPORT = { email: 'sam.support@example.com', password: PASSWORD };
const CASEY = { email: 'casey.morgan@example.com', password: 'Harbour-Lights-73!' };
const DREW = { email: 'drew.patel@example.com', password: 'Copper-Meadow-41!' };
const CAMPAIGN = 'Midnight Run Challenge';
const WEBHOOK_SECRET = 'whsec_e2e_reports_0123456789abcdef';
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;
let world: World;
let campaignId: string;
let caseyToken: string;

/** Figures as a partner sends them, signed with the shared secret: read at the times given. */
async function sendFigures(readings: { postLink: string; views: number; readAt: Date }[]): Promise<void> {
  const body = JSON.stringify({
    readings: readings.map(({ readAt, ...reading }) => ({
      ...reading,
      likes: Math.round(reading.views / 20),
      comments: Math.round(reading.views / 200),
      shares: Math.round(reading.views / 500),
      readAt: readAt.toISOString(),
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
}

/** libfaketime, from Debian's faketime: the first server runs three days behind the real clock. */
const FAKETIME_LIBRARY =
  process.env.FAKETIME_LIBRARY ?? '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const BEHIND_DAYS = 3;

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  smtp = await startSmtpSink();
  const dataDir = await mkdtemp(join(tmpdir(), 'platform-e2e-reports-'));
  const environment = { SMTP_URL: smtp.url, METRICS_WEBHOOK_SECRET: WEBHOOK_SECRET, DATA_DIR: dataDir };

  // Three days ago: the team, its staff and creators, and a campaign that goes live then, with Casey's
  // post approved (£50 of its budget). Only the API is used, as the apps would use it.
  const past = await startServer({
    ...environment,
    LD_PRELOAD: FAKETIME_LIBRARY,
    FAKETIME: `-${BEHIND_DAYS}d`,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  });
  const then = () => Date.now() - BEHIND_DAYS * DAY;
  let drewEntry: string;
  const postLinks: string[] = [];
  try {
    const early = createWorldClient(past, smtp);
    const admin = await early.setUpAdmin(ADMIN);
    const team = await early.createTeam(admin, 'Launch team');
    const territory = await early.createTerritory(admin, { name: 'Britain', countries: ['GB'] });
    const teamIds = [team.id];
    await early.addStaff(admin, {
      ...MARKETER,
      displayName: 'Mia Marketer',
      role: 'CampaignMarketer',
      teamIds,
    });
    await early.addStaff(admin, { ...MANAGER, displayName: 'Max Manager', role: 'CampaignManager', teamIds });
    await early.addStaff(admin, { ...SUPPORT, displayName: 'Sam Support', role: 'Support' });
    const support = await early.tokenOf(SUPPORT);
    const casey = await early.activeCreator(admin, support, {
      ...CASEY,
      firstName: 'Casey',
      lastName: 'Morgan',
    });
    const drew = await early.activeCreator(admin, support, { ...DREW, firstName: 'Drew', lastName: 'Patel' });

    const startsAt = new Date(then() + 15_000);
    const manager = await early.tokenOf(MANAGER);
    ({ id: campaignId } = await early.publishedCampaign(await early.tokenOf(MARKETER), manager, {
      name: CAMPAIGN,
      type: 'CHALLENGE',
      teamId: team.id,
      territoryIds: [territory.id],
      startsAt,
      endsAt: new Date(startsAt.getTime() + 14 * DAY),
      reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 5000, slots: 10 },
    }));
    const liveBy = Date.now() + 60_000;
    const statusOf = async () =>
      (await early.api<{ status: string }>(casey.token, 'GET', `/server-api/campaigns/${campaignId}`)).status;
    while ((await statusOf()) !== 'LIVE') {
      if (Date.now() > liveBy) throw new Error(`${CAMPAIGN} did not go live`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }

    const entryIds: string[] = [];
    for (const [index, { handle, creator }] of [
      { handle: 'casey_morgan', creator: casey },
      { handle: 'drew_patel', creator: drew },
    ].entries()) {
      await early.api(creator.token, 'POST', '/server-api/campaigns/rsvp', {
        campaignId,
        creatorId: creator.id,
      });
      const postLink = `https://www.tiktok.com/@${handle}/video/75${String(Date.now()).slice(-12)}${index}0000`;
      const entry = await early.api<{ id: string }>(creator.token, 'POST', '/server-api/campaigns/entry', {
        campaignId,
        postLink,
        platform: 'TikTok',
      });
      entryIds.push(entry.id);
      postLinks.push(postLink);
    }
    const [caseyEntry = '', drewWaiting = ''] = entryIds;
    drewEntry = drewWaiting;
    await early.api(
      manager,
      'POST',
      `/server-api/marketing/campaigns/${campaignId}/entries/${caseyEntry}/approve`,
    );
  } finally {
    await past.stop();
  }

  // Today, on the same data: Drew's post is approved now, and a partner's figures for the three days
  // arrive, Casey's growing steadily and Drew's in fits and starts.
  server = await startServer(environment);
  world = createWorldClient(server, smtp);
  caseyToken = await world.tokenOf(CASEY);
  await world.api(
    await world.tokenOf(MANAGER),
    'POST',
    `/server-api/marketing/campaigns/${campaignId}/entries/${drewEntry}/approve`,
  );
  const now = Date.now();
  const [caseyPost = '', drewPost = ''] = postLinks;
  await sendFigures(
    [
      [70, 2_000, 1_000],
      [50, 6_500, 1_200],
      [26, 11_000, 5_000],
      [2, 14_800, 5_600],
    ].flatMap(([hoursAgo = 0, caseyViews = 0, drewViews = 0]) => [
      { postLink: caseyPost, views: caseyViews, readAt: new Date(now - hoursAgo * HOUR) },
      { postLink: drewPost, views: drewViews, readAt: new Date(now - hoursAgo * HOUR) },
    ]),
  );
  browser = await launchChromium();
}, 300_000);
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  if (server) await rm(server.dataDir, { recursive: true, force: true });
  await smtp?.close();
});

const DESKTOP = { width: 1280, height: 900 };

/** A screenshot of the page as it is now, and the page checked against WCAG 2.1 AA. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}reports-${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

describe('the console’s creators and reports', () => {
  it('Support finds a creator by her handle, sees her identity check and payment, and ends her sessions', async () => {
    const page = await newPage(browser, DESKTOP);
    await signIn(page, server.url, SUPPORT, '**/console/**');
    await page.getByRole('link', { name: 'Creators' }).click();
    await page.getByLabel('Search').fill('casey_morgan');
    await page.getByRole('link', { name: /Casey Morgan/ }).click();
    await page.getByRole('heading', { name: 'Casey Morgan' }).waitFor();
    await page.getByRole('table', { name: 'Identity checks' }).getByText('Approved').waitFor();
    await page.getByText('£50.00').first().waitFor();
    await shot(page, '01-creator');

    const before = await fetch(`${server.url}/server-api/creator/get-info`, {
      headers: { authorization: `Bearer ${caseyToken}` },
    });
    expect(before.status).toBe(200);
    await page.getByRole('button', { name: 'End sessions' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End sessions' }).click();
    await page.getByText('Sessions ended').first().waitFor();
    await shot(page, '02-sessions-ended');
    const after = await fetch(`${server.url}/server-api/creator/get-info`, {
      headers: { authorization: `Bearer ${caseyToken}` },
    });
    expect(after.status).toBe(401);
  });

  it('a manager reads a live campaign’s report and forecast and shares it; the link opens without an account until revoked', async () => {
    const page = await newPage(browser, DESKTOP, { permissions: ['clipboard-read', 'clipboard-write'] });
    await signIn(page, server.url, MANAGER, '**/console/**');
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('link', { name: CAMPAIGN }).click();
    await page.getByRole('heading', { name: CAMPAIGN }).waitFor();
    // Both posts' latest figures: 14,800 and 5,600 views; £50 each of the £1,000 budget.
    const figures = page.getByRole('region', { name: 'Key figures' });
    await figures.getByText('20,400').waitFor();
    await figures.getByText('£100.00').first().waitFor();
    await page.getByRole('table', { name: 'Top 10 creators' }).getByText('Casey Morgan').waitFor();
    await shot(page, '03-report');
    // Printed, the report keeps its figures and tables and drops the console around it and its buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('link', { name: 'Campaigns' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Share' }).isVisible()).toBe(false);
    await shot(page, '03-report-printed');
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('tab', { name: 'Forecast' }).click();
    await page.getByText('We fit a straight line', { exact: false }).waitFor();
    await shot(page, '04-forecast');

    await page.getByRole('button', { name: 'Share' }).click();
    const sharing = page.getByRole('dialog', { name: `Share the report on ${CAMPAIGN}` });
    await sharing.getByRole('button', { name: 'Create link' }).click();
    await sharing.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/shared\/reports\/[\w-]+~[\w-]+$/);
    await shot(page, '05-share');

    const client = await newPage(browser, DESKTOP);
    await client.goto(link);
    await client.getByRole('heading', { name: CAMPAIGN }).waitFor();
    await client.getByText('Shared read-only report', { exact: false }).waitFor();
    await client.getByRole('region', { name: 'Key figures' }).getByText('20,400').waitFor();
    expect(await client.getByRole('button', { name: 'Share' }).count()).toBe(0);
    expect(await client.getByRole('tab', { name: 'Forecast' }).count()).toBe(0);
    await shot(client, '06-shared');

    await sharing.getByRole('button', { name: 'Revoke' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke this link?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await sharing.getByText('Revoked', { exact: false }).first().waitFor();
    await client.reload();
    await client.getByText('This link no longer works').waitFor();
    await shot(client, '07-revoked');
  });
});
