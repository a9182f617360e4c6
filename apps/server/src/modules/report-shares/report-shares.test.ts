import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ERROR_CODES,
  REPORT_SHARE_DEFAULT_DAYS,
  type CampaignReport,
  type ReportShare,
  type ReportShareList,
  type SharedReport,
} from '@platform/shared';
import { auditLog } from '../../db/schema/index';
import { postEntry, recordReading } from '../../test/entry-fixtures';
import {
  actingAs,
  createCampaign,
  createCreator,
  createStaffMember,
  createWorld,
  signedIn,
  signIn,
  type World,
} from '../../test/factories';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, PUBLIC_URL, type TestApp } from '../../test/harness';
import { REPORT_LINK_RATE_LIMITS } from './report-shares.service';

let context: TestApp;
let world: World;
beforeAll(async () => {
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

const DAY = 24 * 3600 * 1000;
const DAYS_MESSAGE = 'A link lasts from 1 to 90 days.';
const sharesOf = (campaignId: string) => `/server-api/marketing/campaigns/${campaignId}/report/shares`;
const revokeOf = (campaignId: string, shareId: string) => `${sharesOf(campaignId)}/${shareId}/revoke`;

const homeCampaign = () =>
  createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
  });

async function share(campaignId: string, body: unknown = {}, as = world.as('CampaignManager')) {
  const answer = await as.post(sharesOf(campaignId), body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<ReportShare>();
}

const tokenOf = (shared: ReportShare) => shared.url.slice(`${PUBLIC_URL}/shared/reports/`.length);

/** What a browser without an account sends for a link's report. */
const open = (token: string, remoteAddress = '127.0.0.1') =>
  context.app.inject({ method: 'GET', url: `/server-api/shared-reports/${token}`, remoteAddress });

async function expectNotFound(token: string) {
  const answer = await open(token);
  expect(answer.statusCode, token).toBe(404);
  const error = errorOf(answer);
  expect({ code: error.code, message: error.message }).toEqual({
    code: ERROR_CODES.notFound,
    message: 'Not found.',
  });
}

async function listOf(campaignId: string, as = world.as('CampaignManager')) {
  const answer = await as.get(sharesOf(campaignId));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ReportShareList>().items;
}

describe('report links', () => {
  it('opens exactly the report of the campaign it was made for, to anyone holding it', async () => {
    const campaign = await homeCampaign();
    const other = await homeCampaign();
    const manager = world.account('CampaignManager');
    const creatorId = (await createCreator(context)).id;
    const entry = await postEntry(context, { campaignId: campaign.id, creatorId });
    await recordReading(context, entry.id, { views: 1234, likes: 56 });
    const otherEntry = await postEntry(context, { campaignId: other.id, creatorId });
    await recordReading(context, otherEntry.id, { views: 99 });
    const before = context.clock.now();

    const shared = await share(campaign.id);
    const otherShared = await share(other.id, { expiresInDays: 30 });
    expect(shared).toMatchObject({
      campaignId: campaign.id,
      state: 'ACTIVE',
      createdBy: { id: manager.id },
      revokedAt: null,
      lastOpenedAt: null,
    });
    expect(shared.createdBy.name).not.toBeNull();
    expect(shared.url).toMatch(/^http:\/\/app\.test\/shared\/reports\/[A-Za-z0-9_-]{22}~[A-Za-z0-9_-]{43}$/);
    const lasts = Date.parse(shared.expiresAt) - Date.parse(shared.createdAt);
    expect(lasts).toBe(REPORT_SHARE_DEFAULT_DAYS * DAY);
    expect(Date.parse(otherShared.expiresAt) - Date.parse(otherShared.createdAt)).toBe(30 * DAY);
    expect(Date.parse(shared.createdAt)).toBeGreaterThan(before.getTime());

    const answer = await open(tokenOf(shared));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-robots-tag']).toBe('noindex');
    const opened = answer.json<SharedReport>();
    expect(opened.expiresAt).toBe(shared.expiresAt);
    const staffView = await world
      .as('CampaignManager')
      .get(`/server-api/marketing/campaigns/${campaign.id}/report`);
    expect(staffView.statusCode).toBe(200);
    expect(opened.report).toEqual(staffView.json<CampaignReport>());
    expect(opened.report.campaignId).toBe(campaign.id);
    expect(opened.report.campaignName).toBe(campaign.name);
    expect(opened.report.kpis).toMatchObject({ views: 1234, likes: 56, entriesApproved: 1 });

    const otherOpened = (await open(tokenOf(otherShared))).json<SharedReport>();
    expect(otherOpened.report.campaignId).toBe(other.id);
    expect(otherOpened.report.kpis.views).toBe(99);

    const [listed] = await listOf(campaign.id);
    expect(listed?.id).toBe(shared.id);
    expect(listed?.url).toBe(shared.url);
    expect(listed?.lastOpenedAt).not.toBeNull();
    expect(Date.parse(listed?.lastOpenedAt ?? '')).toBeGreaterThan(Date.parse(shared.createdAt));

    const audited = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, campaign.id), eq(auditLog.action, 'campaign.report.share')));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: manager.id, after: { share: shared.id } });
  });

  it('keeps the token out of the logs, on success and on a 404', async () => {
    const shared = await share((await homeCampaign()).id);
    const token = tokenOf(shared);
    expect((await open(token)).statusCode).toBe(200);
    await expectNotFound(`${token}x`);
    const [idPart, signature] = token.split('~');
    const logs = context.logText();
    expect(logs).toContain('/server-api/shared-reports/[redacted]');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(idPart);
    expect(logs).not.toContain(signature);
  });

  it('answers the same 404 for any token it did not sign as it is, and says so without caching', async () => {
    const first = tokenOf(await share((await homeCampaign()).id));
    const second = tokenOf(await share((await homeCampaign()).id));
    const [firstId = '', firstSignature = ''] = first.split('~');
    const [secondId = ''] = second.split('~');
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;

    for (const token of [
      flip(first, first.length - 2),
      `${flip(firstId, 3)}~${firstSignature}`,
      // Another link's id under this link's signature, and the other way round.
      `${secondId}~${firstSignature}`,
      `${firstId}~${second.split('~')[1] ?? ''}`,
      firstId,
      `${first}~x`,
      'not-a-token',
      '00000000-0000-0000-0000-000000000000',
    ]) {
      await expectNotFound(token);
    }
    // Longer than any token the server signs: refused before routing, as any overlong path parameter is.
    expect((await open(`${first}~${firstSignature}`)).statusCode).toBe(414);
    const refused = await open('not-a-token');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['x-robots-tag']).toBe('noindex');
    expect((await open(first)).statusCode).toBe(200);
  });

  it('stops a revoked link at once; revoking again changes nothing', async () => {
    const campaign = await homeCampaign();
    const kept = await share(campaign.id);
    const shared = await share(campaign.id);
    expect((await open(tokenOf(shared))).statusCode).toBe(200);

    const first = await world.as('Admin').post(revokeOf(campaign.id, shared.id));
    expect(first.statusCode, first.body).toBe(200);
    const revoked = first.json<ReportShare>();
    expect(revoked).toMatchObject({ id: shared.id, state: 'REVOKED', url: shared.url });
    expect(revoked.revokedAt).not.toBeNull();
    await expectNotFound(tokenOf(shared));

    const again = await world.as('CampaignManager').post(revokeOf(campaign.id, shared.id));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<ReportShare>().revokedAt).toBe(revoked.revokedAt);
    const audited = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, campaign.id), eq(auditLog.action, 'campaign.report.revoke')));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: world.account('Admin').id, before: { share: shared.id } });

    // Newest first, each with its state; the other link still works.
    expect((await listOf(campaign.id)).map((item) => [item.id, item.state])).toEqual([
      [shared.id, 'REVOKED'],
      [kept.id, 'ACTIVE'],
    ]);
    expect((await open(tokenOf(kept))).statusCode).toBe(200);
  });

  it('stops the links of a maker an Admin disables, with the same 404, until the maker is enabled', async () => {
    const campaign = await homeCampaign();
    const maker = await signedIn(
      context,
      await createStaffMember(context, { role: 'CampaignManager', teamIds: [world.homeTeam.id] }),
    );
    const theirs = await share(campaign.id, {}, maker.as);
    const kept = await share(campaign.id);
    expect((await open(tokenOf(theirs))).statusCode).toBe(200);
    const admin = world.as('Admin');

    const disabled = await admin.post(`/server-api/marketing/staff/${maker.account.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    await expectNotFound(tokenOf(theirs));
    expect((await open(tokenOf(kept))).statusCode).toBe(200);
    expect((await listOf(campaign.id)).map((item) => [item.id, item.state])).toEqual([
      [kept.id, 'ACTIVE'],
      [theirs.id, 'MAKER_DISABLED'],
    ]);

    const enabled = await admin.post(`/server-api/marketing/staff/${maker.account.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await open(tokenOf(theirs))).statusCode).toBe(200);
    expect((await listOf(campaign.id)).find((item) => item.id === theirs.id)?.state).toBe('ACTIVE');
  });

  it('revokes a link only through the campaign it was made for', async () => {
    const campaign = await homeCampaign();
    const other = await homeCampaign();
    const shared = await share(campaign.id);
    const manager = world.as('CampaignManager');
    expect((await manager.post(revokeOf(other.id, shared.id))).statusCode).toBe(404);
    expect((await manager.post(revokeOf(campaign.id, 'not-a-link'))).statusCode).toBe(404);
    expect((await manager.post(revokeOf(campaign.id, randomUUID()))).statusCode).toBe(404);
    expect((await listOf(campaign.id))[0]?.state).toBe('ACTIVE');
    expect((await open(tokenOf(shared))).statusCode).toBe(200);
  });

  it('refuses a link of 0 or 91 days, or of a part of a day, with the contract’s message', async () => {
    const campaign = await homeCampaign();
    for (const expiresInDays of [0, 91, 1.5, '7']) {
      const answer = await world.as('CampaignManager').post(sharesOf(campaign.id), { expiresInDays });
      expect(answer.statusCode, String(expiresInDays)).toBe(400);
      expect(errorOf(answer).details).toEqual([{ field: 'expiresInDays', message: DAYS_MESSAGE }]);
    }
    const longest = await share(campaign.id, { expiresInDays: 90 });
    expect(Date.parse(longest.expiresAt) - Date.parse(longest.createdAt)).toBe(90 * DAY);
    expect(await listOf(campaign.id)).toHaveLength(1);
  });

  it('is for those who may share reports, in their own campaigns', async () => {
    const campaign = await homeCampaign();
    const outside = await createCampaign(context, {
      teamId: world.otherTeam.id,
      territoryIds: [world.otherTerritory.id],
      status: 'LIVE',
    });
    const shared = await share(campaign.id);
    const outsideShare = await share(outside.id, {}, world.as('Admin'));

    for (const principal of ['CampaignMarketer', 'StatsViewer', 'TerritoryManager', 'Creator'] as const) {
      const as = world.as(principal);
      expect((await as.post(sharesOf(campaign.id), {})).statusCode, principal).toBe(403);
      expect((await as.get(sharesOf(campaign.id))).statusCode, principal).toBe(403);
      expect((await as.post(revokeOf(campaign.id, shared.id))).statusCode, principal).toBe(403);
    }
    const anonymous = world.as('Anonymous');
    expect((await anonymous.post(sharesOf(campaign.id), {})).statusCode).toBe(401);
    expect((await anonymous.get(sharesOf(campaign.id))).statusCode).toBe(401);

    // A CampaignManager shares their teams' campaigns only: another team's is as missing as none.
    const manager = world.as('CampaignManager');
    expect((await manager.post(sharesOf(outside.id), {})).statusCode).toBe(404);
    expect((await manager.get(sharesOf(outside.id))).statusCode).toBe(404);
    expect((await manager.post(revokeOf(outside.id, outsideShare.id))).statusCode).toBe(404);
    expect((await manager.post(sharesOf(randomUUID()), {})).statusCode).toBe(404);
    expect((await open(tokenOf(outsideShare))).statusCode).toBe(200);
    expect((await listOf(campaign.id)).map((item) => item.state)).toEqual(['ACTIVE']);
  });

  it('limits how often one address may open links, counting every guess that could have been one', async () => {
    const address = '203.0.113.77';
    const guess = `${'A'.repeat(22)}~${'B'.repeat(43)}`;
    const { limit } = REPORT_LINK_RATE_LIMITS.opensPerIp;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      expect((await open(guess, address)).statusCode).toBe(404);
    }
    const refused = await open(guess, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await open(guess, '203.0.113.78')).statusCode).toBe(404);
    // What could never be a link is refused without counting, so junk fills no window.
    expect((await open('not-a-token', address)).statusCode).toBe(404);
  });

  // Last: moving the clock on ends every session the other tests use.
  it('stops a link once it expires, and lists it as expired', async () => {
    const campaign = await homeCampaign();
    const shortest = await share(campaign.id, { expiresInDays: 1 });
    const longer = await share(campaign.id, { expiresInDays: 2 });
    context.clock.advance(DAY - 60_000);
    expect((await open(tokenOf(shortest))).statusCode).toBe(200);

    context.clock.advance(60_000);
    await expectNotFound(tokenOf(shortest));
    expect((await open(tokenOf(longer))).statusCode).toBe(200);

    const manager = actingAs(context, await signIn(context, world.account('CampaignManager')));
    expect((await listOf(campaign.id, manager)).map((item) => [item.id, item.state])).toEqual([
      [longer.id, 'ACTIVE'],
      [shortest.id, 'EXPIRED'],
    ]);
    // A link that has expired is not brought back by revoking it, and says it was revoked.
    const revoked = await manager.post(revokeOf(campaign.id, shortest.id));
    expect(revoked.json<ReportShare>().state).toBe('REVOKED');
    await expectNotFound(tokenOf(shortest));
  });
});
