import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAbr, type FakeAbr } from '../apps/server/src/test/fakes/abr';
import { startFakeHmrc, type FakeHmrc } from '../apps/server/src/test/fakes/hmrc';
import { linkIn, startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, newPage, screenshotPagesOnFailure, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { createWorldClient, TINY_PNG as PNG, type World } from './support/world';

// A new creator, on a phone (390 px), from sign-up to ACTIVE: the terms they accept, the email they
// verify, their profile with an ABN the Australian Business Register says is cancelled and then a VAT
// number HMRC confirms (both providers are local fakes speaking their documented APIs), their agency, an
// identity check that Support approves in the console, their artists and their payout wallet; then the
// Admin publishes new terms and the creator is asked to review them.

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const SUPPORT = { email: 'sam.support@example.com', password: 'Quartz#Lantern-519' };
const CREATOR = { email: 'casey.morgan@example.com', password: 'Harbour-Lights-73!' };
const HMRC_CLIENT = { id: 'platform-e2e', secret: 'hmrc-secret-for-the-e2e-run' };
const ABR_GUID = 'e2e00000-0000-4000-8000-000000000abr';
const VALID_VRN = '980780684';
const CANCELLED_ABN = '53004085616';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let hmrc: FakeHmrc;
let abr: FakeAbr;
let server: RunningServer;
let browser: Browser;
let world: World;

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  smtp = await startSmtpSink();
  hmrc = await startFakeHmrc({
    clientId: HMRC_CLIENT.id,
    clientSecret: HMRC_CLIENT.secret,
    registered: [
      {
        name: 'Casey Morgan Media Ltd',
        vatNumber: VALID_VRN,
        address: { line1: '1 High Street', postcode: 'SW1A 1AA', countryCode: 'GB' },
      },
    ],
  });
  abr = await startFakeAbr({
    guid: ABR_GUID,
    register: [
      {
        abn: CANCELLED_ABN,
        status: 'Cancelled',
        statusEffectiveFrom: '2019-07-01',
        entityName: 'Old Co Pty Ltd',
      },
    ],
  });
  server = await startServer({
    SMTP_URL: smtp.url,
    HMRC_API_URL: hmrc.url,
    HMRC_CLIENT_ID: HMRC_CLIENT.id,
    HMRC_CLIENT_SECRET: HMRC_CLIENT.secret,
    ABR_API_URL: abr.url,
    ABR_GUID,
  });
  browser = await launchChromium();

  // What the creator chooses from, and the Support colleague who checks identities.
  world = createWorldClient(server, smtp);
  const admin = await world.setUpAdmin(ADMIN);
  await world.lookup(admin, 'genre', 'Pop');
  await world.lookup(admin, 'agency', 'Stellar Talent');
  await world.lookup(admin, 'artist', 'Nova Lights');
  await world.addStaff(admin, { ...SUPPORT, displayName: 'Sam Support', role: 'Support' });
});
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
  await hmrc?.close();
  await abr?.close();
});

const phonePage = () => newPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
const desktopPage = () => newPage(browser, { width: 1280, height: 800 });

/** A screenshot of the page as it is now, and the page checked against WCAG 2.1 AA. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}${name}.png`, fullPage: true, animations: 'disabled' });
  await expectAccessible(page, name);
}

/** Nothing on a phone's page may make it scroll sideways. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${where} scrolls sideways`).toBeLessThanOrEqual(390);
}

async function chooseDateOfBirth(page: Page, year: string, month: string, day: string): Promise<void> {
  await page.getByRole('button', { name: 'Date of birth' }).click();
  const picker = page.getByRole('dialog').last();
  await picker.locator('select[data-select="year"]').selectOption(year);
  await picker.locator('select[data-select="month"]').selectOption({ label: month });
  await picker.getByRole('button', { name: `${day} ${month} ${year}` }).click();
}

async function chooseInSearch(page: Page, label: string, typed: string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
  await page.keyboard.press('Escape');
}

describe('a creator’s onboarding on a phone', () => {
  it('takes a new creator from sign-up to ACTIVE, with both tax checks, an identity check Support approves, and new terms to accept', async () => {
    const creator = await phonePage();

    // Sign up, reading the terms first.
    await creator.goto(`${server.url}/sign-up`);
    await creator.getByRole('button', { name: 'Read the Terms and Conditions' }).click();
    const terms = creator.getByRole('dialog', { name: 'Terms and Conditions' });
    await terms.getByText('Terms and Conditions (placeholder)').waitFor();
    await shot(creator, 'onboarding-01-sign-up-terms');
    await terms.getByRole('button', { name: 'Close' }).click();
    await terms.waitFor({ state: 'hidden' });
    await creator.getByLabel('Email').fill(CREATOR.email);
    await creator.getByLabel('Password', { exact: true }).fill(CREATOR.password);
    await creator.getByLabel('I accept the Terms and Conditions').check();
    await creator.getByRole('button', { name: 'Sign up' }).click();
    await creator.getByRole('heading', { name: 'Check your email' }).waitFor();

    const verification = await smtp.waitFor(CREATOR.email, (email) => email.raw.includes('/verify?hint='));
    await creator.goto(linkIn(verification.raw, '/verify?hint='));
    await creator.getByRole('heading', { name: /verified/i }).waitFor();
    await signIn(creator, server.url, CREATOR, `${server.url}/`);

    // First visit: privacy choices, then the first step.
    await creator.getByRole('region', { name: 'Your privacy choices' }).waitFor();
    await shot(creator, 'onboarding-02-privacy-choices');
    await creator.getByRole('button', { name: 'Allow all' }).click();
    await creator.getByRole('heading', { name: 'About you' }).waitFor();
    await creator.getByText('Step 1 of 4').waitFor();
    await expectNoSidewaysScroll(creator, 'the first step');

    await creator.getByLabel('First name').fill('Casey');
    await creator.getByLabel('Last name').fill('Morgan');
    await chooseDateOfBirth(creator, '1995', 'April', '12');
    await creator.getByLabel('Gender').selectOption('PreferNotToSay');
    await creator.getByLabel('Country').selectOption('AU');
    await expect.poll(() => creator.getByLabel('Dial code').inputValue()).toBe('+61');
    await creator.getByLabel('Mobile number').fill('412345678');
    await creator.getByLabel('Address', { exact: true }).fill('1 Harbour Street');
    await creator.getByLabel('Town or city').fill('Sydney');
    await creator.getByLabel('Postcode').fill('2000');
    await creator.getByLabel('Handle').fill('casey_morgan_creates');
    await chooseInSearch(creator, 'Genres', 'Po', 'Pop');
    await creator.getByLabel('I have an ABN and am registered for GST').check();
    await creator.getByLabel('ABN', { exact: true }).fill(CANCELLED_ABN);
    await creator.getByRole('button', { name: 'Save and continue' }).click();

    // The ABR says the ABN is cancelled: it cannot be saved (SPEC §4, §5).
    await creator
      .getByText('The ABN provided is currently inactive. Please update or provide an Active ABN.')
      .first()
      .waitFor();
    await shot(creator, 'onboarding-03-abn-cancelled');
    expect(abr.requests.length).toBeGreaterThan(0);
    await creator.keyboard.press('Escape');

    // The creator lives in the UK after all, and is VAT registered: HMRC confirms the number.
    await creator.getByLabel('Country').selectOption('GB');
    await expect.poll(() => creator.getByLabel('Dial code').inputValue()).toBe('+44');
    await creator.getByLabel('Mobile number').fill('7700900123');
    await creator.getByLabel('Town or city').fill('London');
    await creator.getByLabel('Postcode').fill('SW1A 1AA');
    await creator.getByLabel('I am registered for VAT').check();
    await creator.getByLabel('VAT number', { exact: true }).fill(`GB ${VALID_VRN}`);
    await expectNoSidewaysScroll(creator, 'the completed profile');
    await shot(creator, 'onboarding-04-profile');
    await creator.getByRole('button', { name: 'Save and continue' }).click();
    await creator.getByText('HMRC confirmed your VAT for Casey Morgan Media Ltd.').waitFor();
    await creator.getByRole('heading', { name: 'Your agency' }).waitFor();
    expect(hmrc.requests.some((request) => request.url.endsWith(`/lookup/${VALID_VRN}`))).toBe(true);

    // The agency, found by searching on the server.
    await chooseInSearch(creator, 'Your agency', 'Stel', 'Stellar Talent');
    await shot(creator, 'onboarding-05-agency');
    await creator.getByRole('button', { name: 'Continue with this agency' }).click();

    // The identity check: a document and a selfie, uploaded with progress, then sent to Support.
    await creator.getByRole('heading', { name: 'Your identity' }).waitFor();
    await creator
      .getByLabel('Your identity document', { exact: true })
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await creator
      .getByLabel('A selfie', { exact: true })
      .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
    const send = creator.getByRole('button', { name: 'Send for checking' });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await expectNoSidewaysScroll(creator, 'the identity step');
    await shot(creator, 'onboarding-06-identity-uploaded');
    await send.click();
    await creator.getByRole('heading', { name: 'We are checking your identity' }).waitFor();
    await shot(creator, 'onboarding-07-identity-waiting');

    // Support approves it in the console.
    const support = await desktopPage();
    await signIn(support, server.url, SUPPORT, '**/console/**');
    await support.getByRole('link', { name: 'Identity checks' }).click();
    await support.getByRole('link', { name: 'Review the identity check of Casey Morgan' }).click();
    await support.getByRole('img', { name: 'Selfie of Casey Morgan' }).waitFor();
    await shot(support, 'onboarding-08-support-review');
    await support.getByRole('button', { name: 'Approve' }).click();
    await support
      .getByRole('dialog', { name: 'Approve this identity check?' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await support.waitForURL('**/console/identity-checks**');
    await shot(support, 'onboarding-09-support-approved');

    // The creator's page moves on to the last step; they choose their artists and become ACTIVE.
    await creator.reload();
    await creator.getByRole('heading', { name: 'Your artists' }).waitFor();
    await chooseInSearch(creator, 'Artists', 'Nova', 'Nova Lights');
    await creator.getByRole('button', { name: 'Finish' }).click();
    await creator.getByRole('heading', { name: 'Welcome, Casey' }).waitFor();
    await creator.getByText('Your account is ready for campaigns').waitFor();
    await expectNoSidewaysScroll(creator, 'the home page');
    await shot(creator, 'onboarding-10-active');

    // The Admin publishes new terms for every territory; the creator is asked to review them.
    const admin = await desktopPage();
    await signIn(admin, server.url, ADMIN, '**/console/**');
    await admin
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Legal documents' })
      .click();
    await admin.getByRole('button', { name: 'Publish a new version' }).first().click();
    const publish = admin.getByRole('dialog', { name: 'Publish a new version' });
    await publish.getByLabel('Document').selectOption('TERMS');
    await publish.getByLabel('Version').fill('2026-12-01');
    await publish
      .getByRole('textbox', { name: 'Text' })
      .fill('Terms and Conditions, December 2026.\n\nBe kind to your audience.');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await publish.waitFor({ state: 'detached' });
    await admin.getByRole('cell', { name: /^2026-12-01 Current/i }).waitFor();
    await shot(admin, 'onboarding-11-admin-published-terms');

    await creator.reload();
    const banner = creator.getByRole('region', { name: 'Terms update' });
    await banner
      .getByText(
        'We have updated our Terms and Conditions. Please review these by clicking the link below.',
        {
          exact: false,
        },
      )
      .waitFor();
    await banner.getByRole('button', { name: 'Terms and Conditions.' }).click();
    const newTerms = creator.getByRole('dialog', { name: 'Terms and Conditions' });
    await newTerms.getByText('Be kind to your audience.').waitFor();
    await shot(creator, 'onboarding-12-new-terms');
    await newTerms.getByRole('button', { name: 'Close' }).click();
    await newTerms.waitFor({ state: 'hidden' });
    await shot(creator, 'onboarding-13-terms-banner');
    await banner.getByRole('button', { name: 'Okay' }).click();
    await banner.waitFor({ state: 'detached' });
    await creator.reload();
    await creator.getByRole('heading', { name: 'Welcome, Casey' }).waitFor();
    expect(await creator.getByRole('region', { name: 'Terms update' }).count()).toBe(0);
  });
  it('inside the mobile app, takes the app’s privacy choice and registers the phone for notifications', async () => {
    const inApp = { email: 'robin.lee@example.com', password: 'Copper-Meadow-48!' };
    await world.signUp(inApp);
    const verifyLink = await world.verificationLink(inApp.email);

    const phone = await phonePage();
    // React Native's WebView gives the page `ReactNativeWebView.postMessage`; this one answers as the app would.
    await phone.addInitScript(() => {
      const answers: Record<string, unknown> = {
        getTrackingPermissions: { mode: 'CUSTOM', allowed: ['ESSENTIAL_TECHNOLOGIES'] },
        getDeviceToken: 'fcm-device-token-for-the-e2e-phone',
      };
      (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = {
        postMessage(message: string) {
          const call = JSON.parse(message) as { type: string; id: string; method: string };
          if (call.type !== 'call') return;
          const reply = { type: 'result', id: call.id, result: answers[call.method] ?? null };
          setTimeout(
            () => window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(reply) })),
            50,
          );
        },
      };
    });
    await phone.goto(verifyLink);
    await phone.getByRole('heading', { name: /verified/i }).waitFor();

    const trackingSaved = phone.waitForRequest(
      (request) => request.method() !== 'GET' && request.url().endsWith('/user/tracking'),
    );
    const deviceRegistered = phone.waitForResponse((response) =>
      response.url().endsWith('/create-sns-platform-endpoint'),
    );
    await signIn(phone, server.url, inApp, `${server.url}/`);
    await phone.getByRole('heading', { name: 'About you' }).waitFor();
    expect(await phone.getByRole('region', { name: 'Your privacy choices' }).count()).toBe(0);
    expect((await trackingSaved).postDataJSON()).toEqual({
      trackingPermissions: { mode: 'CUSTOM', allowed: ['ESSENTIAL_TECHNOLOGIES'] },
    });
    const registration = await deviceRegistered;
    expect(registration.ok()).toBe(true);
    expect(registration.request().postDataJSON()).toMatchObject({
      deviceToken: 'fcm-device-token-for-the-e2e-phone',
    });
    await expectNoSidewaysScroll(phone, 'the first step in the app');
    await shot(phone, 'onboarding-14-in-the-app');
  });
});
