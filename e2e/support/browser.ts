import { chromium, type Browser } from 'playwright-core';
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
