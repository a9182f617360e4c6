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

// A creator's campaign page on a phone, while the campaign is live and once it has ended: the badges and
// the entry's post card are read whole at 390 px, and an ended campaign no longer asks for entries. The
// confetti that greets a finished onboarding plays under the page's CSP. The server runs under libfaketime:
// its clock is moved past the campaign's start and end rather than waited for.

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const PASSWORD = 'Quartz#Lantern-519';
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const MARKETER = { email: 'mia.marketer@example.com', password: PASSWORD };
const MANAGER = { email: 'max.manager@example.com', password: PASSWORD };
const SUPPORT = { email: 'sam.support@example.com', password: PASSWORD };
const CASEY = { email: 'casey.morgan@example.com', password: 'Harbour-Lights-73!' };
const CAMPAIGN = 'Midnight Run Summer Dance Challenge';
const PHONE = { width: 390, height: 844 };
/** Time to publish the campaign before it starts, on a busy machine: the clock skips the rest. */
const STARTS_IN_MS = 60_000;
/** The live half of the journey has all the time it needs: the clock skips the rest of the run. */
const RUNS_FOR_MS = 10 * 60_000;
/** How far past a start or an end the server's clock is moved. */
const PAST_MS = 5_000;
const POST_ID = `74${String(Date.now()).slice(-12)}10000`;

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;
let world: World;
let clock: ServerClock;
let campaign: { id: string };
let caseyToken: string;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}creator-campaign-${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

/** Every badge on the page shows its whole label: none is cut short with an ellipsis. */
async function expectBadgesWhole(page: Page): Promise<void> {
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Badge-label')]
      .filter((label) => label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent),
  );
  expect(cut).toEqual([]);
}

/** Nothing on the page is wider than the phone. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

const statusOf = async () =>
  (await world.api<{ status: string }>(caseyToken, 'GET', `/server-api/campaigns/${campaign.id}`)).status;

async function waitForStatus(status: string, within: number): Promise<void> {
  const deadline = Date.now() + within;
  while ((await statusOf()) !== status) {
    if (Date.now() > deadline) throw new Error(`${CAMPAIGN} did not become ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

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
  await world.addStaff(admin, { ...SUPPORT, displayName: 'Sam Support', role: 'Support' });
  const casey = await world.activeCreator(admin, await world.tokenOf(SUPPORT), {
    ...CASEY,
    firstName: 'Casey',
    lastName: 'Morgan',
  });
  caseyToken = casey.token;

  const startsAt = new Date(Date.now() + STARTS_IN_MS);
  const endsAt = new Date(startsAt.getTime() + RUNS_FOR_MS);
  const { id } = await world.publishedCampaign(await world.tokenOf(MARKETER), await world.tokenOf(MANAGER), {
    name: CAMPAIGN,
    type: 'CHALLENGE',
    teamId: team.id,
    territoryIds: [territory.id],
    startsAt,
    endsAt,
    reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 2500, slots: 10 },
  });
  campaign = { id };
  await world.api(caseyToken, 'POST', '/server-api/campaigns/rsvp', { campaignId: id, creatorId: casey.id });
  await clock.advance(startsAt.getTime() - Date.now() + PAST_MS);
  await waitForStatus('LIVE', 60_000);
  await world.api(caseyToken, 'POST', '/server-api/campaigns/entry', {
    campaignId: id,
    postLink: `https://www.tiktok.com/@casey_morgan/video/${POST_ID}`,
    platform: 'TikTok',
  });
}, 240_000);
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
  await clock?.remove();
});

describe('a creator’s campaign page on a phone', () => {
  it('shows badges and the entry’s post card whole while live, and no invitation to enter once ended', async () => {
    const casey = await newPage(browser, PHONE);
    await signIn(casey, server.url, CASEY, `${server.url}/`);

    await casey.goto(`${server.url}/campaigns`);
    await casey.getByRole('link', { name: CAMPAIGN }).waitFor();
    await expectBadgesWhole(casey);
    await expectNoSidewaysScroll(casey);
    await shot(casey, '01-list-live');

    await casey.getByRole('link', { name: CAMPAIGN }).click();
    const entries = casey.getByRole('list', { name: 'Entries sent' });
    await entries.getByText(`@casey_morgan · post ${POST_ID}`).waitFor();
    await expect.poll(() => casey.getByLabel('Link to your post').count()).toBeGreaterThan(0);
    await expectBadgesWhole(casey);
    await expectNoSidewaysScroll(casey);
    await shot(casey, '02-page-live');

    // The server's clock went PAST_MS past the start: a run on, it is at least as far past the end.
    await clock.advance(RUNS_FOR_MS);
    await waitForStatus('ENDED', 60_000);
    await casey.reload();
    await entries.getByText(`@casey_morgan · post ${POST_ID}`).waitFor();
    const takingPart = casey.getByRole('region', { name: 'Taking part' });
    await takingPart.getByText('You took part').waitFor();
    expect(await takingPart.getByText('Post your entry', { exact: false }).count()).toBe(0);
    expect(await casey.getByLabel('Link to your post').count()).toBe(0);
    expect(await casey.getByRole('button', { name: /send|submit|enter/i }).count()).toBe(0);
    await casey.getByText('This campaign has ended: entries are closed.').waitFor();
    await casey.getByRole('heading', { name: 'What entries needed' }).waitFor();
    await expectBadgesWhole(casey);
    await expectNoSidewaysScroll(casey);
    await shot(casey, '03-page-ended');
    await casey.setViewportSize({ width: 1280, height: 900 });
    await entries.getByText(`@casey_morgan · post ${POST_ID}`).waitFor();
    await shot(casey, '03-page-ended-desktop');
    await casey.setViewportSize(PHONE);

    // Ended campaigns are kept on a shelf of their own.
    await casey.goto(`${server.url}/campaigns?show=ended`);
    await casey.getByRole('link', { name: CAMPAIGN }).waitFor();
    await expectBadgesWhole(casey);
    await expectNoSidewaysScroll(casey);
    await shot(casey, '04-list-ended');
  }, 240_000);

  it('plays the confetti on a canvas in the page, with nothing refused by the CSP', async () => {
    const page = await newPage(browser, PHONE, { reducedMotion: 'no-preference' });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Could not load worker/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${server.url}/design`);
    await page.getByRole('button', { name: 'Celebrate' }).click();
    await page.locator('body > canvas').waitFor({ state: 'attached' });
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${artifacts}creator-campaign-05-confetti.png` });
    expect(refused).toEqual([]);
    await page.getByText('Celebrations finished: 1').waitFor({ timeout: 10_000 });
  }, 60_000);
});
