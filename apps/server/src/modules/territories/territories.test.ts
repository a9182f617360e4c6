import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TERRITORY_MESSAGES,
  type CreatorTerritory,
  type Territory,
  type TerritoryListResponse,
} from '@platform/shared';
import { auditLog, territories, territoryLinks, territoryManagers } from '../../db/schema/index';
import {
  actingAs,
  createCreator,
  createStaffMember,
  createTerritory,
  createWorld,
  signIn,
  type World,
} from '../../test/factories';
import { createTestApp, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';

let context: TestApp;
let world: World;
beforeAll(async () => {
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[] } };

const TERRITORIES = '/server-api/marketing/territories';
const tag = () => randomUUID().slice(0, 8);

const auditRows = (targetId: string) =>
  context.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.at));

const managerIdsOf = async (territoryId: string) =>
  (await context.db.select().from(territoryManagers).where(eq(territoryManagers.territoryId, territoryId)))
    .map((row) => row.accountId)
    .sort();

/** A TerritoryManager of their own, managing the given territories, with a session. */
async function territoryManager(territoryIds: string[]) {
  const account = await createStaffMember(context, { role: 'TerritoryManager', territoryIds });
  return { account, as: actingAs(context, await signIn(context, account)) };
}

// A country no other territory of this file holds, since each belongs to at most one live territory.
const UNUSED_COUNTRIES = ['AD', 'AG', 'AL', 'AM', 'AO', 'AZ', 'BA', 'BB', 'BD', 'BF', 'BH', 'BI'] as const;
let unusedCountriesTaken = 0;
const unusedCountry = () => UNUSED_COUNTRIES[unusedCountriesTaken++ % UNUSED_COUNTRIES.length] ?? 'AD';

const validBody = (name = `Territory ${tag()}`) => ({
  name,
  countries: [unusedCountry()],
  links: { TERMS: 'https://example.com/terms', PRIVACY: 'http://example.com/privacy' },
});

describe('listing territories', () => {
  it('shows an Admin every active territory by name, with countries, links and managers, paged and searchable', async () => {
    const prefix = `List ${tag()}`;
    const manager = await createStaffMember(context, {
      role: 'TerritoryManager',
      displayName: 'Tess Manager',
    });
    const bravo = await createTerritory(context, { name: `${prefix} bravo`, countries: ['FR'] });
    const alpha = await createTerritory(context, {
      name: `${prefix} Alpha`,
      countries: ['GB', 'IE'],
      links: { TERMS: 'https://example.com/terms', CCPA: 'https://example.com/ccpa' },
      managerIds: [manager.id],
    });
    await createTerritory(context, { name: `${prefix} charlie`, active: false });

    const response = await world
      .as('Admin')
      .get(`${TERRITORIES}?search=${encodeURIComponent(prefix.toUpperCase())}&pageSize=1`);
    expect(response.statusCode).toBe(200);
    const page = response.json<TerritoryListResponse>();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.items).toEqual([
      {
        id: alpha.id,
        name: `${prefix} Alpha`,
        countries: ['GB', 'IE'],
        active: true,
        links: [
          { type: 'CCPA', url: 'https://example.com/ccpa' },
          { type: 'TERMS', url: 'https://example.com/terms' },
        ],
        managers: [{ id: manager.id, name: 'Tess Manager', email: manager.email, active: true }],
      },
    ]);

    const second = await world
      .as('Admin')
      .get(`${TERRITORIES}?search=${encodeURIComponent(prefix)}&pageSize=1&page=2`);
    expect(second.json<TerritoryListResponse>().items.map((territory) => territory.id)).toEqual([bravo.id]);

    const all = await world
      .as('Admin')
      .get(`${TERRITORIES}?search=${encodeURIComponent(prefix)}&includeArchived=true`);
    expect(
      all.json<TerritoryListResponse>().items.map((territory) => [territory.name, territory.active]),
    ).toEqual([
      [`${prefix} Alpha`, true],
      [`${prefix} bravo`, true],
      [`${prefix} charlie`, false],
    ]);
  });

  it('shows a TerritoryManager only the territories they manage', async () => {
    const prefix = `Scope ${tag()}`;
    const mine = await createTerritory(context, { name: `${prefix} mine` });
    await createTerritory(context, { name: `${prefix} theirs` });
    const manager = await territoryManager([mine.id]);
    const response = await manager.as.get(`${TERRITORIES}?includeArchived=true`);
    expect(response.json<TerritoryListResponse>()).toMatchObject({ total: 1, items: [{ id: mine.id }] });
  });
});

describe('reading a territory', () => {
  it('answers a territory in scope, and 404 for one outside it, a missing one and an id that is not a UUID', async () => {
    const manager = await territoryManager([world.homeTerritory.id]);
    const own = await manager.as.get(`${TERRITORIES}/${world.homeTerritory.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json<Territory>()).toMatchObject({
      id: world.homeTerritory.id,
      countries: ['GB'],
      active: true,
    });

    for (const response of [
      await manager.as.get(`${TERRITORIES}/${world.otherTerritory.id}`),
      await manager.as.get(`${TERRITORIES}/${randomUUID()}`),
      await world.as('Admin').get(`${TERRITORIES}/42`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('creating a territory', () => {
  it('creates the territory (201) with its links, and records it in the audit log', async () => {
    const body = validBody();
    const response = await world.as('Admin').post(TERRITORIES, {
      ...body,
      links: { ...body.links, CCPA: '', INFLUENCER_GUIDELINES: '  https://example.com/guide  ' },
    });
    expect(response.statusCode).toBe(201);
    const territory = response.json<Territory>();
    const links = [
      { type: 'INFLUENCER_GUIDELINES', url: 'https://example.com/guide' },
      { type: 'PRIVACY', url: 'http://example.com/privacy' },
      { type: 'TERMS', url: 'https://example.com/terms' },
    ];
    expect(territory).toMatchObject({
      name: body.name,
      countries: body.countries,
      active: true,
      links,
      managers: [],
    });

    expect(await auditRows(territory.id)).toMatchObject([
      {
        action: 'territory.create',
        actorId: world.account('Admin').id,
        targetType: 'territory',
        targetLabel: body.name,
        before: null,
        after: { name: body.name, countries: body.countries, links },
      },
    ]);
  });

  it('takes a global entry on its own, and no links at all', async () => {
    const response = await world
      .as('Admin')
      .post(TERRITORIES, { name: `World ${tag()}`, countries: ['GLOBAL_EX_US'] });
    expect(response.statusCode).toBe(201);
    const territory = response.json<Territory>();
    expect(territory).toMatchObject({ countries: ['GLOBAL_EX_US'], links: [] });
    // Global entries are held by one live territory at a time: this one makes way for the later tests'.
    expect((await world.as('Admin').post(`${TERRITORIES}/${territory.id}/archive`)).statusCode).toBe(200);
  });

  it('refuses each rule with the field’s own message, writing nothing', async () => {
    const before = await context.rowCounts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'This field is required'],
      [{ name: 'x'.repeat(101) }, 'name', 'You cannot enter more than 100 characters'],
      [{ countries: [] }, 'countries', TERRITORY_MESSAGES.countriesRequired],
      [{ countries: undefined }, 'countries', TERRITORY_MESSAGES.countriesRequired],
      [{ countries: ['GB', 'XX'] }, 'countries', TERRITORY_MESSAGES.countryUnknown],
      [{ countries: ['gb'] }, 'countries', TERRITORY_MESSAGES.countryUnknown],
      [{ countries: ['GB', 'FR', 'GB'] }, 'countries', TERRITORY_MESSAGES.countryRepeated],
      [{ countries: ['GLOBAL', 'GB'] }, 'countries', TERRITORY_MESSAGES.globalAlone],
      [{ countries: ['GLOBAL_EX_UK', 'GLOBAL_EX_US'] }, 'countries', TERRITORY_MESSAGES.globalAlone],
      [{ links: { TERMS: 'not a url' } }, 'links.TERMS', 'Please enter a valid url'],
      [{ links: { PRIVACY: 'ftp://example.com/privacy' } }, 'links.PRIVACY', 'Please enter a valid url'],
      [{ links: { CCPA: 'example.com/ccpa' } }, 'links.CCPA', TERRITORY_MESSAGES.linkScheme],
      [
        { links: { INFLUENCER_GUIDELINES: `https://example.com/${'a'.repeat(240)}` } },
        'links.INFLUENCER_GUIDELINES',
        'You cannot enter more than 255 characters',
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await world.as('Admin').post(TERRITORIES, { ...validBody(), ...change });
      expect(response.statusCode, `${field}: ${message}`).toBe(400);
      expect(response.json<ErrorBody>().error.details).toEqual([{ field, message }]);
    }
    expect(await context.rowCounts()).toEqual(before);
  });

  it('answers 409 on the name field for an active territory’s name, whatever its case; an archived one’s name is free', async () => {
    const name = `Duplicate ${tag()}`;
    await createTerritory(context, { name });
    const before = await context.rowCounts();
    const response = await world.as('Admin').post(TERRITORIES, validBody(name.toLowerCase()));
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().error).toMatchObject({
      code: 'CONFLICT',
      details: [{ field: 'name', message: TERRITORY_MESSAGES.duplicateName }],
    });
    expect(await context.rowCounts()).toEqual(before);

    const archivedName = `Retired ${tag()}`;
    await createTerritory(context, { name: archivedName, active: false });
    expect((await world.as('Admin').post(TERRITORIES, validBody(archivedName))).statusCode).toBe(201);
  });

  it('creates one territory when two requests race for the same name; the other gets the 409', async () => {
    const name = `Race ${tag()}`;
    const responses = await Promise.all([
      world.as('Admin').post(TERRITORIES, validBody(name)),
      world.as('Admin').post(TERRITORIES, validBody(name.toUpperCase())),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it('is for Admins only', async () => {
    expect((await world.as('TerritoryManager').post(TERRITORIES, validBody())).statusCode).toBe(403);
  });
});

describe('changing a territory', () => {
  it('changes only the fields sent, with every field before and after in the audit log', async () => {
    const territory = await createTerritory(context, {
      countries: ['GB'],
      links: { TERMS: 'https://example.com/terms' },
    });
    const renamed = `Renamed ${tag()}`;
    const response = await world.as('Admin').patch(`${TERRITORIES}/${territory.id}`, { name: renamed });
    expect(response.statusCode).toBe(200);
    expect(response.json<Territory>()).toMatchObject({
      name: renamed,
      countries: ['GB'],
      links: [{ type: 'TERMS', url: 'https://example.com/terms' }],
    });

    const relinked = await world.as('Admin').patch(`${TERRITORIES}/${territory.id}`, {
      countries: ['LU'],
      links: { PRIVACY: 'https://example.com/privacy', TERMS: '' },
    });
    expect(relinked.json<Territory>()).toMatchObject({
      name: renamed,
      countries: ['LU'],
      links: [{ type: 'PRIVACY', url: 'https://example.com/privacy' }],
    });
    const stored = await context.db
      .select()
      .from(territoryLinks)
      .where(eq(territoryLinks.territoryId, territory.id));
    expect(stored.map((link) => link.type)).toEqual(['PRIVACY']);

    expect(await auditRows(territory.id)).toMatchObject([
      {
        action: 'territory.update',
        targetLabel: renamed,
        before: { name: territory.name, countries: ['GB'], links: [{ type: 'TERMS' }] },
        after: { name: renamed, countries: ['GB'], links: [{ type: 'TERMS' }] },
      },
      {
        action: 'territory.update',
        before: { countries: ['GB'], links: [{ type: 'TERMS', url: 'https://example.com/terms' }] },
        after: { countries: ['LU'], links: [{ type: 'PRIVACY', url: 'https://example.com/privacy' }] },
      },
    ]);
  });

  it('writes nothing when nothing changes', async () => {
    const territory = await createTerritory(context, { countries: ['DE'] });
    const response = await world
      .as('Admin')
      .patch(`${TERRITORIES}/${territory.id}`, { name: territory.name, countries: ['DE'] });
    expect(response.statusCode).toBe(200);
    expect(await auditRows(territory.id)).toEqual([]);
  });

  it('refuses bad fields, another active territory’s name and an archived territory, writing nothing', async () => {
    const taken = await createTerritory(context, { name: `Taken ${tag()}` });
    const territory = await createTerritory(context);
    const archived = await createTerritory(context, { active: false });
    const before = await context.rowCounts();

    const bad = await world
      .as('Admin')
      .patch(`${TERRITORIES}/${territory.id}`, { countries: ['GLOBAL', 'FR'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().error.details).toEqual([
      { field: 'countries', message: TERRITORY_MESSAGES.globalAlone },
    ]);

    const duplicate = await world
      .as('Admin')
      .patch(`${TERRITORIES}/${territory.id}`, { name: taken.name.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<ErrorBody>().error.details).toEqual([
      { field: 'name', message: TERRITORY_MESSAGES.duplicateName },
    ]);

    const frozen = await world.as('Admin').patch(`${TERRITORIES}/${archived.id}`, { name: `New ${tag()}` });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json<ErrorBody>().error.message).toBe(TERRITORY_MESSAGES.archived);
    expect(await context.rowCounts()).toEqual(before);
  });

  it('lets a TerritoryManager rename their own territory and change its links, and answers 404 for another', async () => {
    const mine = await createTerritory(context, { countries: ['ES', 'PT'] });
    const manager = await territoryManager([mine.id]);
    const own = await manager.as.patch(`${TERRITORIES}/${mine.id}`, {
      name: `Iberia ${tag()}`,
      countries: ['PT', 'ES'],
      links: { TERMS: 'https://example.com/iberia-terms' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json<Territory>()).toMatchObject({
      countries: ['PT', 'ES'],
      links: [{ type: 'TERMS', url: 'https://example.com/iberia-terms' }],
    });

    const before = await context.rowCounts();
    const other = await manager.as.patch(`${TERRITORIES}/${world.otherTerritory.id}`, { name: 'Mine now' });
    expect(other.statusCode).toBe(404);
    expect(await context.rowCounts()).toEqual(before);
  });
});

describe('which countries a territory covers', () => {
  it('cannot be widened by the territory’s own manager: 403, nothing written, and the creators of those countries stay out of reach', async () => {
    const mine = await createTerritory(context, { countries: ['NZ'] });
    const manager = await territoryManager([mine.id]);
    const australian = await createCreator(context, { country: 'AU' });
    const before = await context.rowCounts();
    const [territoryBefore] = await context.db.select().from(territories).where(eq(territories.id, mine.id));

    for (const countries of [['GB', 'AU', 'US', 'FR', 'DE'], ['NZ', 'AU'], ['GLOBAL']]) {
      const widened = await manager.as.patch(`${TERRITORIES}/${mine.id}`, { countries });
      expect(widened.statusCode, countries.join()).toBe(403);
      expect(widened.json<ErrorBody>().error).toMatchObject({
        code: 'FORBIDDEN',
        message: TERRITORY_MESSAGES.countriesAdminOnly,
        details: [{ field: 'countries', message: TERRITORY_MESSAGES.countriesAdminOnly }],
      });
    }
    const narrowed = await manager.as.patch(`${TERRITORIES}/${mine.id}`, { countries: ['NZ', 'FJ'] });
    expect(narrowed.statusCode).toBe(403);

    expect(await context.rowCounts()).toEqual(before);
    const [territoryAfter] = await context.db.select().from(territories).where(eq(territories.id, mine.id));
    expect(territoryAfter).toEqual(territoryBefore);
    const creator = await manager.as.get(`/server-api/marketing/creators/${australian.id}`);
    expect(creator.statusCode).toBe(404);
  });

  it('are an Admin’s to change, each country in at most one live territory: 409 naming the territory that holds it, writing nothing', async () => {
    const holder = await createTerritory(context, { name: `Benelux ${tag()}`, countries: ['BE', 'NL'] });
    const territory = await createTerritory(context, { countries: ['MT'] });
    const before = await context.rowCounts();

    const created = await world
      .as('Admin')
      .post(TERRITORIES, { name: `Lowlands ${tag()}`, countries: ['LI', 'NL'] });
    expect(created.statusCode).toBe(409);
    expect(created.json<ErrorBody>().error).toMatchObject({
      code: 'CONFLICT',
      message: `Netherlands is already in the territory “${holder.name}”`,
      details: [{ field: 'countries', message: `Netherlands is already in the territory “${holder.name}”` }],
    });

    const widened = await world
      .as('Admin')
      .patch(`${TERRITORIES}/${territory.id}`, { countries: ['MT', 'BE', 'NL'] });
    expect(widened.statusCode).toBe(409);
    expect(widened.json<ErrorBody>().error.details).toEqual([
      { field: 'countries', message: `Belgium is already in the territory “${holder.name}”` },
      { field: 'countries', message: `Netherlands is already in the territory “${holder.name}”` },
    ]);
    expect(await context.rowCounts()).toEqual(before);

    const moved = await world
      .as('Admin')
      .patch(`${TERRITORIES}/${territory.id}`, { countries: ['MT', 'CY'] });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Territory>().countries).toEqual(['MT', 'CY']);

    expect((await world.as('Admin').post(`${TERRITORIES}/${holder.id}/archive`)).statusCode).toBe(200);
    const freed = await world.as('Admin').post(TERRITORIES, { name: `Lowlands ${tag()}`, countries: ['NL'] });
    expect(freed.statusCode).toBe(201);
  });

  it('hold global entries as one: a second live territory cannot take any of them', async () => {
    const worldwide = await createTerritory(context, {
      name: `Worldwide ${tag()}`,
      countries: ['GLOBAL_EX_US'],
    });
    const other = await world
      .as('Admin')
      .post(TERRITORIES, { name: `Global ${tag()}`, countries: ['GLOBAL'] });
    expect(other.statusCode).toBe(409);
    expect(other.json<ErrorBody>().error.message).toBe(
      `A global entry is already in the territory “${worldwide.name}”`,
    );
    expect((await world.as('Admin').post(`${TERRITORIES}/${worldwide.id}/archive`)).statusCode).toBe(200);
  });

  it('give a contested country to one of two Admins creating territories at once', async () => {
    const answers = await Promise.all(
      [0, 1].map((index) =>
        world.as('Admin').post(TERRITORIES, { name: `Nordic ${index} ${tag()}`, countries: ['SE', 'NO'] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('archiving a territory', () => {
  it('archives once, with an audit row; an archived territory leaves its managers’ scope and the creator app', async () => {
    const territory = await createTerritory(context);
    const manager = await territoryManager([territory.id]);
    const response = await manager.as.post(`${TERRITORIES}/${territory.id}/archive`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Territory>().active).toBe(false);
    expect(await auditRows(territory.id)).toMatchObject([
      {
        action: 'territory.archive',
        actorId: manager.account.id,
        before: { active: true },
        after: { active: false },
      },
    ]);
    expect((await manager.as.get(`${TERRITORIES}/${territory.id}`)).statusCode).toBe(404);

    const before = await context.rowCounts();
    const again = await world.as('Admin').post(`${TERRITORIES}/${territory.id}/archive`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe(TERRITORY_MESSAGES.alreadyArchived);
    const managers = await world
      .as('Admin')
      .put(`${TERRITORIES}/${territory.id}/managers`, { accountIds: [] });
    expect(managers.statusCode).toBe(409);
    expect(await context.rowCounts()).toEqual(before);

    const creatorList = await world.as('Creator').patch('/server-api/territory', { active: 'YES' });
    expect(creatorList.json<CreatorTerritory[]>().map((entry) => entry.id)).not.toContain(territory.id);
  });

  it('answers 404 for a territory outside a TerritoryManager’s, archiving nothing', async () => {
    const manager = await territoryManager([world.homeTerritory.id]);
    const other = await createTerritory(context);
    expect((await manager.as.post(`${TERRITORIES}/${other.id}/archive`)).statusCode).toBe(404);
    expect((await world.as('Admin').get(`${TERRITORIES}/${other.id}`)).json<Territory>().active).toBe(true);
  });
});

describe('replacing a territory’s managers', () => {
  it('takes active TerritoryManagers and Admins, with the managers before and after in the audit log', async () => {
    const stays = await createStaffMember(context, { role: 'TerritoryManager' });
    const leaves = await createStaffMember(context, { role: 'TerritoryManager' });
    const admin = await createStaffMember(context, { role: 'Admin' });
    const territory = await createTerritory(context, { managerIds: [stays.id, leaves.id] });

    const response = await world
      .as('Admin')
      .put(`${TERRITORIES}/${territory.id}/managers`, { accountIds: [stays.id, admin.id] });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<Territory>()
        .managers.map((manager) => manager.id)
        .sort(),
    ).toEqual([stays.id, admin.id].sort());
    expect(await managerIdsOf(territory.id)).toEqual([stays.id, admin.id].sort());

    const [row] = await auditRows(territory.id);
    expect(row?.action).toBe('territory.managers');
    const emails = (fields: unknown) =>
      (fields as { managers: { email: string }[] }).managers.map((manager) => manager.email).sort();
    expect(emails(row?.before)).toEqual([stays.email, leaves.email].sort());
    expect(emails(row?.after)).toEqual([stays.email, admin.email].sort());
  });

  it('refuses other roles, disabled managers, creators and unknown accounts on the accountIds field, writing nothing', async () => {
    const territory = await createTerritory(context);
    const refused = [
      (await createStaffMember(context, { role: 'CampaignManager' })).id,
      (await createStaffMember(context, { role: 'TerritoryManager', status: 'INACTIVE' })).id,
      (await createCreator(context)).id,
      randomUUID(),
    ];
    const before = await context.rowCounts();
    for (const accountId of refused) {
      const response = await world
        .as('Admin')
        .put(`${TERRITORIES}/${territory.id}/managers`, { accountIds: [accountId] });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.details).toEqual([
        { field: 'accountIds', message: TERRITORY_MESSAGES.managerNotAllowed },
      ]);
    }
    const notIds = await world
      .as('Admin')
      .put(`${TERRITORIES}/${territory.id}/managers`, { accountIds: [42] });
    expect(notIds.statusCode).toBe(400);
    expect(notIds.json<ErrorBody>().error.details?.[0]?.field).toMatch(/^accountIds/);
    expect(await context.rowCounts()).toEqual(before);
  });

  it('lets a TerritoryManager change their own territory’s managers, and answers 404 for another', async () => {
    const mine = await createTerritory(context);
    const manager = await territoryManager([mine.id]);
    const colleague = await createStaffMember(context, { role: 'TerritoryManager' });
    const own = await manager.as.put(`${TERRITORIES}/${mine.id}/managers`, {
      accountIds: [manager.account.id, colleague.id],
    });
    expect(own.statusCode).toBe(200);
    expect(await managerIdsOf(mine.id)).toEqual([manager.account.id, colleague.id].sort());

    const other = await manager.as.put(`${TERRITORIES}/${world.otherTerritory.id}/managers`, {
      accountIds: [colleague.id],
    });
    expect(other.statusCode).toBe(404);
    expect(await managerIdsOf(world.otherTerritory.id)).toEqual([]);
  });
});

describe('the creator app’s PATCH /server-api/territory', () => {
  it('answers a creator every active territory by name, with its country codes and links', async () => {
    const prefix = `Zz creator ${tag()}`;
    const second = await createTerritory(context, { name: `${prefix} b`, countries: ['GLOBAL_EX_UK'] });
    const first = await createTerritory(context, {
      name: `${prefix} A`,
      countries: ['US', 'CA'],
      links: { PRIVACY: 'https://example.com/privacy', TERMS: 'https://example.com/terms' },
    });
    await createTerritory(context, { name: `${prefix} c`, active: false });

    const response = await world.as('Creator').patch('/server-api/territory', { active: 'YES' });
    expect(response.statusCode).toBe(200);
    const territories = response.json<CreatorTerritory[]>();
    const names = territories.map((territory) => territory.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(territories.filter((territory) => territory.name.startsWith(prefix))).toEqual([
      {
        id: first.id,
        name: `${prefix} A`,
        countryCodeISO2: ['US', 'CA'],
        links: [
          { type: 'PRIVACY', url: 'https://example.com/privacy' },
          { type: 'TERMS', url: 'https://example.com/terms' },
        ],
      },
      { id: second.id, name: `${prefix} b`, countryCodeISO2: ['GLOBAL_EX_UK'], links: [] },
    ]);
    expect(
      (await world.as('CampaignViewer').patch('/server-api/territory', { active: 'YES' })).statusCode,
    ).toBe(200);
  });

  it('refuses anything but active: YES, and a caller without a session', async () => {
    for (const body of [{ active: 'NO' }, {}, { active: true }]) {
      const response = await world.as('Creator').patch('/server-api/territory', body);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.details).toEqual([
        { field: 'active', message: TERRITORY_MESSAGES.activeOnly },
      ]);
    }
    expect((await world.as('Anonymous').patch('/server-api/territory', { active: 'YES' })).statusCode).toBe(
      401,
    );
  });
});

describe('the territories service for other modules', () => {
  it('replaceManagershipsOf sets an account’s active territories and leaves archived ones alone', async () => {
    const keep = await createTerritory(context);
    const drop = await createTerritory(context);
    const add = await createTerritory(context);
    const archived = await createTerritory(context);
    const account = await createStaffMember(context, {
      role: 'TerritoryManager',
      territoryIds: [keep.id, drop.id, archived.id],
    });
    await world.as('Admin').post(`${TERRITORIES}/${archived.id}/archive`);

    await context.db.transaction((tx) =>
      context.services.territories.replaceManagershipsOf(tx, account.id, [keep.id, add.id, randomUUID()]),
    );
    const rows = await context.db
      .select()
      .from(territoryManagers)
      .where(eq(territoryManagers.accountId, account.id));
    expect(rows.map((row) => row.territoryId).sort()).toEqual([keep.id, add.id, archived.id].sort());
    expect((await context.services.territories.managedTerritoryIds(account.id)).sort()).toEqual(
      [keep.id, add.id].sort(),
    );
  });
});
