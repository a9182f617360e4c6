import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterEach } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, with no background traffic (the machine has no network). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, driven by Playwright. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * After a failed test, a screenshot of every page still open, named after the test, so a red CI run
 * shows what the browser showed.
 */
export function screenshotPagesOnFailure(getBrowser: () => Browser | undefined, folder: string): void {
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const pages = (getBrowser()?.contexts() ?? []).flatMap((browserContext) => browserContext.pages());
    const testName = context.task.name.replace(/[^\w]+/g, '-').slice(0, 60);
    await Promise.all(
      pages.map((page, index) =>
        page
          .screenshot({ path: `${folder}failed-${testName}-${index}.png`, fullPage: true })
          .catch(() => undefined),
      ),
    );
  });
}

export type Viewport = { width: number; height: number };
export type Credentials = { email: string; password: string };

/**
 * A page in a context of its own, so each person in a journey has their own cookies and session. Steps
 * wait up to 20 s: the machines CI runs on are shared and slow. The browser asks for reduced motion, so a
 * toast or modal is shown whole at once and the accessibility check never measures a frame half-faded in
 * or out; a journey about motion asks for it in `options`.
 */
export async function newPage(
  browser: Browser,
  viewport: Viewport,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** Signs in through the sign-in page and waits for the page the account lands on. */
export async function signIn(
  page: Page,
  baseUrl: string,
  account: Credentials,
  landing: string,
): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(landing);
}
