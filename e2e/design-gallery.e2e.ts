import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { launchChromium, screenshotPagesOnFailure } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
});
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
});

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

async function openGallery(width: number, height: number): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/design`);
  // The gallery loads every widget's code at once; beside another journey on a busy machine that
  // takes longer than one interaction should.
  const galleryLoaded = { timeout: 60_000 };
  await page.getByRole('heading', { level: 1, name: 'Widget gallery' }).waitFor(galleryLoaded);
  await page.getByRole('heading', { level: 2, name: FORM_SECTIONS[0] }).waitFor(galleryLoaded);
  await page.getByRole('heading', { level: 2, name: DISPLAY_SECTIONS[0] }).waitFor(galleryLoaded);
  return { page, errors };
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

/** Moves focus with the Tab key until `target` has it, as a keyboard user would. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 200): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('could not reach the element with the Tab key');
}

/** Moves the highlighted option with the arrow keys until `option` is the one Enter would pick. */
async function highlight(page: Page, option: ReturnType<Page['getByRole']>, limit = 40): Promise<void> {
  await option.waitFor();
  for (let presses = 0; presses < limit; presses += 1) {
    if ((await option.getAttribute('data-combobox-selected')) !== null) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error('could not highlight the option with the arrow keys');
}

describe.each([
  ['phone', 390, 844],
  ['desktop', 1280, 900],
])('the widget gallery on a %s', (label, width, height) => {
  it('shows every widget, with no horizontal scrolling and no script errors', async () => {
    const { page, errors } = await openGallery(width, height);
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

  // Five accessibility checks of the whole gallery, each many seconds on a busy machine.
  it('works by keyboard: selects search and pick, toggles switch, passwords reveal, files upload', async () => {
    const { page } = await openGallery(width, height);

    const genre = section(page, 'Searchable single select').getByRole('combobox', {
      name: 'Genre',
      exact: true,
    });
    await tabTo(page, genre);
    await page.keyboard.type('ja');
    await highlight(page, page.getByRole('option', { name: /Jazz/ }));
    await page.keyboard.press('Enter');
    await expect.poll(() => genre.inputValue()).toBe('Jazz');
    await page.screenshot({ path: `${artifacts}design-${label}-select.png`, animations: 'disabled' });
    await expectAccessible(page, `searchable select picked on a ${label}`);

    const genres = section(page, 'Searchable multi-select').getByRole('combobox', {
      name: 'Genres',
      exact: true,
    });
    await genres.focus();
    await page.keyboard.press('ArrowDown');
    const selectAll = page.getByRole('option', { name: 'Select all' });
    await selectAll.waitFor();
    await expectAccessible(page, `multi-select's options on a ${label}`);
    for (
      let presses = 0;
      presses < 30 && (await selectAll.getAttribute('data-combobox-selected')) === null;
      presses += 1
    ) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await section(page, 'Searchable multi-select')
      .getByRole('button', { name: 'Remove Jazz' })
      .first()
      .waitFor();
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
    const dateButton = section(page, 'Date picker').getByRole('button', { name: /^Date of birth/ });
    await dateButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').last().waitFor();
    expect(await page.locator('select[data-select="year"] option').count()).toBe(100);
    await page.screenshot({ path: `${artifacts}design-${label}-date-picker.png`, animations: 'disabled' });
    await expectAccessible(page, `date picker on a ${label}`);
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
    await expectAccessible(page, `file uploaded on a ${label}`);

    const helper = section(page, 'Form helper');
    await helper.getByRole('button', { name: 'Show server errors' }).focus();
    await page.keyboard.press('Enter');
    await helper.getByText('This handle is already selected in HOC').waitFor();
    await helper.getByText('You should be 18 years or older').waitFor();
    await expectAccessible(page, `fields in error on a ${label}`);
  }, 420_000);

  // Hundreds of key presses, each a round trip to the browser: minutes on a busy machine.
  it('works by keyboard: overlays open, answer and close', async () => {
    const { page } = await openGallery(width, height);

    const showMessage = section(page, 'Modal message').getByRole('button', { name: 'Show modal message' });
    await tabTo(page, showMessage);
    await page.keyboard.press('Enter');
    const message = page.getByRole('dialog', { name: 'Entry received' });
    await message.waitFor();
    await page.screenshot({ path: `${artifacts}design-${label}-modal-message.png`, animations: 'disabled' });
    await expectAccessible(page, `modal message on a ${label}`);
    await message.getByRole('button', { name: 'Okay' }).focus();
    await page.keyboard.press('Enter');
    await message.waitFor({ state: 'hidden' });

    await section(page, 'Confirmation bottom sheet')
      .getByRole('button', { name: 'Open bottom sheet' })
      .focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Leave this campaign?' });
    await sheet.waitFor();
    await page.screenshot({ path: `${artifacts}design-${label}-bottom-sheet.png`, animations: 'disabled' });
    await expectAccessible(page, `confirmation sheet on a ${label}`);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });

    await section(page, 'Modal dialog').getByRole('button', { name: 'Open dialog' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rename entry' });
    await dialog.waitFor();
    await expectAccessible(page, `modal dialog on a ${label}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await section(page, 'Terms and privacy panel').getByRole('button', { name: 'Open terms' }).focus();
    await page.keyboard.press('Enter');
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await terms.waitFor();
    await terms.getByRole('button', { name: 'Close' }).waitFor();
    await page.screenshot({ path: `${artifacts}design-${label}-terms-panel.png`, animations: 'disabled' });
    await expectAccessible(page, `terms panel on a ${label}`);
    await page.keyboard.press('Escape');
    await terms.waitFor({ state: 'hidden' });

    const tooltipTrigger = section(page, 'Tooltip').getByRole('button', { name: 'About reward types' });
    await tabTo(page, tooltipTrigger);
    await page.getByRole('tooltip').waitFor();
    await expectAccessible(page, `tooltip on a ${label}`);

    const badge = section(page, 'Badge counter');
    await badge.getByRole('status', { name: '99+ unread' }).waitFor();

    await section(page, 'Success toast').getByRole('button', { name: 'Show success toast' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Entry submitted' }).waitFor();
    await expectAccessible(page, `success toast on a ${label}`);

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
