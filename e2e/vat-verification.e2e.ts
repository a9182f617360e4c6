import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Payment } from '@platform/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, newPage, screenshotPagesOnFailure, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { createWorldClient, type World } from './support/world';

// A UK creator registered for VAT on a default install, where no HMRC credentials are configured: she
// gives her VAT number, is told that Support checks it by hand and that her invoices carry no VAT until
// then; Sam from Support checks it in the console and records what he checked; the payment approved
// after that comes with a self-billed VAT invoice, which she downloads from her payments page.

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const PASSWORD = 'Quartz#Lantern-519';
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const MARKETER = { email: 'mia.marketer@example.com', password: PASSWORD };
const MANAGER = { email: 'max.manager@example.com', password: PASSWORD };
const SUPPORT = { email: 'sam.support@example.com', password: PASSWORD };
const CASEY = { email: 'casey.morgan@example.com', password: 'Harbour-Lights-73!' };
const CAMPAIGN = 'Midnight Run First Five';
const VAT_NUMBER = 'GB980780684';
const NO_VAT_YET = 'Your invoices have no VAT line yet';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;
let world: World;
let casey: { id: string; token: string };
let manager: string;
let campaignId: string;

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchChromium();

  world = createWorldClient(server, smtp);
  const admin = await world.setUpAdmin(ADMIN);
  const team = await world.createTeam(admin, 'Launch team');
  const territory = await world.createTerritory(admin, { name: 'Britain', countries: ['GB'] });
  await world.addStaff(admin, {
    ...MARKETER,
    displayName: 'Mia Marketer',
    role: 'CampaignMarketer',
    teamIds: [team.id],
  });
  await world.addStaff(admin, {
    ...MANAGER,
    displayName: 'Max Manager',
    role: 'CampaignManager',
    teamIds: [team.id],
  });
  await world.addStaff(admin, { ...SUPPORT, displayName: 'Sam Support', role: 'Support' });
  casey = await world.activeCreator(admin, await world.tokenOf(SUPPORT), {
    ...CASEY,
    firstName: 'Casey',
    lastName: 'Morgan',
  });
  manager = await world.tokenOf(MANAGER);
  const startsAt = new Date(Date.now() + 5_000);
  ({ id: campaignId } = await world.publishedCampaign(await world.tokenOf(MARKETER), manager, {
    name: CAMPAIGN,
    type: 'CHALLENGE',
    teamId: team.id,
    territoryIds: [territory.id],
    startsAt,
    reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 12_345, slots: 5 },
  }));
}, 300_000);
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
});

/** A screenshot of the page as it is now, and the page checked against WCAG 2.1 AA. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}vat-verification-${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

/** The creator's entry in the live campaign, approved, and its payment approved by the manager. */
async function approvedPayment(): Promise<Payment> {
  const liveBy = Date.now() + 60_000;
  const statusOf = async () =>
    (await world.api<{ status: string }>(casey.token, 'GET', `/server-api/campaigns/${campaignId}`)).status;
  while ((await statusOf()) !== 'LIVE') {
    if (Date.now() > liveBy) throw new Error(`${CAMPAIGN} did not go live at its start`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  await world.api(casey.token, 'POST', '/server-api/campaigns/rsvp', { campaignId, creatorId: casey.id });
  const entry = await world.api<{ id: string }>(casey.token, 'POST', '/server-api/campaigns/entry', {
    campaignId,
    postLink: `https://www.tiktok.com/@casey_morgan/video/74${String(Date.now()).slice(-12)}10000`,
    platform: 'TikTok',
  });
  await world.api(
    manager,
    'POST',
    `/server-api/marketing/campaigns/${campaignId}/entries/${entry.id}/approve`,
  );
  const { data } = await world.api<{ data: Payment[] }>(
    casey.token,
    'POST',
    '/server-api/creator/payment/search',
    {},
  );
  const pending = data.find((payment) => payment.campaignId === campaignId);
  if (!pending) throw new Error(`no payment for ${CAMPAIGN}: ${JSON.stringify(data)}`);
  return world.api<Payment>(manager, 'POST', `/server-api/marketing/payments/${pending.id}/approve`);
}

/** The PDF's text, as Poppler's pdftotext reads it (poppler-utils, which the invoice tests need too). */
function pdfText(path: string): string {
  const result = spawnSync('pdftotext', [path, '-'], { encoding: 'utf8' });
  if (result.error)
    throw new Error(`pdftotext could not run (${result.error.message}): install poppler-utils`);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.replace(/\s+/g, ' ');
}

describe('a VAT number checked by hand', () => {
  it('a UK creator is told why her invoices have no VAT yet; Support verifies her number in the console; her next invoice carries VAT', async () => {
    const phone = await newPage(browser, PHONE, { acceptDownloads: true });
    await signIn(phone, server.url, CASEY, `${server.url}/`);
    await phone.goto(`${server.url}/account`);
    const details = phone.getByRole('region', { name: 'Your details' });
    await details.getByRole('switch', { name: 'I am registered for VAT' }).check();
    await details.getByLabel('VAT number').fill(VAT_NUMBER);
    await details
      .getByText(
        'Our Support team checks it by hand with HMRC. Until they have confirmed it, your invoices carry no VAT; those issued after do.',
      )
      .waitFor();
    await shot(phone, '01-vat-number-phone');
    await details.getByRole('button', { name: 'Save my details' }).click();
    const notice = phone.getByRole('region', { name: NO_VAT_YET });
    await notice.getByText(`has not confirmed ${VAT_NUMBER} yet`, { exact: false }).waitFor();
    await shot(phone, '02-account-notice-phone');

    await phone.goto(`${server.url}/payments`);
    await phone
      .getByRole('region', { name: NO_VAT_YET })
      .getByText('contact Support', { exact: false })
      .waitFor();
    await shot(phone, '03-payments-notice-phone');

    const wide = await newPage(browser, DESKTOP);
    await signIn(wide, server.url, CASEY, `${server.url}/`);
    await wide.goto(`${server.url}/payments`);
    await wide.getByRole('region', { name: NO_VAT_YET }).waitFor();
    await shot(wide, '04-payments-notice-desktop');

    const support = await newPage(browser, DESKTOP);
    await signIn(support, server.url, SUPPORT, '**/console/**');
    await support.goto(`${server.url}/console/creators/${casey.id}`);
    const tax = support.getByRole('region', { name: 'Tax registration' });
    await tax.getByText('invoices issued to Casey Morgan carry no VAT', { exact: false }).waitFor();
    await shot(support, '05-console-not-verified');
    await tax.getByRole('button', { name: 'Verify by hand' }).click();
    const dialog = support.getByRole('dialog', { name: `Verify ${VAT_NUMBER} by hand` });
    await dialog
      .getByLabel('What you checked')
      .fill('HMRC’s online VAT check: the number is registered to Casey Morgan, 1 High Street, London.');
    await dialog.getByLabel('Reference').fill('HMRC consultation 1234-5678-9012');
    await shot(support, '06-console-verify-dialog');
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await tax.getByText('Verified by hand on', { exact: false }).waitFor();
    await tax.getByText('Reference: HMRC consultation 1234-5678-9012').waitFor();
    await shot(support, '07-console-verified');

    const payment = await approvedPayment();
    expect(payment.invoiceNumber).toMatch(/^SB-\d{4}-\d{6}$/);

    await phone.goto(`${server.url}/payments`);
    const card = phone.getByRole('listitem').filter({ hasText: CAMPAIGN });
    const download = card.getByRole('button', { name: `Download invoice ${payment.invoiceNumber}` });
    await download.waitFor();
    expect(await phone.getByRole('region', { name: NO_VAT_YET }).count()).toBe(0);
    await shot(phone, '08-payments-verified-phone');
    const [file] = await Promise.all([phone.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`${payment.invoiceNumber}.pdf`);
    const text = pdfText((await file.path()) ?? '');
    expect(text).toContain('Self-billed VAT invoice');
    expect(text).toContain('The VAT shown is your output tax due to HMRC.');
    expect(text).toContain(`VAT number ${VAT_NUMBER}`);
    expect(text).toMatch(/VAT at 20%\s*£24\.69/);
    expect(text).toMatch(/£148\.14/);
  }, 300_000);
});
