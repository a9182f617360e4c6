import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { launchChromium, screenshotPagesOnFailure } from './browser';
import { startServer, type RunningServer } from './server';

const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

const FORM_SECTIONS = [
  'Searchable single select',
  'Searchable multi-select',
  'Toggle',
  'Radio',
  'Checkbox',
  'Text input',
  'Password input',
  'Date picker',
  'Date and time picker',
  'File upload',
  'Inline validation message',
  'Form helper',
];
const DISPLAY_SECTIONS = [
  'Post link card',
  'Terms and privacy panel',
  'Footer',
  'Back button',
  'Modal message',
  'Terms update banner',
  'Confirmation bottom sheet',
  'Modal dialog',
  'Area chart',
  'Badge counter',
  'Tooltip',
  'Confetti',
  'Success toast',
  'Uploaded asset image',
];

async function openGallery(
  browser: Browser,
  url: string,
  width: number,
  height: number,
): Promise<{ page: Page; errors: string[] }> {
  // As every journey's pages do (newPage): overlays show whole at once, and demo placeholders hold still.
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${url}/design`);
  // The gallery loads every widget's code at once; beside another journey on a busy machine that
  // takes longer than one interaction should.
  const galleryLoaded = { timeout: 60_000 };
  await page.getByRole('heading', { level: 1, name: 'Widget gallery' }).waitFor(galleryLoaded);
  await page.getByRole('heading', { level: 2, name: FORM_SECTIONS[0] }).waitFor(galleryLoaded);
  await page.getByRole('heading', { level: 2, name: DISPLAY_SECTIONS[0] }).waitFor(galleryLoaded);
  return { page, errors };
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

/** The card showing one state of a form widget (the gallery's sections hold several, some always busy). */
const stateCardOf = (widget: Locator) => widget.locator('xpath=ancestor::*[@role="group"][1]');

/**
 * A CSS selector for exactly the element `locator` finds (its id, or its place in the document), for axe
 * to check that element alone.
 */
async function selectorOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const steps: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (node.id) {
        steps.unshift(`#${CSS.escape(node.id)}`);
        break;
      }
      const parent = node.parentElement;
      steps.unshift(
        parent ? `${node.localName}:nth-child(${[...parent.children].indexOf(node) + 1})` : 'html',
      );
    }
    return steps.join(' > ');
  });
}

/**
 * Checks only `regions` (what a step opened or changed): the whole gallery, many times their size, was
 * checked once by the first test and each check of it takes seconds.
 */
async function expectRegionsAccessible(page: Page, label: string, regions: Locator[]): Promise<void> {
  const include = await Promise.all(regions.map(selectorOf));
  await expectAccessible(page, label, { include });
}

/**
 * Moves focus with the Tab key until `target` has it, as a keyboard user would, looking after each press.
 * The element is found once rather than by role and name after every press, which on the whole gallery
 * cost more than the press; it is found again only if the page replaced it.
 */
async function tabTo(target: Locator, limit = 200): Promise<void> {
  const page = target.page();
  let element = await target.elementHandle();
  try {
    for (let presses = 0; presses < limit; presses += 1) {
      const focused = await element.evaluate((node) =>
        node.isConnected ? node === document.activeElement : undefined,
      );
      if (focused) return;
      if (focused === undefined) {
        await element.dispose();
        element = await target.elementHandle();
        continue;
      }
      await page.keyboard.press('Tab');
    }
  } finally {
    await element.dispose();
  }
  throw new Error('could not reach the element with the Tab key');
}

/** Moves the highlighted option with the arrow keys until `option` is the one Enter would pick. */
async function highlight(page: Page, option: Locator, limit = 40): Promise<void> {
  await option.waitFor();
  for (let presses = 0; presses < limit; presses += 1) {
    if ((await option.getAttribute('data-combobox-selected')) !== null) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error('could not highlight the option with the arrow keys');
}

/**
 * The widget gallery's journeys at one viewport: a file for each viewport, so that they can run side by
 * side.
 */
export function describeWidgetGallery(label: string, width: number, height: number): void {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    await mkdir(artifacts, { recursive: true });
    server = await startServer();
    browser = await launchChromium();
  });
  // Each test opens the gallery in a context of its own. Closed after the test (after a failure's
  // screenshots, which the hook below takes first), its still-turning loaders stop drawing beside the next.
  afterEach(async () => {
    await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
  });
  screenshotPagesOnFailure(() => browser, artifacts);
  afterAll(async () => {
    await browser?.close();
    await server?.cleanup();
  });

  describe(`the widget gallery on a ${label}`, () => {
    it('shows every widget, with no horizontal scrolling and no script errors', async () => {
      const { page, errors } = await openGallery(browser, server.url, width, height);
      for (const name of [...FORM_SECTIONS, ...DISPLAY_SECTIONS]) {
        const heading = page.getByRole('heading', { level: 2, name, exact: true });
        await heading.scrollIntoViewIfNeeded();
        expect(await heading.isVisible(), name).toBe(true);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${artifacts}design-${label}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await expectAccessible(page, `widget gallery on a ${label}`);
    });

    it('works by keyboard: selects search and pick, toggles switch, passwords reveal, files upload', async () => {
      const { page } = await openGallery(browser, server.url, width, height);

      const single = section(page, 'Searchable single select');
      const genre = single.getByRole('combobox', { name: 'Genre', exact: true });
      await tabTo(genre);
      await page.keyboard.type('ja');
      await highlight(page, page.getByRole('option', { name: /Jazz/ }));
      await page.keyboard.press('Enter');
      await expect.poll(() => genre.inputValue()).toBe('Jazz');
      await page.screenshot({ path: `${artifacts}design-${label}-select.png`, animations: 'disabled' });
      await expectRegionsAccessible(page, `searchable select picked on a ${label}`, [single]);

      const multi = section(page, 'Searchable multi-select');
      const genres = multi.getByRole('combobox', { name: 'Genres', exact: true });
      await genres.focus();
      await page.keyboard.press('ArrowDown');
      const selectAll = page.getByRole('option', { name: 'Select all' });
      await selectAll.waitFor();
      await expectRegionsAccessible(page, `multi-select's options on a ${label}`, [
        multi,
        page.getByRole('listbox').filter({ has: selectAll }),
      ]);
      // The list scrolls with its field, and stays when the field has scrolled off the screen.
      await selectAll.evaluate((option) => option.scrollIntoView({ block: 'start' }));
      expect(await genres.evaluate((field) => field.getBoundingClientRect().bottom)).toBeLessThan(0);
      await page.evaluate(
        () => new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled))),
      );
      expect(await selectAll.isVisible()).toBe(true);
      for (
        let presses = 0;
        presses < 30 && (await selectAll.getAttribute('data-combobox-selected')) === null;
        presses += 1
      ) {
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      await multi.getByRole('button', { name: 'Remove Jazz' }).first().waitFor();
      await page.keyboard.press('Escape');

      const toggle = section(page, 'Toggle').getByRole('switch', { name: 'Email notifications' });
      await toggle.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => toggle.isChecked()).toBe(true);

      const password = section(page, 'Password input').getByLabel('Password', { exact: true });
      await password.fill('S3cret!pass');
      await section(page, 'Password input')
        .getByRole('button', { name: 'Toggle password visibility' })
        .first()
        .focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => password.getAttribute('type')).toBe('text');

      // Named by its label and then the date or placeholder it shows.
      const datePicker = section(page, 'Date picker');
      const dateButton = datePicker.getByRole('button', { name: /^Date of birth/ });
      await dateButton.focus();
      await page.keyboard.press('Enter');
      const calendar = page.getByRole('dialog').last();
      await calendar.waitFor();
      expect(await page.locator('select[data-select="year"] option').count()).toBe(100);
      await page.screenshot({ path: `${artifacts}design-${label}-date-picker.png`, animations: 'disabled' });
      await expectRegionsAccessible(page, `date picker on a ${label}`, [datePicker, calendar]);
      await page.keyboard.press('Escape');

      const upload = section(page, 'File upload');
      await upload.getByLabel('Campaign asset', { exact: true }).setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
          'base64',
        ),
      });
      await upload
        .getByText(/Uploading… \d+%/)
        .first()
        .waitFor();
      await page.screenshot({ path: `${artifacts}design-${label}-uploading.png`, animations: 'disabled' });
      await upload.getByText('Uploaded').first().waitFor({ timeout: 10_000 });
      // What changed since the last check is checked with the upload: the genres picked, the switch turned
      // on, the password shown and the date picker closed.
      await expectRegionsAccessible(page, `file uploaded on a ${label}`, [
        upload,
        stateCardOf(genres),
        stateCardOf(toggle),
        stateCardOf(password),
        stateCardOf(dateButton),
      ]);

      const helper = section(page, 'Form helper');
      await helper.getByRole('button', { name: 'Show server errors' }).focus();
      await page.keyboard.press('Enter');
      await helper.getByText('This handle is already selected in HOC').waitFor();
      await helper.getByText('You should be 18 years or older').waitFor();
      await expectRegionsAccessible(page, `fields in error on a ${label}`, [helper]);
    }, 420_000);

    it('works by keyboard: overlays open, answer and close', async () => {
      const { page } = await openGallery(browser, server.url, width, height);

      const modalMessage = section(page, 'Modal message');
      await tabTo(modalMessage.getByRole('button', { name: 'Show modal message' }));
      await page.keyboard.press('Enter');
      const message = page.getByRole('dialog', { name: 'Entry received' });
      await message.waitFor();
      await page.screenshot({
        path: `${artifacts}design-${label}-modal-message.png`,
        animations: 'disabled',
      });
      await expectRegionsAccessible(page, `modal message on a ${label}`, [message]);
      await message.getByRole('button', { name: 'Okay' }).focus();
      await page.keyboard.press('Enter');
      await message.waitFor({ state: 'hidden' });

      const bottomSheet = section(page, 'Confirmation bottom sheet');
      await bottomSheet.getByRole('button', { name: 'Open bottom sheet' }).focus();
      await page.keyboard.press('Enter');
      const sheet = page.getByRole('dialog', { name: 'Leave this campaign?' });
      await sheet.waitFor();
      await page.screenshot({ path: `${artifacts}design-${label}-bottom-sheet.png`, animations: 'disabled' });
      await expectRegionsAccessible(page, `confirmation sheet on a ${label}`, [sheet]);
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });

      const modalDialog = section(page, 'Modal dialog');
      await modalDialog.getByRole('button', { name: 'Open dialog' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Rename entry' });
      await dialog.waitFor();
      await expectRegionsAccessible(page, `modal dialog on a ${label}`, [dialog]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      const termsPanel = section(page, 'Terms and privacy panel');
      await termsPanel.getByRole('button', { name: 'Open terms' }).focus();
      await page.keyboard.press('Enter');
      const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
      await terms.waitFor();
      await terms.getByRole('button', { name: 'Close' }).waitFor();
      await page.screenshot({ path: `${artifacts}design-${label}-terms-panel.png`, animations: 'disabled' });
      await expectRegionsAccessible(page, `terms panel on a ${label}`, [terms]);
      await page.keyboard.press('Escape');
      await terms.waitFor({ state: 'hidden' });

      const tooltipSection = section(page, 'Tooltip');
      await tabTo(tooltipSection.getByRole('button', { name: 'About reward types' }));
      const tooltip = page.getByRole('tooltip');
      await tooltip.waitFor();
      // The sections whose overlays opened and closed are checked with the tooltip's, as they are now.
      await expectRegionsAccessible(page, `tooltip on a ${label}`, [
        tooltip,
        tooltipSection,
        modalMessage,
        bottomSheet,
        modalDialog,
        termsPanel,
      ]);

      const badge = section(page, 'Badge counter');
      await badge.getByRole('status', { name: '99+ unread' }).waitFor();

      const toastSection = section(page, 'Success toast');
      await toastSection.getByRole('button', { name: 'Show success toast' }).focus();
      await page.keyboard.press('Enter');
      const toast = page.getByRole('alert').filter({ hasText: 'Entry submitted' });
      await toast.waitFor();
      await expectRegionsAccessible(page, `success toast on a ${label}`, [toast, toastSection]);

      const banner = page.getByRole('region', { name: 'Terms update' }).first();
      await banner.getByRole('button', { name: 'Okay' }).focus();
      await page.keyboard.press('Enter');
      await banner.getByRole('button', { name: 'Okay' }).waitFor();

      await section(page, 'Confetti').getByRole('button', { name: 'Celebrate' }).focus();
      await page.keyboard.press('Enter');
      await section(page, 'Confetti')
        .getByText(/Celebrations finished: 1/)
        .waitFor({ timeout: 8_000 });
    }, 420_000);
  });
}
