import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Payment } from '@platform/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, newPage, screenshotPagesOnFailure, signIn } from './support/browser';
import { PROMPT_WORKER, type RunningServer, startServer } from './support/server';
import { createWorldClient, type World } from './support/world';

// Money on a default install, which has no payouts provider: Casey gives her bank details on her phone, a
// manager approves her entry's payment in the console, downloads the export for the finance team, pays
// outside the platform and records it paid with the bank's reference, the day and the method; Casey then
// sees the payment paid on that day, to her account, masked.

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const PASSWORD = 'Quartz#Lantern-519';
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const MARKETER = { email: 'mia.marketer@example.com', password: PASSWORD };
const MANAGER = { email: 'max.manager@example.com', password: PASSWORD };
const SUPPORT = { email: 'sam.support@example.com', password: PASSWORD };
const CASEY = { email: 'casey.morgan@example.com', password: 'Harbour-Lights-73!' };
const CAMPAIGN = 'Midnight Run First Fifty';
const SORT_CODE = '20-00-00';
const ACCOUNT_NUMBER = '55678901';
const MASKED = 'Bank account (GB) ending ••••8901';
const REFERENCE = 'BACS 2026 0042 MORGAN';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;
let world: World;
let campaignId: string;
let caseyToken: string;

async function paymentsOf(token: string): Promise<Payment[]> {
  return (await world.api<{ data: Payment[] }>(token, 'POST', '/server-api/creator/payment/search', {})).data;
}

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, ...PROMPT_WORKER });
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
  const casey = await world.activeCreator(admin, await world.tokenOf(SUPPORT), {
    ...CASEY,
    firstName: 'Casey',
    lastName: 'Morgan',
  });
  caseyToken = casey.token;

  const manager = await world.tokenOf(MANAGER);
  const { id } = await world.publishedCampaign(await world.tokenOf(MARKETER), manager, {
    name: CAMPAIGN,
    type: 'CHALLENGE',
    teamId: team.id,
    territoryIds: [territory.id],
    startsAt: new Date(Date.now() + 10_000),
    reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 7500, slots: 10 },
  });
  campaignId = id;
  await world.api(casey.token, 'POST', '/server-api/campaigns/rsvp', { campaignId: id, creatorId: casey.id });
  const liveBy = Date.now() + 60_000;
  const statusOf = async () =>
    (await world.api<{ status: string }>(casey.token, 'GET', `/server-api/campaigns/${id}`)).status;
  while ((await statusOf()) !== 'LIVE') {
    if (Date.now() > liveBy) throw new Error(`${CAMPAIGN} did not go live at its start`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const entry = await world.api<{ id: string }>(casey.token, 'POST', '/server-api/campaigns/entry', {
    campaignId: id,
    postLink: `https://www.tiktok.com/@casey_morgan/video/75${String(Date.now()).slice(-12)}10000`,
    platform: 'TikTok',
  });
  // The entry takes a first-come slot: a payment waiting for approval.
  await world.api(manager, 'POST', `/server-api/marketing/campaigns/${id}/entries/${entry.id}/approve`);
}, 300_000);
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
});

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * A screenshot of the page as it is now, and the page checked against WCAG 2.1 AA. The campaign page's
 * leaderboard, on the same page as the payments but no part of paying, is left to the rewards journey.
 */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}payouts-${name}.png`, fullPage: true });
  await expectAccessible(page, name, { exclude: ['[aria-label="Leaderboard"]'] });
}

/** Today as the browser's date field gives it, in the machine's calendar. */
const localToday = () => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

describe('paying a creator by hand', () => {
  it('a creator gives her bank details, staff approve, export and record the payment paid, and she sees it paid', async () => {
    const casey = await newPage(browser, PHONE);
    await signIn(casey, server.url, CASEY, `${server.url}/`);
    await casey.goto(`${server.url}/payments`);
    const details = casey.getByRole('region', { name: 'Payout details' });
    await details.getByLabel('Country of the bank account').selectOption('GB');
    await details.getByLabel('Name on the account').fill('Casey Morgan');
    await details.getByLabel('Sort code').fill('20-00');
    await details.getByLabel('Account number').fill(ACCOUNT_NUMBER);
    await details.getByRole('button', { name: 'Save payout details' }).click();
    await details.getByText('A sort code is 6 digits, such as 12-34-56').waitFor();
    await shot(casey, '01-creator-details-error');
    await details.getByLabel('Sort code').fill(SORT_CODE);
    await details.getByRole('button', { name: 'Save payout details' }).click();
    await details.getByText(MASKED).waitFor();
    expect(await casey.content()).not.toContain(ACCOUNT_NUMBER);
    await shot(casey, '02-creator-details-saved');

    const manager = await newPage(browser, DESKTOP, { acceptDownloads: true });
    await signIn(manager, server.url, MANAGER, '**/console/campaigns');
    await manager.goto(`${server.url}/console/campaigns/${campaignId}`);
    await manager.getByRole('heading', { name: CAMPAIGN }).waitFor();
    const queue = manager.getByRole('region', { name: 'Payments' });
    const payments = queue.getByRole('table', { name: 'Payments' });
    await payments.getByText('Casey Morgan').waitFor();
    await payments.getByText('@casey_morgan').waitFor();
    await payments.getByRole('link', { name: /^View post of entry .+ by Casey Morgan/ }).waitFor();
    await shot(manager, '03-console-queue');
    await payments.getByRole('button', { name: /^Approve the payment of £75\.00 to Casey Morgan/ }).click();
    await manager.getByText('invoice SB-', { exact: false }).first().waitFor();

    const showOnly = (status: string) =>
      queue
        .locator('[aria-label="Which payments"]')
        .locator('label', { hasText: new RegExp(`^${status}$`) })
        .click();
    await showOnly('Approved');
    await payments.getByText(MASKED).waitFor();
    const budget = queue.getByRole('region', { name: 'Budget' });
    await budget.getByText('£75.00 approved and waiting to be paid', { exact: false }).waitFor();

    const [download] = await Promise.all([
      manager.waitForEvent('download'),
      manager.getByRole('button', { name: 'Export for payment' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^payments-Midnight-Run-First-Fifty-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await readFile((await download.path()) ?? '')).toString('utf8');
    expect(csv).toContain('"Casey Morgan"');
    expect(csv).toContain(`"${ACCOUNT_NUMBER}"`);
    expect(csv).toContain('"200000"');
    expect(csv).toContain('"75.00"');

    await payments
      .getByRole('button', { name: /^Record paid: the payment of £75\.00 to Casey Morgan/ })
      .click();
    const dialog = manager.getByRole('dialog');
    await dialog.getByText(`Paid to ${MASKED}`, { exact: false }).waitFor();
    await dialog.getByLabel('Reference').fill(REFERENCE);
    expect(await dialog.getByLabel('Date paid').inputValue()).toBe(localToday());
    await dialog.getByLabel('How it was paid').selectOption('BANK_TRANSFER');
    await shot(manager, '04-console-record-paid');
    await dialog.getByRole('button', { name: 'Record as paid' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await manager.getByText('is recorded as paid on', { exact: false }).first().waitFor();
    await showOnly('Paid');
    await payments.getByText(`To ${MASKED}`).waitFor();
    await budget.getByText('£75.00 paid', { exact: false }).waitFor();
    await shot(manager, '05-console-paid');

    const [paid] = await paymentsOf(caseyToken);
    expect(paid).toMatchObject({
      status: 'PAID',
      paidOn: localToday(),
      paidMethod: 'BANK_TRANSFER',
      paidTo: MASKED,
    });

    await casey.reload();
    const card = casey.getByRole('listitem').filter({ hasText: CAMPAIGN });
    await card.getByText('Paid', { exact: true }).first().waitFor();
    await card.getByText(`by bank transfer to ${MASKED}`, { exact: false }).waitFor();
    await casey.getByRole('region', { name: 'Payout details' }).getByText(MASKED).waitFor();
    await shot(casey, '06-creator-paid');
  }, 300_000);
});
