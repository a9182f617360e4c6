import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { CampaignBudget, Payment } from '@platform/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, newPage, screenshotPagesOnFailure, signIn } from './support/browser';
import { PROMPT_WORKER, type RunningServer, startServer } from './support/server';
import { createServerClock, type ServerClock } from './support/server-clock';
import { createWorldClient, type World } from './support/world';

// A pay-per-view campaign from the simulator to a spent budget (ADR 038). Mia drafts it at £5.00 per 1,000
// validated views within £100.00 and reads in the editor what that buys. Max approves it, but it cannot
// go live until Ada, the Admin, records the bank transfer that funds it. Casey reads the rate and the
// budget left on her phone. Casey's and Drew's posts are approved and their views imported; a day later
// (the server runs under libfaketime, its clock moved by a file) their figures are validated: Casey earns
// her entry's cap, Drew what is left, and the campaign pauses itself with its budget spent.

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const PASSWORD = 'Quartz#Lantern-519';
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const MARKETER = { email: 'mia.marketer@example.com', password: PASSWORD };
const MANAGER = { email: 'max.manager@example.com', password: PASSWORD };
const SUPPORT = { email: 'sam.support@example.com', password: PASSWORD };
const CASEY = { email: 'casey.morgan@example.com', password: 'Harbour-Lights-73!' };
const DREW = { email: 'drew.patel@example.com', password: 'Copper-Kettle-58!' };
const CAMPAIGN = 'Midnight Run, per view';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The draft starts soon; the server's clock is moved past it before the campaign is funded. */
const STARTS_IN_MS = 5 * MINUTE;

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;
let world: World;
let clock: ServerClock;
let campaignId: string;
let casey: { id: string; token: string };
let drew: { id: string; token: string };

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}pay-per-view-${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 150_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

const tiktokPost = (handle: string, n: number) =>
  `https://www.tiktok.com/@${handle}/video/76${String(Date.now()).slice(-12)}${n}0000`;

/** The campaign's status as Casey reads it, signed in afresh: the server's clock jumps past sessions. */
const statusOf = async () =>
  (
    await world.api<{ status: string }>(
      await world.tokenOf(CASEY),
      'GET',
      `/server-api/campaigns/${campaignId}`,
    )
  ).status;

const paymentsOf = async (token: string) =>
  (await world.api<{ data: Payment[] }>(token, 'POST', '/server-api/creator/payment/search', {})).data;

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  clock = await createServerClock();
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, ...clock.environment, ...PROMPT_WORKER });
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
  casey = await world.activeCreator(admin, support, { ...CASEY, firstName: 'Casey', lastName: 'Morgan' });
  drew = await world.activeCreator(admin, support, { ...DREW, firstName: 'Drew', lastName: 'Patel' });

  const startsAt = new Date(Date.now() + STARTS_IN_MS);
  ({ id: campaignId } = await world.api<{ id: string }>(
    await world.tokenOf(MARKETER),
    'POST',
    '/server-api/marketing/campaigns',
    {
      name: CAMPAIGN,
      brandOrArtist: 'Nova Lights',
      brief: 'Dance to “Midnight Run” and tag @novalights.',
      platform: 'TikTok',
      type: 'CHALLENGE',
      teamId: team.id,
      territoryIds: [territory.id],
      currency: 'GBP',
      budget: 10_000,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 14 * 24 * HOUR).toISOString(),
      reward: {
        type: 'PAY_PER_VIEW',
        ratePerThousand: 400,
        minimumViews: 1_000,
        capPerEntry: 6_000,
        capPerCreator: 6_000,
      },
      requirements: { hashtags: ['#MidnightRun'], mentions: ['@novalights'], minimumLengthSeconds: 15 },
      validation: {
        lockDays: 1,
        holdScore: 50,
        reviewDeadlineDays: 7,
        changeRequests: true,
        retentionDays: 30,
      },
      coverAssetId: null,
    },
  ));
}, 300_000);
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
  await clock?.remove();
});

describe('pay per view with a funded budget', () => {
  it('the marketer sets the rate and reads what the budget buys, as she types', async () => {
    const page = await newPage(browser, DESKTOP);
    await signIn(page, server.url, MARKETER, `${server.url}/console/campaigns`);
    await page.goto(`${server.url}/console/campaigns/${campaignId}/edit`);
    const check = page.getByRole('region', { name: 'Budget check' });
    await check.getByText(/buys 25,000 validated views at £4\.00 per 1,000/).waitFor({ timeout: 30_000 });
    const rate = page.getByRole('textbox', { name: 'Rate per 1,000 views' });
    await rate.fill('5.00');
    await rate.blur();
    await check.getByText(/buys 20,000 validated views at £5\.00 per 1,000/).waitFor();
    await check.getByText(/It pays 1 creator at their cap of £60\.00/).waitFor();
    await shot(page, '01-simulator');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Campaign saved').first().waitFor({ timeout: 30_000 });
    await page.close();

    await world.api(
      await world.tokenOf(MARKETER),
      'POST',
      `/server-api/marketing/campaigns/${campaignId}/submit`,
    );
    await world.api(
      await world.tokenOf(MANAGER),
      'POST',
      `/server-api/marketing/campaigns/${campaignId}/approve`,
    );
  });

  it('waits past its start for its budget, and goes live once the Admin records the transfer', async () => {
    await clock.advance(STARTS_IN_MS + MINUTE);
    // Its start job falls due at once and the queue polls every half second: a few seconds on, it has
    // run and found no money. (campaign-fundings.test.ts shows the minute's sweep also leaves it.)
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(await statusOf()).toBe('PUBLISHED');

    const managerPage = await newPage(browser, DESKTOP);
    await signIn(managerPage, server.url, MANAGER, `${server.url}/console/campaigns`);
    await managerPage.goto(`${server.url}/console/campaigns/${campaignId}`);
    await managerPage.getByText('Waiting for funding: it goes live once its budget is funded.').waitFor({
      timeout: 30_000,
    });
    await managerPage.getByRole('group', { name: 'Funding state' }).getByText('Unfunded').waitFor();
    expect(await managerPage.getByRole('button', { name: 'Record a transfer' }).count()).toBe(0);
    await shot(managerPage, '02-waiting-for-funding');
    await managerPage.close();

    const adminPage = await newPage(browser, DESKTOP);
    await signIn(adminPage, server.url, ADMIN, '**/console/**');
    await adminPage.goto(`${server.url}/console/campaigns/${campaignId}`);
    await adminPage.getByRole('button', { name: 'Record a transfer' }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Record a transfer for ${CAMPAIGN}` });
    await dialog.getByRole('textbox', { name: /Amount received/ }).fill('100.00');
    await dialog.getByRole('textbox', { name: /Reference/ }).fill('BACS NOVA-2911');
    await dialog.getByRole('button', { name: 'Record the transfer' }).click();
    await adminPage.getByText('Transfer recorded').waitFor({ timeout: 30_000 });
    await adminPage.getByRole('group', { name: 'Funding state' }).getByText('Funded').waitFor();
    await adminPage.getByRole('table', { name: 'Fundings' }).getByText('BACS NOVA-2911').waitFor();
    await waitFor('the campaign going live', statusOf, (status) => status === 'LIVE', 60_000);
    await adminPage.reload();
    await adminPage.getByText('Live').first().waitFor({ timeout: 30_000 });
    await shot(adminPage, '03-funded-live');
    await adminPage.close();
  });

  it('the creator reads the rate and the budget left on her phone', async () => {
    const page = await newPage(browser, PHONE);
    await signIn(page, server.url, CASEY, `${server.url}/`);
    await page.goto(`${server.url}/campaigns`);
    const card = page.getByRole('article').filter({ hasText: CAMPAIGN }).first();
    await card.getByText('£5.00 per 1,000 views').waitFor({ timeout: 30_000 });
    await card.getByText(/£100\.00 of £100\.00 left/).waitFor();
    await shot(page, '04-card');
    await page.goto(`${server.url}/campaigns/${campaignId}`);
    await page
      .getByText(/£5\.00 for every 1,000 validated views/)
      .first()
      .waitFor({ timeout: 30_000 });
    await page
      .getByText(/paid in the order their views were validated/)
      .first()
      .waitFor();
    await shot(page, '05-terms');
    await page.close();
  });

  it('pays the creators for their validated views and pauses itself when the budget is spent', async () => {
    const manager = await world.tokenOf(MANAGER);
    const entries: string[] = [];
    for (const [n, creator, handle] of [
      [1, casey, 'casey_morgan'],
      [2, drew, 'drew_patel'],
    ] as const) {
      await world.api(creator.token, 'POST', '/server-api/campaigns/rsvp', {
        campaignId,
        creatorId: creator.id,
      });
      const entry = await world.api<{ id: string }>(creator.token, 'POST', '/server-api/campaigns/entry', {
        campaignId,
        postLink: tiktokPost(handle, n),
        platform: 'TikTok',
      });
      await world.api(
        manager,
        'POST',
        `/server-api/marketing/campaigns/${campaignId}/entries/${entry.id}/approve`,
      );
      entries.push(entry.id);
    }
    // Their posts' figures, as a partner's export gives them: Casey's 14,000 views pass her entry's cap
    // of £60.00 (12,000 views reach it at £5.00); Drew's 9,000 would earn £45.00, £5.00 more than is left.
    const now = Date.now() + STARTS_IN_MS + MINUTE;
    const csv = [
      'entry_id,views,likes,comments,read_at',
      `${entries[0]},14000,1100,60,${new Date(now - MINUTE).toISOString()}`,
      `${entries[1]},9000,700,30,${new Date(now - MINUTE).toISOString()}`,
    ].join('\n');
    const imported = await fetch(
      `${server.url}/server-api/marketing/campaigns/${campaignId}/metrics/import?preview=false`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${manager}`, 'content-type': 'text/csv' },
        body: csv,
      },
    );
    expect(imported.status, await imported.clone().text()).toBe(200);

    // A day on, both figures are validated; the worker reserves them in that order each minute (every 5 s here).
    await clock.advance(25 * HOUR);
    const caseyToken = await world.tokenOf(CASEY);
    const paid = await waitFor(
      'Casey’s pay per view',
      () => paymentsOf(caseyToken),
      (payments) => payments.some((payment) => payment.reward.rule === 'VIEWS'),
    );
    expect(paid.find((payment) => payment.reward.rule === 'VIEWS')?.amountMinor).toBe(6_000);
    const drewsPayments = await waitFor(
      'Drew’s pay per view',
      async () => paymentsOf(await world.tokenOf(DREW)),
      (payments) => payments.some((payment) => payment.reward.rule === 'VIEWS'),
    );
    expect(drewsPayments.find((payment) => payment.reward.rule === 'VIEWS')).toMatchObject({
      amountMinor: 4_000,
      reward: { basis: { kind: 'VIEWS', views: 9_000, earnedMinor: 4_500, cappedBy: 'BUDGET' } },
    });
    await waitFor('the campaign pausing itself', statusOf, (status) => status === 'PAUSED', 60_000);
    const budget = await world.api<CampaignBudget>(
      await world.tokenOf(MANAGER),
      'GET',
      `/server-api/marketing/campaigns/${campaignId}/budget`,
    );
    expect(budget).toMatchObject({ fundedMinor: 10_000, committedMinor: 10_000, leftMinor: 0 });
    expect(budget.pacing.alertsSent).toEqual([50, 80, 95]);
    // Max, who manages the team's campaigns, is told by email at each share of the budget, once.
    for (const threshold of [50, 80, 95]) {
      const email = await smtp.waitFor(MANAGER.email, (received) =>
        received.raw.includes(`Budget ${threshold} % reserved`),
      );
      expect(email.raw.replace(/=\r?\n/g, '')).toContain(`${threshold} % of the budget of ${CAMPAIGN}`);
    }

    const phone = await newPage(browser, PHONE);
    await signIn(phone, server.url, CASEY, `${server.url}/`);
    await phone.goto(`${server.url}/payments`);
    await phone
      .getByText(/Pay per view: 14,000 validated views/)
      .first()
      .waitFor({ timeout: 30_000 });
    await shot(phone, '06-creator-paid');
    await phone.goto(`${server.url}/campaigns/${campaignId}`);
    await phone.getByText('This campaign is paused', { exact: true }).waitFor({ timeout: 30_000 });
    await phone
      .getByText(/The budget is spent/)
      .first()
      .waitFor();
    await phone.getByText('Dance to “Midnight Run” and tag @novalights.').waitFor();
    await phone.waitForLoadState('networkidle');
    await shot(phone, '07-creator-paused');
    await phone.close();

    const console = await newPage(browser, DESKTOP);
    await signIn(console, server.url, MANAGER, `${server.url}/console/campaigns`);
    await console.goto(`${server.url}/console/campaigns/${campaignId}`);
    await console
      .getByText(/The budget is spent/)
      .first()
      .waitFor({ timeout: 30_000 });
    await shot(console, '08-console-paused');
    await console.close();
  });
});
