import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { expectAccessible } from './support/axe';
import { launchChromium, screenshotPagesOnFailure } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const ADMIN = { email: 'ada.admin@example.com', password: 'Tr4vel-Nimbus-82!' };
const STAFF_PASSWORD = 'Quartz#Lantern-519';
const MENU = [
  'Setup',
  'Campaigns',
  'Creators',
  'Identity checks',
  'Account evidence',
  'Held earnings',
  'Reports',
  'Teams',
  'Territories',
  'Staff',
  'Lookups',
  'Legal documents',
  'Audit log',
];

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchChromium();
  const setupLink = /"link":"([^"]*\/setup\?token=[^"]+)"/.exec(server.output())?.[1];
  if (!setupLink) throw new Error(`no setup link in the server log:\n${server.output()}`);
  const created = await fetch(`${server.url}/api/setup/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      token: new URL(setupLink).searchParams.get('token') ?? '',
      email: ADMIN.email,
      password: ADMIN.password,
    }).toString(),
  });
  if (created.status !== 201) throw new Error(`setup answered ${created.status}: ${await created.text()}`);
});
screenshotPagesOnFailure(() => browser, artifacts);
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
});

async function desktopPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** A screenshot of the page as it is now, and the page checked against WCAG 2.1 AA. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/console/**');
}

async function menuOf(page: Page): Promise<string[]> {
  const navigation = page.getByRole('navigation', { name: 'Console' });
  await navigation.getByRole('link').first().waitFor();
  return (await navigation.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

/** Opens a section from the console's menu (the Admin's setup checklist links to the same pages). */
async function openSection(page: Page, section: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: section }).click();
}

async function chooseInSearch(page: Page, label: string, typed: string, option: RegExp): Promise<void> {
  const box = page.getByRole('dialog').getByRole('combobox', { name: label });
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
  await page.keyboard.press('Escape');
}

type Invitee = {
  email: string;
  name: string;
  role: string;
  menu: string[];
  team?: string;
  territory?: string;
};

async function invite(page: Page, invitee: Invitee): Promise<void> {
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite staff' });
  await dialog.getByLabel('Email').fill(invitee.email);
  await dialog.getByLabel('Name').fill(invitee.name);
  await dialog.getByLabel('Role').selectOption(invitee.role);
  if (invitee.team) await chooseInSearch(page, 'Teams', invitee.team, new RegExp(invitee.team));
  if (invitee.territory) {
    await chooseInSearch(page, 'Territories', invitee.territory, new RegExp(invitee.territory));
  }
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await page.getByRole('cell', { name: invitee.email, exact: true }).waitFor();
}

describe('the marketing console in Chromium at 1280 px', () => {
  it('lets an Admin invite staff, who join by email and see only their role’s menu; disabling one signs them out; the audit log shows it all', async () => {
    const admin = await desktopPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    expect(await menuOf(admin)).toEqual(MENU);
    await shot(admin, 'console-admin');

    await openSection(admin, 'Teams');
    await admin.getByRole('button', { name: 'New team' }).click();
    await admin.getByRole('dialog', { name: 'New team' }).getByLabel('Team name').fill('Launch team');
    await admin.getByRole('button', { name: 'Create team' }).click();
    await admin.getByRole('cell', { name: 'Launch team', exact: true }).waitFor();
    await shot(admin, 'console-teams');

    await openSection(admin, 'Territories');
    await admin.getByRole('button', { name: 'New territory' }).click();
    const territoryDialog = admin.getByRole('dialog', { name: 'New territory' });
    await territoryDialog.getByLabel('Territory name').fill('Britain');
    await chooseInSearch(admin, 'Countries', 'United Kingdom', /^United Kingdom/);
    await territoryDialog.getByLabel('Terms and conditions').fill('https://example.com/uk/terms');
    await admin.getByRole('button', { name: 'Create territory' }).click();
    await admin.getByRole('cell', { name: 'Britain', exact: true }).waitFor();
    await shot(admin, 'console-territories');

    const invitees: Invitee[] = [
      {
        email: 'cara.manager@example.com',
        name: 'Cara Manager',
        role: 'CampaignManager',
        team: 'Launch team',
        menu: ['Campaigns', 'Creators', 'Held earnings', 'Reports', 'Teams'],
      },
      {
        email: 'sam.support@example.com',
        name: 'Sam Support',
        role: 'Support',
        menu: ['Campaigns', 'Creators', 'Identity checks', 'Account evidence', 'Staff'],
      },
      {
        email: 'tia.territory@example.com',
        name: 'Tia Territory',
        role: 'TerritoryManager',
        territory: 'Britain',
        menu: ['Campaigns', 'Creators', 'Reports', 'Territories'],
      },
    ];
    await openSection(admin, 'Staff');
    for (const invitee of invitees) {
      await admin.getByRole('tab', { name: 'Staff' }).click();
      await invite(admin, invitee);
    }
    await shot(admin, 'console-invitations');

    const staffPages = new Map<string, Page>();
    for (const invitee of invitees) {
      const email = await smtp.waitFor(invitee.email, (message) =>
        message.raw.includes('/accept-invitation?token='),
      );
      const page = await desktopPage();
      await page.goto(linkIn(email.raw, '/accept-invitation?token='));
      await page.getByText(invitee.email).first().waitFor();
      await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
      await page.getByLabel('Confirm password').fill(STAFF_PASSWORD);
      await page.getByRole('button', { name: 'Create my account' }).click();
      await page.getByRole('heading', { name: 'Your account is ready' }).waitFor();
      await shot(page, `accepted-${invitee.role}`);

      await signIn(page, invitee.email, STAFF_PASSWORD);
      expect(await menuOf(page), invitee.role).toEqual(invitee.menu);
      await shot(page, `console-${invitee.role}`);
      staffPages.set(invitee.role, page);
    }

    // Tia manages Britain: she may rename it and change its documents, but its countries are an Admin's.
    const territoryManager = staffPages.get('TerritoryManager');
    if (!territoryManager) throw new Error('no page for the TerritoryManager');
    await openSection(territoryManager, 'Territories');
    await territoryManager.getByRole('button', { name: 'Edit Britain' }).click();
    const ownTerritory = territoryManager.getByRole('dialog', { name: 'Edit Britain' });
    expect(await ownTerritory.getByRole('combobox', { name: 'Countries' }).isDisabled()).toBe(true);
    await ownTerritory.getByText('Only an Admin can change which countries a territory covers.').waitFor();
    await shot(territoryManager, 'console-territory-manager-edit');
    await ownTerritory.getByRole('button', { name: 'Cancel' }).click();

    // The Admin disables Support while Support has the Staff list open.
    const support = staffPages.get('Support');
    if (!support) throw new Error('no page for Support');
    await openSection(support, 'Staff');
    await support.getByRole('cell', { name: 'cara.manager@example.com', exact: true }).waitFor();

    // The three joined in other browsers: the Admin reloads the list to see them.
    await admin.reload();
    await admin.getByRole('tab', { name: 'Staff' }).click();
    await admin.getByRole('button', { name: 'Disable Sam Support' }).click();
    await admin.getByRole('button', { name: 'Disable account' }).click();
    await admin.getByRole('button', { name: 'Enable Sam Support' }).waitFor();
    await shot(admin, 'console-staff-disabled');

    await support.getByRole('tab', { name: 'Invitations' }).click();
    await support.waitForURL((url) => url.pathname === '/sign-in');
    await shot(support, 'disabled-support-sent-to-sign-in');

    await openSection(admin, 'Audit log');
    for (const action of ['team.create', 'territory.create', 'staff.invite', 'staff.join', 'staff.disable']) {
      await admin.getByText(action, { exact: true }).first().waitFor();
    }
    await shot(admin, 'console-audit-log');
  });
});
