import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EntryChecks, UgcUpload } from '@platform/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_SOCIAL_CREDENTIALS,
  startFakeSocialPlatforms,
  type FakeSocialPlatforms,
} from '../apps/server/src/test/fake-social-platforms';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, newPage, screenshotPagesOnFailure, signIn } from './support/browser';
import { PROMPT_WORKER, type RunningServer, startServer } from './support/server';
import { createWorldClient, type World } from './support/world';

// Casey proves her YouTube channel is hers with a code placed in its description, read back from the
// platform (a local fake of YouTube's Data API); she enters a video YouTube says she published after the
// campaign started, and one published before it is refused. Drew uploads a clip of his own. Max, the
// campaign's manager, sees on the review screen that Casey's account is verified by a code in her bio,
// when her video was published, and that Drew's upload was compared with every other and is original.

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const PASSWORD = 'Quartz#Lantern-519';
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const MARKETER = { email: 'mia.marketer@example.com', password: PASSWORD };
const MANAGER = { email: 'max.manager@example.com', password: PASSWORD };
const SUPPORT = { email: 'sam.support@example.com', password: PASSWORD };
const CASEY = { email: 'casey.morgan@example.com', password: 'Harbour-Lights-73!' };
const DREW = { email: 'drew.patel@example.com', password: 'Copper-Kettle-58!' };
const CAMPAIGN = 'Midnight Run on YouTube';
const CHANNEL_ID = 'UCcaseymorgan00000000000';
const EARLY_VIDEO = 'EarlyVideo1';
const NEW_VIDEO = 'MidnightRun';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let fake: FakeSocialPlatforms;
let server: RunningServer;
let browser: Browser;
let world: World;
let clipDir: string;
let campaign: { id: string; startsAt: Date };
let manager: string;
let drew: { id: string; token: string };

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}verified-entries-${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

/** A three-second clip of Drew's own, made with ffmpeg. */
async function drewsClip(): Promise<Buffer> {
  const path = join(clipDir, 'drew.mp4');
  const made = spawnSync('ffmpeg', [
    ...[
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x240:rate=25:duration=3',
    ],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', path],
  ]);
  if (made.status !== 0) throw new Error(`ffmpeg could not make a clip: ${made.stderr.toString()}`);
  return readFile(path);
}

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  clipDir = await mkdtemp(join(tmpdir(), 'verified-entries-'));
  smtp = await startSmtpSink();
  fake = await startFakeSocialPlatforms();
  server = await startServer({
    SMTP_URL: smtp.url,
    SOCIAL_PLATFORMS_URL: fake.url,
    YOUTUBE_API_KEY: FAKE_SOCIAL_CREDENTIALS.youtubeApiKey,
    ...PROMPT_WORKER,
  });
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
  const support = await world.tokenOf(SUPPORT);
  const casey = await world.activeCreator(
    admin,
    support,
    { ...CASEY, firstName: 'Casey', lastName: 'Morgan' },
    { platform: 'Youtube', proveHandle: false },
  );
  drew = await world.activeCreator(
    admin,
    support,
    { ...DREW, firstName: 'Drew', lastName: 'Patel' },
    { platform: 'Youtube' },
  );

  const startsAt = new Date(Date.now() + 15_000);
  manager = await world.tokenOf(MANAGER);
  const { id } = await world.publishedCampaign(await world.tokenOf(MARKETER), manager, {
    name: CAMPAIGN,
    type: 'CHALLENGE',
    teamId: team.id,
    territoryIds: [territory.id],
    startsAt,
    platform: 'Youtube',
  });
  campaign = { id, startsAt };
  for (const creator of [casey, drew]) {
    await world.api(creator.token, 'POST', '/server-api/campaigns/rsvp', {
      campaignId: id,
      creatorId: creator.id,
    });
  }
  const liveBy = Date.now() + 60_000;
  const statusOf = async () =>
    (await world.api<{ status: string }>(casey.token, 'GET', `/server-api/campaigns/${id}`)).status;
  while ((await statusOf()) !== 'LIVE') {
    if (Date.now() > liveBy) throw new Error(`${CAMPAIGN} did not go live at its start`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }

  fake.setPost({
    postId: EARLY_VIDEO,
    publishedAt: new Date(startsAt.getTime() - 3 * 86_400_000).toISOString(),
    authorAccountId: CHANNEL_ID,
    authorName: 'Casey Morgan',
  });
  fake.setPost({
    postId: NEW_VIDEO,
    publishedAt: new Date(startsAt.getTime() + 5_000).toISOString(),
    authorAccountId: CHANNEL_ID,
    authorName: 'Casey Morgan',
  });
}, 300_000);
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await fake?.close();
  await smtp?.close();
  if (clipDir) await rm(clipDir, { recursive: true, force: true });
});

describe('verified creators and original entries', () => {
  it('a creator proves her channel with a code in its description, then enters a video published for the campaign', async () => {
    const casey = await newPage(browser, PHONE);
    await signIn(casey, server.url, CASEY, `${server.url}/`);
    await casey.goto(`${server.url}/account/handles`);
    await casey.getByRole('heading', { level: 1 }).waitFor();
    await casey.getByText('Not verified').first().waitFor();
    await shot(casey, '01-handles-not-verified');

    await casey.getByRole('button', { name: 'Use a code in your bio' }).click();
    // On a busy machine the first press can come before the panel's code is ready: press until asked.
    const codeField = casey.getByLabel(/^Your code CP-/);
    await expect
      .poll(
        async () => {
          if (await codeField.count()) return true;
          await casey.getByRole('button', { name: 'Get my code' }).click({ timeout: 5_000 });
          return codeField.waitFor({ timeout: 15_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
    const codeLabel = await codeField.getAttribute('aria-label');
    const code = codeLabel?.replace('Your code ', '') ?? '';
    expect(code).toMatch(/^CP-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    await shot(casey, '02-code-to-place');

    // Casey pastes the code into her channel's description on YouTube.
    fake.setProfile('Youtube', {
      accountId: CHANNEL_ID,
      handle: 'casey_morgan',
      bio: `Dance covers. ${code}`,
    });
    await casey.getByRole('button', { name: 'Check my bio' }).click();
    await casey
      .getByText(/Code in bio/)
      .first()
      .waitFor();
    await shot(casey, '03-handle-verified');

    await casey.goto(`${server.url}/campaigns/${campaign.id}`);
    const yourEntries = casey.getByRole('region', { name: 'Your entries' });
    const postLink = yourEntries.getByLabel('Link to your post');
    await postLink.fill(`https://www.youtube.com/watch?v=${EARLY_VIDEO}`);
    await yourEntries.getByRole('button', { name: 'Send entry' }).click();
    await yourEntries.getByText(/before the campaign started/).waitFor();
    await shot(casey, '04-early-video-refused');

    await postLink.fill(`https://www.youtube.com/watch?v=${NEW_VIDEO}`);
    await yourEntries.getByRole('button', { name: 'Send entry' }).click();
    await yourEntries.getByText('Waiting for review').waitFor();
    await shot(casey, '05-video-entered');
    await casey.context().close();
  });

  it('the reviewer sees the account verified, when the video was published, and the upload’s originality', async () => {
    const upload = await world.api<UgcUpload>(
      drew.token,
      'GET',
      `/server-api/campaigns/${campaign.id}/ugc-upload-url`,
    );
    const put = await fetch(upload.url, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body: new Uint8Array(await drewsClip()),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    await world.api(drew.token, 'POST', '/server-api/campaigns/entry', {
      campaignId: campaign.id,
      videoKey: upload.key,
      platform: 'Youtube',
    });
    // The worker compares uploads every 30 seconds (every 5 s here).
    const comparedBy = Date.now() + 120_000;
    const checks = () =>
      world.api<EntryChecks>(manager, 'GET', `/server-api/marketing/campaigns/${campaign.id}/entry-checks`);
    while ((await checks()).items.some((check) => check.originality?.status === 'PENDING')) {
      if (Date.now() > comparedBy) throw new Error('the upload was not compared within two minutes');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    const compared = (await checks()).items.find((check) => check.originality !== null);
    expect(compared?.originality?.status).toBe('UNIQUE');
    expect(compared?.originality?.posterUrl).toBeTruthy();

    const max = await newPage(browser, DESKTOP);
    await signIn(max, server.url, MANAGER, `${server.url}/console/campaigns`);
    await max.goto(`${server.url}/console/campaigns/${campaign.id}`);
    await max.getByRole('heading', { name: CAMPAIGN, level: 1 }).waitFor();
    const queue = max.getByRole('table', { name: 'Entries' });
    await queue.getByText(/Account: Verified \(Code in bio/).waitFor();
    await queue
      .getByText(/Published: \d+ \w+/)
      .first()
      .waitFor();
    await queue.getByText('Original').waitFor();
    await queue.scrollIntoViewIfNeeded();
    await shot(max, '06-review-screen');

    await queue.getByRole('button', { name: 'Approve the entry of Casey Morgan' }).click();
    await queue
      .getByRole('button', { name: 'Approve the entry of Casey Morgan' })
      .waitFor({ state: 'detached' });
    await shot(max, '07-entry-approved');
    await max.context().close();
  });
});
