import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorInfo, CreatorProfileBody } from '@platform/shared';
import { linkIn, startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, newPage, screenshotPagesOnFailure, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { createWorldClient, TINY_PNG as PNG, type World } from './support/world';

// On a default install (no identity provider, an SMTP server to send through), a creator sends their
// identity check from their phone; the Support colleague who reviews checks sees it at the console's bell,
// opens it from there, and has it by email too; and her notification settings list what staff hear of.

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const SUPPORT = { email: 'sam.support@example.com', password: 'Quartz#Lantern-519' };
const CREATOR = { email: 'casey.morgan@example.com', password: 'Harbour-Lights-73!' };

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;
let world: World;

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchChromium();
  world = createWorldClient(server, smtp);
  const admin = await world.setUpAdmin(ADMIN);
  await world.addStaff(admin, { ...SUPPORT, displayName: 'Sam Support', role: 'Support' });

  // A creator signed up and verified, with a UK profile and an agency: their identity check is next.
  const genre = await world.lookup(admin, 'genre', 'Pop');
  const agency = await world.lookup(admin, 'agency', 'Stellar Talent');
  await world.lookup(admin, 'artist', 'Nova Lights');
  await world.signUp(CREATOR);
  const hint = new URL(await world.verificationLink(CREATOR.email)).searchParams.get('hint') ?? '';
  expect((await world.form('/api/auth/verify', { hint })).status).toBe(200);
  const token = await world.tokenOf(CREATOR);
  const profile: CreatorProfileBody = {
    firstName: 'Casey',
    lastName: 'Morgan',
    dateOfBirth: '1995-04-12',
    gender: 'PreferNotToSay',
    dialCode: '+44',
    mobile: '7700900123',
    address: { country: 'GB', line1: '1 High Street', city: 'London', postcode: 'SW1A 1AA' },
    handles: [{ socialPlatform: 'TikTok', handle: 'casey_morgan_creates' }],
    genreIds: [genre.id],
  };
  const { id } = await world.api<CreatorInfo>(token, 'PATCH', '/server-api/creator', profile);
  await world.api(token, 'PATCH', `/server-api/creator/${id}/user-info`, { agencyId: agency.id });
  const info = await world.api<CreatorInfo>(token, 'GET', '/server-api/creator/get-info');
  if (info.terms.updateToAccept && info.terms.currentId) {
    await world.api(token, 'PATCH', `/server-api/creator/${id}/user-info`, {
      acceptedTermsId: info.terms.currentId,
    });
  }
});
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
});

const phonePage = () => newPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
const desktopPage = () => newPage(browser, { width: 1280, height: 800 });

/** A screenshot of the page as it is now, and the page checked against WCAG 2.1 AA. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}${name}.png`, fullPage: true, animations: 'disabled' });
  await expectAccessible(page, name);
}

describe('staff told of work waiting for them', () => {
  it('tells Support of a creator’s identity check in the console and by email, and she opens it from there', async () => {
    // The creator sends their identity document and selfie from their phone.
    const creator = await phonePage();
    await signIn(creator, server.url, CREATOR, `${server.url}/`);
    const privacy = creator.getByRole('region', { name: 'Your privacy choices' });
    await creator.getByRole('heading', { name: 'Your identity' }).or(privacy).first().waitFor();
    if (await privacy.isVisible()) await creator.getByRole('button', { name: 'Allow all' }).click();
    await creator.getByRole('heading', { name: 'Your identity' }).waitFor();
    await creator
      .getByLabel('Your identity document', { exact: true })
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await creator
      .getByLabel('A selfie', { exact: true })
      .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
    const send = creator.getByRole('button', { name: 'Send for checking' });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    await creator.getByRole('heading', { name: 'We are checking your identity' }).waitFor();
    await shot(creator, 'staff-notifications-01-creator-identity-sent');

    // Support signs in: the bell in the console's header counts it.
    const support = await desktopPage();
    await signIn(support, server.url, SUPPORT, '**/console/**');
    const bell = support.getByRole('link', { name: 'Notifications' });
    await support.getByRole('status', { name: '1 unread notification' }).waitFor();
    await shot(support, 'staff-notifications-02-console-bell');

    // Her notifications name the creator, and lead to the check.
    await bell.click();
    await support.waitForURL('**/console/notifications');
    await support.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const waiting = support
      .getByRole('list', { name: 'Notifications' })
      .getByRole('link', { name: /Unread: Identity check waiting/ });
    await waiting.getByText('Casey Morgan sent their identity document and selfie').waitFor();
    await shot(support, 'staff-notifications-03-feed');

    await waiting.click();
    await support.waitForURL('**/console/identity-checks/*');
    await support.getByRole('heading', { name: 'Casey Morgan', level: 1 }).waitFor();
    await support.getByRole('img', { name: 'Selfie of Casey Morgan' }).waitFor();
    await support.getByRole('status', { name: /unread notification/ }).waitFor({ state: 'detached' });
    await shot(support, 'staff-notifications-04-check-opened');

    // The email says the same, and its button leads to the same check.
    const email = await smtp.waitFor(SUPPORT.email, (received) =>
      received.raw.includes('Identity check waiting'),
    );
    expect(email.raw).toContain('Casey Morgan sent their identity document and selfie');
    expect(linkIn(email.raw, '/console/identity-checks/')).toBe(support.url());

    // Her settings list every kind staff hear of, with an email switch each.
    await support.goto(`${server.url}/console/notifications/settings`);
    await support.getByRole('heading', { name: 'Notification settings' }).waitFor();
    await support.getByRole('switch', { name: 'Email: An identity check is waiting for review' }).waitFor();
    expect(await support.getByRole('switch', { name: /^Push: / }).count()).toBe(0);
    // By keyboard, as the switch's track covers the input from a pointer.
    const digestEmail = support.getByRole('switch', { name: /^Email: Entries are waiting for review/ });
    await digestEmail.focus();
    await support.keyboard.press('Space');
    await expect.poll(() => digestEmail.isChecked()).toBe(false);
    await support.getByRole('button', { name: 'Save my choices' }).click();
    await support.getByText('Your notification choices are saved.').waitFor();
    await shot(support, 'staff-notifications-05-settings');
  });
});
