import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, newPage, screenshotPagesOnFailure, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { createServerClock, type ServerClock } from './support/server-clock';
import { createWorldClient, type World } from './support/world';

// A creator's phone goes into a pocket with the app open. The tab sleeps, its timers stop, and its access
// token runs out. Both clocks are moved honestly: the server runs under libfaketime, whose offset is read
// from a file on every call (so the access token really is expired when the server checks it), and the
// page runs on Playwright's clock, moved without firing its timers, as a sleeping tab's are not fired.
// While the session is live (24 hours without use) the next call goes through without a sign-in; once it
// has ended, sign-in brings the creator back to the page they were on; a deactivated account is told so.

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const SUPPORT = { email: 'sam.support@example.com', password: 'Quartz#Lantern-519' };
const CASEY = { email: 'casey.morgan@example.com', password: 'Harbour-Lights-73!' };
const DREW = { email: 'drew.patel@example.com', password: 'Copper-Meadow-41!' };
const PHONE = { width: 390, height: 844 };
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;
let world: World;
let clock: ServerClock;
let drewId: string;
/** The tab sleeps for `byMs`: its clock jumps ahead without firing the timers that came due meanwhile. */
async function sleepTab(page: Page, byMs: number): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.setSystemTime(now + byMs);
}

const storedToken = (page: Page) => page.evaluate(() => window.sessionStorage.getItem('id_token'));

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}sessions-${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  clock = await createServerClock();
  smtp = await startSmtpSink();
  server = await startServer({
    SMTP_URL: smtp.url,
    ...clock.environment,
  });
  browser = await launchChromium();
  world = createWorldClient(server, smtp);
  const admin = await world.setUpAdmin(ADMIN);
  await world.createTerritory(admin, { name: 'Britain', countries: ['GB'] });
  await world.addStaff(admin, { ...SUPPORT, displayName: 'Sam Support', role: 'Support' });
  const support = await world.tokenOf(SUPPORT);
  await world.activeCreator(admin, support, { ...CASEY, firstName: 'Casey', lastName: 'Morgan' });
  const drew = await world.activeCreator(admin, support, { ...DREW, firstName: 'Drew', lastName: 'Patel' });
  drewId = drew.id;
}, 240_000);
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
  await clock?.remove();
});

describe('sessions that survive a phone in a pocket', () => {
  it('a tab that slept 31 minutes goes on without a sign-in; after a day away, sign-in leads back to the page', async () => {
    const casey = await newPage(browser, PHONE);
    await casey.clock.install();
    await signIn(casey, server.url, CASEY, `${server.url}/`);
    await casey.goto(`${server.url}/payments`);
    await casey.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    const firstToken = await storedToken(casey);
    await shot(casey, '01-payments-before-sleep');

    // The server's own check: after 31 minutes the token the tab holds is refused.
    await clock.advance(31 * MINUTE);
    const refused = await casey.evaluate(async (token) => {
      const response = await fetch('/server-api/creator/profile', {
        headers: { Authorization: `Bearer ${token ?? ''}` },
      });
      return response.status;
    }, firstToken);
    expect(refused).toBe(401);

    await sleepTab(casey, 31 * MINUTE);
    const calls: { path: string; status: number }[] = [];
    casey.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/server-api/') || pathname.startsWith('/api/')) {
        calls.push({ path: pathname, status: response.status() });
      }
    });
    await casey.getByRole('button', { name: 'Back' }).click();
    await casey.waitForURL(`${server.url}/`);
    await casey.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => calls.some((call) => call.path === '/api/auth/refresh-token')).toBe(true);

    // The expired token met a 401 once, the session renewed it, and the calls went through.
    expect(calls.filter((call) => call.path === '/api/auth/refresh-token')).toEqual([
      { path: '/api/auth/refresh-token', status: 200 },
    ]);
    expect(calls.some((call) => call.status === 401)).toBe(true);
    expect(casey.url()).toBe(`${server.url}/`);
    const renewedToken = await storedToken(casey);
    expect(renewedToken).not.toBeNull();
    expect(renewedToken).not.toBe(firstToken);
    await casey.goto(`${server.url}/payments`);
    await casey.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    expect(casey.url()).toBe(`${server.url}/payments`);
    // The page's own calls went through with the renewed token: her (empty) list is shown, not a sign-in.
    await casey.getByText('No payments yet').waitFor();
    await shot(casey, '02-payments-after-31-minutes');

    // A day and more without use ends the session: sign-in says so and leads back to the page.
    await clock.advance(25 * HOUR);
    await sleepTab(casey, 25 * HOUR);
    await casey.getByRole('button', { name: 'Back' }).click();
    await casey.waitForURL(/\/sign-in\?returnTo=%2Fpayments$/);
    await casey.getByText('Your session has expired. Please sign in again.').waitFor();
    await shot(casey, '03-sign-in-after-a-day');

    await casey.getByLabel('Email').fill(CASEY.email);
    await casey.getByLabel('Password', { exact: true }).fill(CASEY.password);
    await casey.getByRole('button', { name: 'Sign in' }).click();
    await casey.waitForURL(`${server.url}/payments`);
    await casey.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await shot(casey, '04-back-on-payments');

    // A return address that leaves the app is not followed.
    const other = await newPage(browser, PHONE);
    await other.goto(`${server.url}/sign-in?returnTo=${encodeURIComponent('//evil.example/phish')}`);
    await other.getByLabel('Email').fill(CASEY.email);
    await other.getByLabel('Password', { exact: true }).fill(CASEY.password);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.waitForURL(`${server.url}/`);
    await other.context().close();
    await casey.context().close();
  }, 180_000);

  it('a creator whose account was deactivated meanwhile is told so, and so is a sign-in after it', async () => {
    const drew = await newPage(browser, PHONE);
    await signIn(drew, server.url, DREW, `${server.url}/`);
    await drew.goto(`${server.url}/payments`);
    await drew.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();

    // Deactivated from another device: every session ends at once.
    const otherDevice = await world.tokenOf(DREW);
    const deactivated = await fetch(`${server.url}/server-api/creator/user/${drewId}/deactivate`, {
      headers: { authorization: `Bearer ${otherDevice}` },
    });
    expect(deactivated.status).toBe(200);
    // Back home, whose first call finds the session ended.
    await drew.getByRole('button', { name: 'Back' }).click();
    await drew.waitForURL(`${server.url}/sign-in`);
    const alert = drew.getByRole('alert').filter({ hasText: 'This account has been deactivated' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('please contact Support');
    await shot(drew, '05-deactivated-session-ended');

    await drew.getByLabel('Email').fill(DREW.email);
    await drew.getByLabel('Password', { exact: true }).fill(DREW.password);
    await drew.getByRole('button', { name: 'Sign in' }).click();
    await alert.waitFor();
    expect(drew.url()).toContain('/sign-in');
    expect(await drew.getByRole('dialog').count()).toBe(0);
    await shot(drew, '06-deactivated-sign-in');
  }, 120_000);
});
