import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EntryViewChecks, HoldQueue } from '@platform/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, newPage, screenshotPagesOnFailure, signIn } from './support/browser';
import { PROMPT_WORKER, type RunningServer, startServer } from './support/server';
import { createServerClock, type ServerClock } from './support/server-clock';
import { createWorldClient, TINY_MP4, type World } from './support/world';

// Casey's entry to a first-come campaign gains 42,000 views in two hours, three days after its first
// reading, with hardly a like: the risk assessment holds its earnings. Casey reads why on her phone and
// appeals with a screen recording of the post's insights; Max, the campaign's manager, reads the signals
// and her appeal and excludes the views of the spike. Drew's entry is never reviewed. Two days later
// (the server runs under libfaketime, its clock moved by a file) Casey's figure is validated at the views
// left, her earning is there to be paid, and Drew's entry was approved when its review deadline passed.

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const PASSWORD = 'Quartz#Lantern-519';
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const MARKETER = { email: 'mia.marketer@example.com', password: PASSWORD };
const MANAGER = { email: 'max.manager@example.com', password: PASSWORD };
const SUPPORT = { email: 'sam.support@example.com', password: PASSWORD };
const CASEY = { email: 'casey.morgan@example.com', password: 'Harbour-Lights-73!' };
const DREW = { email: 'drew.patel@example.com', password: 'Copper-Kettle-58!' };
const CAMPAIGN = 'Midnight Run, checked';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;
let world: World;
let clock: ServerClock;
let filesDir: string;
let campaignId: string;
let casey: { id: string; token: string };
let drew: { id: string; token: string };
let caseyEntry: string;
let drewEntry: string;
let holdId: string;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}validated-views-${name}.png`, fullPage: true });
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

/** A TikTok post of the creator's handle, its id new to the platform. */
const tiktokPost = (handle: string, n: number) =>
  `https://www.tiktok.com/@${handle}/video/75${String(Date.now()).slice(-12)}${n}0000`;

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  clock = await createServerClock();
  filesDir = await mkdtemp(join(tmpdir(), 'validated-views-'));
  await writeFile(join(filesDir, 'insights.mp4'), TINY_MP4);
  smtp = await startSmtpSink();
  server = await startServer({
    SMTP_URL: smtp.url,
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
  casey = await world.activeCreator(admin, support, { ...CASEY, firstName: 'Casey', lastName: 'Morgan' });
  drew = await world.activeCreator(admin, support, { ...DREW, firstName: 'Drew', lastName: 'Patel' });

  const manager = await world.tokenOf(MANAGER);
  ({ id: campaignId } = await world.publishedCampaign(await world.tokenOf(MARKETER), manager, {
    name: CAMPAIGN,
    type: 'CHALLENGE',
    teamId: team.id,
    territoryIds: [territory.id],
    startsAt: new Date(Date.now() + 10_000),
    reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 5000, slots: 10 },
    validation: {
      lockDays: 1,
      holdScore: 50,
      reviewDeadlineDays: 1,
      changeRequests: true,
      retentionDays: 30,
    },
  }));
  for (const creator of [casey, drew]) {
    await world.api(creator.token, 'POST', '/server-api/campaigns/rsvp', {
      campaignId,
      creatorId: creator.id,
    });
  }
  await waitFor(
    `${CAMPAIGN} going live`,
    async () =>
      (await world.api<{ status: string }>(casey.token, 'GET', `/server-api/campaigns/${campaignId}`)).status,
    (status) => status === 'LIVE',
    60_000,
  );
  const enter = async (creator: { token: string }, handle: string, n: number) =>
    (
      await world.api<{ id: string }>(creator.token, 'POST', '/server-api/campaigns/entry', {
        campaignId,
        postLink: tiktokPost(handle, n),
        platform: 'TikTok',
      })
    ).id;
  caseyEntry = await enter(casey, 'casey_morgan', 1);
  drewEntry = await enter(drew, 'drew_patel', 2);
  // Casey's entry is approved and takes a first-come slot: £50.00 to pay once nothing holds it.
  await world.api(
    manager,
    'POST',
    `/server-api/marketing/campaigns/${campaignId}/entries/${caseyEntry}/approve`,
  );

  // Her post's figures as a partner's export gives them: quiet for three days, then 14× in two hours.
  const now = Date.now();
  const csv = [
    'entry_id,views,likes,comments,read_at',
    `${caseyEntry},3000,150,10,${new Date(now - 3 * DAY).toISOString()}`,
    `${caseyEntry},3100,155,10,${new Date(now - 2 * HOUR).toISOString()}`,
    `${caseyEntry},45000,160,10,${new Date(now - MINUTE).toISOString()}`,
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

  // The worker scores changed figures every minute (every 5 s here).
  const held = await waitFor(
    'the hold on Casey’s entry',
    () => world.api<HoldQueue>(manager, 'GET', '/server-api/marketing/holds?status=open'),
    (queue) => queue.items.some((item) => item.entry.id === caseyEntry),
  );
  holdId = held.items.find((item) => item.entry.id === caseyEntry)?.id ?? '';
}, 420_000);
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
  await clock?.remove();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

describe('validated views', () => {
  it('the creator reads why her earnings are held and appeals with a recording of her insights', async () => {
    const page = await newPage(browser, PHONE);
    await signIn(page, server.url, CASEY, `${server.url}/`);
    await page.goto(`${server.url}/campaigns/${campaignId}`);
    const checks = page.getByRole('list', { name: 'Views of your entries' });
    await checks.getByText(/Earnings held/).waitFor({ timeout: 30_000 });
    await checks.getByText(/gained 41,900 views/).waitFor();
    await checks.getByText(/likes and comments per 1,000 views/).waitFor();
    expect(await checks.textContent()).not.toMatch(/score/i);
    await shot(page, '01-creator-hold');

    await checks.getByRole('button', { name: 'Appeal' }).click();
    await checks
      .getByRole('textbox', { name: /Why your views are real/ })
      .fill('A music channel shared my video that afternoon; my insights show where the viewers came from.');
    await checks
      .getByLabel(/Screen recording of the post’s insights/)
      .setInputFiles(join(filesDir, 'insights.mp4'));
    await checks.getByText('Uploaded').waitFor({ timeout: 30_000 });
    await shot(page, '02-appeal-uploaded');
    await checks.getByRole('button', { name: 'Send appeal' }).click();
    await checks.getByText(/^Appeal sent on /).waitFor({ timeout: 30_000 });
    await shot(page, '03-appeal-sent');
    await page.context().close();
  });

  it('staff read the signals and the appeal, and exclude the views of the spike', async () => {
    const page = await newPage(browser, DESKTOP);
    await signIn(page, server.url, MANAGER, `${server.url}/console/campaigns`);
    await page.getByRole('link', { name: 'Held earnings' }).click();
    await page.getByRole('heading', { name: 'Held earnings', level: 1 }).waitFor();
    const queue = page.getByRole('table', { name: 'Waiting for a decision' });
    await queue.getByText('Casey Morgan').waitFor();
    await queue.getByText('Appealed').waitFor();
    await shot(page, '04-staff-queue');

    await page.goto(`${server.url}/console/holds/${holdId}`);
    await page.getByRole('heading', { name: 'Casey Morgan', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Signals measured' }).waitFor();
    await page.getByLabel('Screen recording by Casey Morgan').waitFor();
    await shot(page, '05-staff-hold');

    await page.getByRole('button', { name: 'Exclude views' }).click();
    const dialog = page.getByRole('dialog', { name: /Exclude views from the entry/ });
    await dialog.getByText(/The sudden rise gained 41,900 views/).waitFor();
    await dialog
      .getByRole('textbox', { name: /Reason for the creator/ })
      .fill('The rise came in two hours from accounts that never watched anything else.');
    await shot(page, '06-staff-exclude');
    await dialog.getByRole('button', { name: 'Exclude views' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Decided, the hold leaves the queue of those waiting.
    await page.getByText(/^No earnings are held/).waitFor();
    await page.getByRole('tab', { name: 'Decided' }).click();
    await page.getByRole('table', { name: 'Decided' }).getByText('Casey Morgan').waitFor();
    await shot(page, '07-staff-decided-queue');
    await page.goto(`${server.url}/console/holds/${holdId}`);
    await page.getByText('41,900 views of a window were excluded.').waitFor();
    await shot(page, '08-staff-decision');
    await page.context().close();

    const decided = await world.api<HoldQueue>(
      await world.tokenOf(MANAGER),
      'GET',
      '/server-api/marketing/holds?status=decided',
    );
    expect(decided.items.find((item) => item.id === holdId)?.status).toBe('EXCLUDED');
  });

  it('two days on, her figure is validated at the views left and her earning can be paid; an unreviewed entry was approved at its deadline', async () => {
    await clock.advance(2 * DAY);
    // The worker approves entries past their review deadline each minute (every 5 s here).
    const drewToken = await world.tokenOf(DREW);
    await waitFor(
      'Drew’s entry approved at its review deadline',
      () =>
        world.api<{ data: { id: string; status: string; autoApproved: boolean }[] }>(
          drewToken,
          'GET',
          `/server-api/campaigns/${campaignId}/entry`,
        ),
      (entries) => entries.data.some((entry) => entry.id === drewEntry && entry.autoApproved),
    );
    const caseyToken = await world.tokenOf(CASEY);
    const checks = await world.api<EntryViewChecks>(
      caseyToken,
      'GET',
      `/server-api/creator/campaigns/${campaignId}/view-checks`,
    );
    expect(checks.items.find((item) => item.entryId === caseyEntry)?.figures).toMatchObject({
      state: 'VALIDATED',
      views: 3_100,
    });

    const manager = await world.tokenOf(MANAGER);
    const payments = await world.api<{ items: { id: string; entryId: string }[] }>(
      manager,
      'GET',
      `/server-api/marketing/campaigns/${campaignId}/payments`,
    );
    const caseysPayment = payments.items.find((payment) => payment.entryId === caseyEntry);
    await world.api(manager, 'POST', `/server-api/marketing/payments/${caseysPayment?.id}/approve`);

    const page = await newPage(browser, PHONE);
    await signIn(page, server.url, CASEY, `${server.url}/`);
    await page.goto(`${server.url}/campaigns/${campaignId}`);
    const list = page.getByRole('list', { name: 'Views of your entries' });
    await list.getByText('Views: 3,100 — validated').waitFor({ timeout: 30_000 });
    await shot(page, '09-creator-validated');
    await page.goto(`${server.url}/payments`);
    await page.getByText('£50.00').first().waitFor();
    await shot(page, '10-creator-earning');
    await page.context().close();

    const drewPage = await newPage(browser, PHONE);
    await signIn(drewPage, server.url, DREW, `${server.url}/`);
    await drewPage.goto(`${server.url}/campaigns/${campaignId}`);
    await drewPage
      .getByRole('region', { name: 'Your entries' })
      .getByText('Approved automatically when its review time ran out')
      .waitFor();
    await shot(drewPage, '11-entry-approved-automatically');
    await drewPage.context().close();
  });
});
