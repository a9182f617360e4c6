import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_MESSAGES } from '@platform/shared';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, newPage, screenshotPagesOnFailure, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { createServerClock, type ServerClock } from './support/server-clock';
import { createWorldClient, type World } from './support/world';

// A campaign from a marketer's first draft to a creator's phone: drafted with prizes, a picture and a
// brief, sent for review, rejected with a reason, changed and sent again, approved, live at its start
// (the server runs under libfaketime: its clock is moved past the start rather than waited for); then
// read by a creator of its territory at 390 px and by a CampaignViewer who may change nothing.

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const PASSWORD = 'Quartz#Lantern-519';
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const MARKETER = { email: 'mia.marketer@example.com', password: PASSWORD };
const MANAGER = { email: 'max.manager@example.com', password: PASSWORD };
const VIEWER = { email: 'vic.viewer@example.com', password: PASSWORD };
const SUPPORT = { email: 'sam.support@example.com', password: PASSWORD };
const CREATOR = { email: 'casey.morgan@example.com', password: 'Harbour-Lights-73!' };
const CAMPAIGN = 'Summer Sound Challenge';
const REJECTION = 'Say which song to use in the brief.';
/** Two TikTok video ids of this run: a post is entered once across the whole platform. */
const POST_IDS = [1, 2].map((n) => `73${String(Date.now()).slice(-12)}${n}0000`);

/** The smallest valid PNG, and a one-page PDF: the server checks that each file is what it says. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** An MP4 of 3 MB: an `ftyp` box, then padding, enough to watch an upload's progress on a slow link. */
const VIDEO = Buffer.concat([
  Buffer.from([0, 0, 0, 0x1c]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2mp41'),
  Buffer.alloc(3 * 1024 * 1024),
]);

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;
let world: World;
let clock: ServerClock;

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  clock = await createServerClock();
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, ...clock.environment });
  browser = await launchChromium();

  world = createWorldClient(server, smtp);
  const admin = await world.setUpAdmin(ADMIN);
  const team = await world.createTeam(admin, 'Launch team');
  const territory = await world.createTerritory(admin, { name: 'Britain', countries: ['GB'] });
  const teamIds = [team.id];
  await world.addStaff(admin, {
    ...MARKETER,
    displayName: 'Mia Marketer',
    role: 'CampaignMarketer',
    teamIds,
  });
  await world.addStaff(admin, { ...MANAGER, displayName: 'Max Manager', role: 'CampaignManager', teamIds });
  await world.addStaff(admin, { ...VIEWER, displayName: 'Vic Viewer', role: 'CampaignViewer', teamIds });
  await world.addStaff(admin, { ...SUPPORT, displayName: 'Sam Support', role: 'Support' });
  await world.activeCreator(admin, await world.tokenOf(SUPPORT), {
    ...CREATOR,
    firstName: 'Casey',
    lastName: 'Morgan',
  });
  expect(territory.name).toBe('Britain');
}, 180_000);
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
  await clock?.remove();
});

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A screenshot of the page as it is now, and the page checked against WCAG 2.1 AA. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}campaign-${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

async function openCampaign(page: Page): Promise<void> {
  await page.goto(`${server.url}/console/campaigns`);
  await page.getByRole('link', { name: CAMPAIGN }).click();
  await page.getByRole('heading', { name: CAMPAIGN }).waitFor();
}

/** Picks `when`'s day in the calendar of the date and time field named `label`, and types its time (GMT). */
async function pickDateTime(page: Page, label: string, when: Date): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${label} `) }).click();
  const picker = page.getByRole('dialog');
  const day = when.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dayButton = picker.getByRole('button', { name: day, exact: true });
  const nextMonth = picker.getByRole('button', { name: 'Next month' });
  // Count the days only once the calendar is drawn: an empty count on a slow machine is not next month.
  await nextMonth.waitFor();
  if ((await dayButton.count()) === 0) await nextMonth.click();
  await dayButton.click();
  // The calendar fades out: the next one must not find this one still on its way out.
  await expect.poll(() => picker.count()).toBe(0);
  await page
    .getByRole('textbox', { name: `${label}: hours` })
    .fill(String(when.getUTCHours()).padStart(2, '0'));
  await page
    .getByRole('textbox', { name: `${label}: minutes` })
    .fill(String(when.getUTCMinutes()).padStart(2, '0'));
}

/** The next whole minute at least `seconds` from now. */
const minuteAfter = (seconds: number) => {
  const at = new Date(Date.now() + seconds * 1000);
  at.setUTCSeconds(0, 0);
  at.setUTCMinutes(at.getUTCMinutes() + 1);
  return at;
};

async function statusOf(page: Page): Promise<string> {
  // The badge shows its label in capitals by CSS; the text itself is as written.
  return ((await page.getByRole('group', { name: 'Status', exact: true }).textContent()) ?? '').trim();
}

describe('a campaign from draft to a creator’s phone', () => {
  it('is drafted, rejected, changed, approved and goes live; a creator reads it at 390 px, joins and enters a post that is rejected, changed and approved; a viewer may change nothing', async () => {
    const marketer = await newPage(browser, DESKTOP);
    await signIn(marketer, server.url, MARKETER, '**/console/campaigns');
    await marketer.getByRole('link', { name: 'New campaign' }).click();
    await marketer.getByRole('textbox', { name: 'Name', exact: true }).fill(CAMPAIGN);
    await marketer.getByLabel('Brand or artist').fill('Nova Lights');
    await marketer
      .getByRole('textbox', { name: 'Brief', exact: true })
      .fill('Dance to the new single and tag us.');
    await marketer.getByLabel('Platform').selectOption('TikTok');
    await marketer.getByRole('radio', { name: /Challenge/ }).check();
    await marketer.getByRole('combobox', { name: 'Team' }).click();
    await marketer.getByRole('option', { name: 'Launch team' }).click();
    await marketer.getByRole('combobox', { name: 'Territories' }).click();
    await marketer.getByRole('option', { name: 'Britain' }).click();
    await marketer.keyboard.press('Escape');
    await marketer.getByLabel('Currency').selectOption('GBP');
    await marketer.getByRole('textbox', { name: 'Budget', exact: true }).fill('1000');
    await marketer.getByRole('radio', { name: /Top prizes/ }).check();
    await marketer.getByRole('textbox', { name: 'Prize for 1st place' }).fill('500');
    await marketer.getByRole('button', { name: 'Add a place' }).click();
    await marketer.getByRole('textbox', { name: 'Prize for 2nd place' }).fill('250');
    const budgetCheck = marketer.getByRole('region', { name: 'Budget check' });
    await expect.poll(() => budgetCheck.innerText()).toContain('£750.00');
    await pickDateTime(marketer, 'Starts', minuteAfter(600));
    await pickDateTime(marketer, 'Ends', new Date(Date.now() + 14 * 24 * 3600 * 1000));
    await shot(marketer, '01-draft-form');
    await marketer.getByRole('button', { name: 'Save draft' }).click();

    // Saved, the editor takes the files: a picture for the cover and a PDF of the brief.
    await marketer.getByLabel('Upload files').setInputFiles([
      { name: 'cover.png', mimeType: 'image/png', buffer: PNG },
      { name: 'brief.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    const cover = marketer.getByRole('group', { name: 'cover.png' });
    await cover.getByRole('img', { name: 'Thumbnail of cover.png' }).waitFor();
    await marketer
      .getByRole('group', { name: 'brief.pdf' })
      .getByRole('link', { name: 'brief.pdf' })
      .waitFor();
    await cover.getByRole('button', { name: 'Use cover.png as the cover' }).click();
    await shot(marketer, '02-files');
    // The cover is part of the form: it counts once saved.
    await marketer.getByRole('button', { name: 'Save changes' }).click();
    await marketer.getByRole('heading', { name: CAMPAIGN, level: 1 }).waitFor();

    await openCampaign(marketer);
    await marketer.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => statusOf(marketer)).toBe('Waiting for review');

    const manager = await newPage(browser, DESKTOP);
    await signIn(manager, server.url, MANAGER, '**/console/campaigns');
    await openCampaign(manager);
    await manager.getByRole('button', { name: 'Reject' }).click();
    const rejectDialog = manager.getByRole('dialog', { name: `Reject ${CAMPAIGN}` });
    await rejectDialog.getByLabel('What should change').fill(REJECTION);
    await rejectDialog.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => statusOf(manager)).toBe('Rejected');

    // The marketer reads why, changes the brief (and the start, to five minutes on), and sends it again.
    await openCampaign(marketer);
    await marketer.getByText(REJECTION).first().waitFor();
    await shot(marketer, '03-rejected');
    await marketer.getByRole('link', { name: 'Edit' }).click();
    await marketer
      .getByRole('textbox', { name: 'Brief', exact: true })
      .fill('Dance to “Midnight Run” and tag us.');
    // Far enough ahead to stay in the future through the review on a busy machine: it is not waited for.
    const startsAt = minuteAfter(300);
    await pickDateTime(marketer, 'Starts', startsAt);
    await marketer.getByRole('button', { name: 'Save changes' }).click();
    await marketer.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => statusOf(marketer)).toBe('Waiting for review');

    await openCampaign(manager);
    await manager.getByRole('button', { name: 'Approve' }).click();
    await manager.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => statusOf(manager)).toBe('Published');
    await shot(manager, '04-approved');

    // The Admin records the bank transfer that funds its £1,000.00 budget (ADR 038; the pay-per-view
    // journey does it on the page), and once the server's clock passes its start the scheduler makes it
    // live.
    const campaignId = /\/console\/campaigns\/([0-9a-f-]{36})/.exec(manager.url())?.[1];
    await world.api(
      await world.tokenOf(ADMIN),
      'POST',
      `/server-api/marketing/campaigns/${campaignId}/fundings/transfer`,
      { amountMinor: 100_000, reference: 'BACS MIDNIGHT-RUN' },
    );
    await clock.advance(startsAt.getTime() - Date.now() + 5_000);
    await expect
      .poll(
        async () => {
          await manager.reload();
          return statusOf(manager);
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe('Live');
    await shot(manager, '05-live');

    const viewer = await newPage(browser, DESKTOP);
    await signIn(viewer, server.url, VIEWER, '**/console/campaigns');
    await openCampaign(viewer);
    for (const action of ['Edit', 'Approve', 'Reject', 'Unpublish', 'Archive', 'Submit for review']) {
      expect(await viewer.getByRole('button', { name: action, exact: true }).count()).toBe(0);
      expect(await viewer.getByRole('link', { name: action, exact: true }).count()).toBe(0);
    }
    await shot(viewer, '06-viewer');

    const creator = await newPage(browser, PHONE);
    await signIn(creator, server.url, CREATOR, `${server.url}/`);
    await creator.getByRole('link', { name: 'See campaigns' }).click();
    const card = creator.getByRole('article').filter({ hasText: CAMPAIGN });
    await card.getByText('Live').waitFor();
    expect(await card.innerText()).toContain('Up to £750.00');
    await shot(creator, '07-creator-list');
    await card.getByRole('link', { name: CAMPAIGN }).click();
    await creator.getByRole('heading', { name: CAMPAIGN }).waitFor();
    const coverImage = creator.getByRole('img', { name: `Cover of ${CAMPAIGN}` });
    await expect.poll(() => coverImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    // The brief's sanitiser loads after the page: read the page once the brief is on it.
    await creator.getByText('Midnight Run').waitFor();
    const page = await creator.innerText('main');
    expect(page).toContain('£500.00');
    expect(page).toContain('£250.00');
    expect(page).toContain('left');
    expect(page).toContain('Midnight Run');
    const scrollsSideways = await creator.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(scrollsSideways).toBe(false);
    await shot(creator, '08-creator-detail');

    // The creator joins it, with the TikTok handle of their profile.
    const takingPart = creator.getByRole('region', { name: 'Taking part' });
    await takingPart.getByRole('button', { name: 'Join campaign' }).click();
    await takingPart.getByText('You’re taking part').waitFor();
    await shot(creator, '09-creator-joined');

    // Another account's post is not theirs to enter, on an install without post previews too.
    const yourEntries = creator.getByRole('region', { name: 'Your entries' });
    const postLink = yourEntries.getByLabel('Link to your post');
    await postLink.fill(`https://www.tiktok.com/@someone_else/video/${POST_IDS[0]}`);
    await yourEntries.getByRole('button', { name: 'Send entry' }).click();
    await yourEntries.getByText(ENTRY_MESSAGES.handleNotMapped).waitFor();
    await shot(creator, '09a-someone-elses-post');

    // Their entry: a TikTok post, sent back with a reason, changed and approved.
    await postLink.fill(`https://www.tiktok.com/@casey_morgan/video/${POST_IDS[0]}`);
    await yourEntries.getByRole('button', { name: 'Send entry' }).click();
    await yourEntries.getByText('Waiting for review').waitFor();

    await openCampaign(marketer);
    const queue = marketer.getByRole('table', { name: 'Entries' });
    await queue.getByText('Post by @casey_morgan, as its link says').waitFor();
    await shot(marketer, '09b-entry-in-queue');
    await queue.getByRole('button', { name: 'Reject the entry of Casey Morgan' }).click();
    const rejectEntry = marketer.getByRole('dialog', { name: 'Reject the entry of Casey Morgan' });
    await rejectEntry
      .getByRole('combobox', { name: /Why/ })
      .selectOption('Does not meet the campaign’s requirements');
    await rejectEntry.getByLabel('What should change').fill('Use “Midnight Run” as the sound.');
    await rejectEntry.getByRole('button', { name: 'Reject' }).click();
    await rejectEntry.waitFor({ state: 'hidden' });
    await shot(marketer, '10-entry-rejected');

    // The creator hears of it: the bell counts what is unread (the campaign for her artist gone live, the
    // entry sent, then rejected).
    await creator.goto(`${server.url}/campaigns`);
    await creator.getByRole('status', { name: '3 unread notifications' }).waitFor();
    await shot(creator, '11a-notification-badge');
    await creator.getByRole('link', { name: 'Notifications' }).click();
    const feed = creator.getByRole('list', { name: 'Notifications' });
    const rejectedNote = feed.getByRole('listitem').filter({ hasText: 'Post rejected' });
    await rejectedNote.getByText('Use “Midnight Run” as the sound.', { exact: false }).waitFor();
    await feed.getByRole('listitem').filter({ hasText: 'A campaign for you is live' }).waitFor();
    await shot(creator, '11b-notifications');
    await rejectedNote.getByRole('link').click();
    await creator.getByRole('heading', { name: CAMPAIGN }).waitFor();
    await yourEntries.getByText('Use “Midnight Run” as the sound.').waitFor();
    await yourEntries.getByRole('button', { name: 'Change link' }).click();
    await yourEntries
      .getByLabel('New link to your post')
      .fill(`https://www.tiktok.com/@casey_morgan/video/${POST_IDS[1]}`);
    await yourEntries.getByRole('button', { name: 'Send again' }).click();
    await yourEntries.getByText('Waiting for review').waitFor();
    await shot(creator, '11c-entry-sent-again');

    await marketer.reload();
    await queue.getByRole('button', { name: 'Approve the entry of Casey Morgan' }).click();
    await queue
      .getByRole('button', { name: 'Approve the entry of Casey Morgan' })
      .waitFor({ state: 'detached' });
    await creator.reload();
    await yourEntries.getByText('Approved').waitFor();
    await shot(creator, '12-entry-approved');

    // A second entry, the video itself, sent over a slow connection so its progress can be watched.
    const network = await creator.context().newCDPSession(creator);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    await yourEntries.getByText('Upload video', { exact: true }).click();
    await yourEntries
      .getByLabel('Your video')
      .setInputFiles({ name: 'midnight-run.mp4', mimeType: 'video/mp4', buffer: VIDEO });
    const progress = yourEntries.getByRole('progressbar', { name: 'Uploading midnight-run.mp4' });
    await progress.waitFor();
    const percentsSeen: number[] = [];
    let midwayShot = false;
    while (await progress.isVisible()) {
      const percent = Number(
        await progress.getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => NaN),
      );
      if (!Number.isNaN(percent) && percent !== percentsSeen.at(-1)) percentsSeen.push(percent);
      if (!midwayShot && percent >= 25 && percent <= 75) {
        await shot(creator, '13-video-uploading');
        midwayShot = true;
      }
      await creator.waitForTimeout(200);
    }
    await yourEntries.getByText('Uploaded').waitFor();
    expect(percentsSeen.length).toBeGreaterThanOrEqual(3);
    expect([...percentsSeen].sort((a, b) => a - b)).toEqual(percentsSeen);
    expect(midwayShot).toBe(true);
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await yourEntries.getByRole('button', { name: 'Send video' }).click();
    const sentEntries = yourEntries.getByRole('list', { name: 'Entries sent' });
    await sentEntries.locator('video').waitFor();
    await expect.poll(() => sentEntries.getByText('Waiting for review').count()).toBe(1);
    await shot(creator, '14-video-sent');

    await marketer.reload();
    await queue.locator('video').waitFor();
    await shot(marketer, '15-video-in-queue');
  }, 600_000);
});
