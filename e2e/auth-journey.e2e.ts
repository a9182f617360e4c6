import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, screenshotPagesOnFailure } from './support/browser';
import { e2eWebBuild, startServer, type RunningServer } from './support/server';

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchChromium();
});
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
});

async function newPage(width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Signs a creator up as the sign-up page would, accepting the terms currently published. */
async function signUpThroughApi(email: string, password: string): Promise<void> {
  const current = (await (await fetch(`${server.url}/server-api/legal-documents`)).json()) as {
    documents: { id: string; type: string }[];
  };
  const terms = current.documents.find(({ type }) => type === 'TERMS');
  const response = await fetch(`${server.url}/api/auth/sign-up`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password, tncVersion: terms?.id ?? '' }),
  });
  expect(response.status).toBe(200);
}

/** A screenshot of the page as it is now, and the page checked against WCAG 2.1 AA. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

describe('a creator’s account journey in Chromium', () => {
  it('signs up, verifies by email, signs in, resets a forgotten password, and signs out', async () => {
    const email = 'maria.lopez@example.com';
    const firstPassword = 'Tr4vel-Nimbus-82!';
    const newPassword = 'Quartz#Lantern-519';
    const page = await newPage(390, 844);

    await page.goto(`${server.url}/sign-up`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('This field is required').count()).toBeGreaterThan(0);
    await shot(page, 'sign-up-errors');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('weak');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByText('Strength: Strong').waitFor();
    await page.getByRole('checkbox').check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'sign-up-filled');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/check-email**');
    await shot(page, 'check-email');

    const verification = await smtp.waitFor(email, (message) => message.raw.includes('/verify?hint='));
    await page.goto(linkIn(verification.raw, '/verify?hint='));
    await page
      .getByText(/verified/i)
      .first()
      .waitFor();
    await shot(page, 'verified');

    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The email or password is incorrect. Please try again.').waitFor();
    await shot(page, 'sign-in-failed');
    await page.getByRole('button', { name: 'Okay' }).click();

    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // A verified creator who has not onboarded yet is taken to the first step.
    await page.getByRole('heading', { name: 'About you' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => sessionStorage.getItem('id_token'))).toMatch(/^ey/);
    await shot(page, 'home');

    await page.reload();
    await page.getByRole('heading', { name: 'About you' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');

    await page.getByRole('link', { name: /forgot/i }).click();
    // The next page loads lazily: the sign-in form, with its own Email field, stays until it arrives.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await expectAccessible(page, 'forgot password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email sent').waitFor();
    await shot(page, 'forgot-password-sent');

    const reset = await smtp.waitFor(email, (message) => message.raw.includes('/reset-password?hint='));
    await page.goto(linkIn(reset.raw, '/reset-password?hint='));
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await shot(page, 'reset-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    await shot(page, 'reset-done');

    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'About you' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');
    await page.goto(`${server.url}/`);
    await page.waitForURL('**/sign-in');
    expect(await page.evaluate(() => sessionStorage.getItem('id_token'))).toBeNull();
  });

  it('shows an expired-or-used state when a verification link is opened twice', async () => {
    const email = 'twice@example.com';
    const page = await newPage(1280, 800);
    await page.goto(`${server.url}/sign-up`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Tr4vel-Nimbus-82!');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/check-email**');
    const verification = await smtp.waitFor(email, (message) => message.raw.includes('/verify?hint='));
    const link = linkIn(verification.raw, '/verify?hint=');
    await page.goto(link);
    await page
      .getByText(/verified/i)
      .first()
      .waitFor();
    await page.goto(link);
    await page
      .getByText(/already been used/i)
      .first()
      .waitFor();
    await shot(page, 'verify-used-desktop');
    await page.goto(`${server.url}/verify?hint=not-a-real-hint`);
    await page
      .getByText(/not valid|failed/i)
      .first()
      .waitFor();
    await expectAccessible(page, 'verify with a link that is not valid');
  });

  it('creates the first Admin through the one-time setup link from the log', async () => {
    const setupLink = /"link":"([^"]*\/setup\?token=[^"]+)"/.exec(server.output())?.[1];
    expect(setupLink).toBeDefined();
    const page = await newPage(1280, 800);
    await page.goto(setupLink ?? '');
    await page.getByRole('button', { name: 'Create Admin' }).waitFor();
    await expectAccessible(page, 'first Admin setup');
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Harbour-Lights-73!');
    await page.getByLabel('Confirm password').fill('Harbour-Lights-73!');
    await page.getByRole('button', { name: 'Create Admin' }).click();
    await page
      .getByRole('link', { name: /sign in/i })
      .first()
      .waitFor();
    await shot(page, 'setup-done');

    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Harbour-Lights-73!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('admin@example.com').waitFor();
    await page.getByText('Admin', { exact: true }).first().waitFor();
    await shot(page, 'admin-home');
  });

  it('keeps a creator signing in from their own browser while a flood of wrong passwords locks everyone else out', async () => {
    const email = 'under.attack@example.com';
    const password = 'Tr4vel-Nimbus-82!';
    const form = (body: Record<string, string>) =>
      fetch(`${server.url}/api/auth/sign-in`, { method: 'POST', body: new URLSearchParams(body) });
    await signUpThroughApi(email, password);

    const signIn = async (page: Page) => {
      await page.goto(`${server.url}/sign-in`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    const ownBrowser = await newPage(390, 844);
    await signIn(ownBrowser);
    await ownBrowser.getByRole('button', { name: 'Resend verification email' }).waitFor();
    await ownBrowser.getByRole('button', { name: 'Sign out' }).click();
    await ownBrowser.waitForURL('**/sign-in');

    const attempts = [];
    for (let attempt = 0; attempt < 15; attempt += 1) {
      attempts.push((await form({ username: email, password: `Guess-${attempt}-Wrong!` })).status);
    }
    expect(attempts.slice(-3)).toEqual([429, 429, 429]);

    const otherBrowser = await newPage(390, 844);
    await signIn(otherBrowser);
    await otherBrowser.getByText('The email or password is incorrect. Please try again.').waitFor();
    await shot(otherBrowser, 'sign-in-locked-elsewhere');

    await signIn(ownBrowser);
    await ownBrowser.getByRole('button', { name: 'Resend verification email' }).waitFor();
    expect(new URL(ownBrowser.url()).pathname).toBe('/');
    expect(await ownBrowser.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(ownBrowser, 'sign-in-own-browser-during-attack');
  });

  it('keeps an unverified creator’s account page within a 390 px phone, at the usual and at twice the text size', async () => {
    const email = 'not.yet.verified@example.com';
    const password = 'Tr4vel-Nimbus-82!';
    await signUpThroughApi(email, password);
    const page = await newPage(390, 844);
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const resend = page.getByRole('button', { name: 'Resend verification email' });
    await resend.waitFor();
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(390);

    const resent = () =>
      Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/resend-verification')),
        resend.click(),
      ]);
    await resent();
    await page.getByText('Open the link we emailed you.').waitFor();
    await resent();
    expect(await page.getByText('Open the link we emailed you.').count()).toBe(1);
    await shot(page, 'home-unverified');

    // A phone set to large text (200 %, WCAG 1.4.4): the browser's default font size, which rem sizes follow.
    const browserSettings = await page.context().newCDPSession(page);
    await browserSettings.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize))
      .toBe('32px');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    // The visible part only: a full-page capture puts the default font sizes back.
    await page.screenshot({ path: `${artifacts}home-unverified-large-text.png` });
    await expectAccessible(page, 'unverified home at twice the text size');
  });

  it('opens the sign-in page on a phone with every file compressed and the page’s own chunks asked for up front', async () => {
    const page = await newPage(390, 844);
    const assets: { url: string; encoding?: string; cacheControl?: string }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) {
        const headers = response.headers();
        assets.push({
          url: response.url(),
          encoding: headers['content-encoding'],
          cacheControl: headers['cache-control'],
        });
      }
    });
    const shell = await page.goto(`${server.url}/sign-in`);
    expect(shell?.headers()['content-encoding']).toBe('br');
    expect(shell?.headers()['cache-control']).toBe('no-cache');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expectAccessible(page, 'sign in on a phone');

    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map(
        (link) => link.getAttribute('href') ?? '',
      ),
    );
    const manifest = JSON.parse(await readFile(join(e2eWebBuild, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const signInChunk = manifest['src/app/routes/sign-in.tsx']?.file;
    expect(signInChunk).toBeDefined();
    expect(preloaded).toContain(`/${signInChunk}`);
    const scripts = assets.filter(({ url }) => url.endsWith('.js') || url.endsWith('.css'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const asset of scripts) {
      expect(asset.cacheControl, asset.url).toBe('public, max-age=31536000, immutable');
    }
    // Files over 1 KB were compressed at build time; smaller ones are not worth it.
    expect(scripts.filter(({ encoding }) => encoding === 'br').length).toBeGreaterThan(scripts.length / 2);
  });
});
