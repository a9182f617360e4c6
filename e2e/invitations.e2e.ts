import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, newPage, screenshotPagesOnFailure, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { createWorldClient } from './support/world';

// A campaign by invitation: a marketer invites two creators from the console; one accepts on their phone,
// the other declines, is invited again, and sees the invitation back on their home screen.

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const PASSWORD = 'Quartz#Lantern-519';
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const MARKETER = { email: 'mia.marketer@example.com', password: PASSWORD };
const MANAGER = { email: 'max.manager@example.com', password: PASSWORD };
const SUPPORT = { email: 'sam.support@example.com', password: PASSWORD };
const CASEY = { email: 'casey.morgan@example.com', password: 'Harbour-Lights-73!' };
const DREW = { email: 'drew.patel@example.com', password: 'Copper-Kettle-58!' };
const CAMPAIGN = 'Midnight Run Studio Session';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchChromium();

  const world = createWorldClient(server, smtp);
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
  await world.activeCreator(admin, support, { ...CASEY, firstName: 'Casey', lastName: 'Morgan' });
  await world.activeCreator(admin, support, { ...DREW, firstName: 'Drew', lastName: 'Patel' });
  await world.publishedCampaign(await world.tokenOf(MARKETER), await world.tokenOf(MANAGER), {
    name: CAMPAIGN,
    type: 'BESPOKE',
    teamId: team.id,
    territoryIds: [territory.id],
    startsAt: new Date(Date.now() + 2 * 24 * 3600 * 1000),
  });
}, 240_000);
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
});

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A screenshot of the page as it is now, and the page checked against WCAG 2.1 AA. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}invitation-${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

/** The creator's home, once the campaign shows among their invitations. */
async function homeWithInvitation(page: Page) {
  await page.goto(`${server.url}/`);
  const invitation = page
    .getByRole('region', { name: 'You’re invited' })
    .getByRole('link', { name: CAMPAIGN });
  await invitation.waitFor();
  return invitation;
}

async function openInvitation(page: Page): Promise<void> {
  await (await homeWithInvitation(page)).click();
  await page.getByRole('heading', { name: CAMPAIGN }).waitFor();
}

describe('a campaign by invitation', () => {
  it('is offered to two creators: one accepts, the other declines and is invited again', async () => {
    const marketer = await newPage(browser, DESKTOP);
    await signIn(marketer, server.url, MARKETER, '**/console/campaigns');
    await marketer.getByRole('link', { name: CAMPAIGN }).click();
    await marketer.getByRole('heading', { name: CAMPAIGN }).waitFor();
    await marketer.getByRole('button', { name: 'Invite creators' }).click();
    const dialog = marketer.getByRole('dialog', { name: `Invite creators to ${CAMPAIGN}` });
    const found = dialog.getByRole('group', { name: 'Creators found' });
    await found.getByRole('checkbox', { name: /Casey Morgan/ }).check();
    await found.getByRole('checkbox', { name: /Drew Patel/ }).check();
    await shot(marketer, '01-inviting');
    await dialog.getByRole('button', { name: 'Invite 2 creators' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const creators = marketer.getByRole('table', { name: 'Creators' });
    await expect.poll(() => creators.getByText('Invited', { exact: true }).count()).toBe(2);

    const casey = await newPage(browser, PHONE);
    await signIn(casey, server.url, CASEY, `${server.url}/`);
    await homeWithInvitation(casey);
    await shot(casey, '02-casey-home');
    await openInvitation(casey);
    const caseyPart = casey.getByRole('region', { name: 'Taking part' });
    await caseyPart.getByRole('button', { name: 'Accept' }).click();
    await caseyPart.getByText('You’re taking part').waitFor();
    await shot(casey, '03-casey-accepted');

    const drew = await newPage(browser, PHONE);
    await signIn(drew, server.url, DREW, `${server.url}/`);
    await openInvitation(drew);
    const drewPart = drew.getByRole('region', { name: 'Taking part' });
    await drewPart.getByRole('button', { name: 'Decline' }).click();
    const confirm = drew.getByRole('dialog', { name: 'Decline this invitation?' });
    await confirm.getByRole('button', { name: 'Decline' }).click();
    await drewPart.getByText('You declined').waitFor();
    expect(await drewPart.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await shot(drew, '04-drew-declined');

    await marketer.reload();
    await creators.getByText('Taking part', { exact: true }).waitFor();
    await creators.getByText('Declined', { exact: true }).waitFor();
    await creators.getByRole('button', { name: 'Invite again: Drew Patel' }).click();
    await creators.getByRole('button', { name: 'Invite again: Drew Patel' }).waitFor({ state: 'detached' });
    await shot(marketer, '05-reinvited');

    await openInvitation(drew);
    await drewPart.getByText('You’re invited again').waitFor();
    await drewPart.getByRole('button', { name: 'Accept' }).waitFor();
    await shot(drew, '06-drew-invited-again');
  }, 300_000);
});
