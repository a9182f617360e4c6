import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, newPage, screenshotPagesOnFailure, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { createWorldClient, type Session, type World } from './support/world';

// A fresh install, as its first Admin finds it: the console opens on the setup checklist, which ticks each
// item as it is done and can be put away once everything is. Then a campaign's start is set from the
// keyboard alone: the day from the calendar, the hours and minutes typed beside it.

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const DESKTOP = { width: 1280, height: 900 };

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;
let world: World;
let admin: Session;
let page: Page;

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchChromium();
  world = createWorldClient(server, smtp);
  admin = await world.setUpAdmin(ADMIN);
  page = await newPage(browser, DESKTOP);
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
});

screenshotPagesOnFailure(() => browser, artifacts);

const shot = (name: string) => page.screenshot({ path: `${artifacts}keyboard-${name}.png`, fullPage: true });
const item = (title: string) => page.getByRole('listitem', { name: title });

async function openChecklist(): Promise<void> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Setup' }).click();
  await page.getByRole('heading', { name: 'Set up your platform', level: 1 }).waitFor();
}

describe('a fresh install', () => {
  it('opens the Admin’s console on a checklist that ticks as the install is set up', async () => {
    await signIn(page, server.url, ADMIN, `${server.url}/console/setup`);
    await page.getByText('1 of 8 done').waitFor();
    // SMTP is set on this server; everything else waits for the Admin.
    await expect.poll(() => item('Configure email').getByText('Done').count()).toBe(1);
    await expect.poll(() => item('Add genres').getByText('To do').count()).toBe(1);
    await expect.poll(() => item('Connect a payout provider').getByText('Optional').count()).toBe(1);
    await shot('checklist-fresh');
    await expectAccessible(page, 'the setup checklist on a fresh install');

    await item('Add genres').getByRole('link', { name: 'Add genres' }).click();
    await page.waitForURL(`${server.url}/console/lookups?kind=genres`);
    await world.lookup(admin, 'genre', 'Pop');
    await openChecklist();
    await page.getByText('2 of 8 done').waitFor();
    await expect.poll(() => item('Add genres').getByText('Done').count()).toBe(1);

    await world.lookup(admin, 'agency', 'Stellar Talent');
    await world.lookup(admin, 'artist', 'Nova Lights');
    await world.createTerritory(admin, { name: 'Britain', countries: ['GB'] });
    const team = await world.createTeam(admin, 'Launch team');
    await world.addStaff(admin, {
      email: 'mia.marketer@example.com',
      password: 'Quartz#Lantern-519',
      displayName: 'Mia Marketer',
      role: 'CampaignMarketer',
      teamIds: [team.id],
    });
    // Back from where one of them is done, the checklist reads the install again.
    await item('Create a team').getByRole('link', { name: 'Open teams' }).click();
    await page.waitForURL(`${server.url}/console/teams`);
    await openChecklist();
    await page.getByText('7 of 8 done').waitFor();
    await shot('checklist-almost');

    for (const type of ['TERMS', 'PRIVACY']) {
      await world.api(admin, 'POST', '/server-api/marketing/legal-documents', {
        territoryId: 'every',
        type,
        version: '2026-12-01',
        content: `Our ${type === 'TERMS' ? 'terms' : 'privacy notice'}.`,
      });
    }
    await page.reload();
    await page.getByText('Everything creators and staff need is in place.').waitFor();
    await shot('checklist-complete');
    await expectAccessible(page, 'the finished setup checklist');

    await page.getByRole('button', { name: 'Put the checklist away' }).click();
    await page.getByText('You put the checklist away.').waitFor();
    await page.goto(`${server.url}/console`);
    await page.waitForURL(`${server.url}/console/campaigns`);
  });
});

describe('the campaign form from the keyboard', () => {
  it('sets a campaign’s start without a mouse, and focuses the first field in error on an empty save', async () => {
    await page.goto(`${server.url}/console/campaigns/new`);
    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.waitFor();

    // An empty save, from the keyboard: focus goes to the first field in error.
    await page.getByRole('button', { name: 'Save draft' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => name.evaluate((element) => element === document.activeElement)).toBe(true);
    await shot('empty-save');

    const date = page.getByRole('button', { name: /^Starts / });
    await date.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog');
    await calendar.getByRole('button', { name: 'Next month' }).waitFor();

    // The calendar stays open, by its field, while the page scrolls.
    await page.mouse.move(640, 120);
    await page.mouse.wheel(0, 240);
    await page.waitForTimeout(300);
    expect(await calendar.isVisible()).toBe(true);
    await shot('calendar-after-scroll');

    // Into the month's days with Tab, then along them with the arrows, and Enter picks one.
    const focusedDay = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.closest('table') ? (active.getAttribute('aria-label') ?? '') : '';
      });
    for (let step = 0; step < 12 && !(await focusedDay()); step += 1) await page.keyboard.press('Tab');
    expect(await focusedDay()).not.toBe('');
    await page.keyboard.press('ArrowDown');
    const chosen = await focusedDay();
    await page.keyboard.press('Enter');
    await expect.poll(() => calendar.count()).toBe(0);
    await expect.poll(() => date.evaluate((element) => element === document.activeElement)).toBe(true);

    // On to the time with Tab (past the date's clear button), typed as it reads.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const hours = page.getByRole('textbox', { name: 'Starts: hours' });
    await expect.poll(() => hours.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('9');
    expect(await hours.inputValue()).toBe('9');
    await page.keyboard.press('Tab');
    await page.keyboard.type('45');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('0');
    const minutes = page.getByRole('textbox', { name: 'Starts: minutes' });
    expect(await minutes.inputValue()).toBe('40');
    expect(await hours.inputValue()).toBe('09');

    const [day = '', month = '', year = ''] = chosen.split(' ');
    expect(await date.textContent()).toContain(`${day.padStart(2, '0')} ${month.slice(0, 3)}, ${year}`);
    await shot('start-set');
    await expectAccessible(page, 'the campaign form with its start set from the keyboard');
  });
});
