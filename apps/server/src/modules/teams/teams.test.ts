import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES, type TeamDetail, type TeamListResponse } from '@platform/shared';
import { auditLog, teamMembers } from '../../db/schema/index';
import {
  actingAs,
  createCreator,
  createStaffMember,
  createTeam,
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

const TEAMS = '/server-api/marketing/teams';
const tag = () => randomUUID().slice(0, 8);

const auditRows = (targetId: string) =>
  context.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.at));

const memberIdsOf = async (teamId: string) =>
  (await context.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId)))
    .map((row) => row.accountId)
    .sort();

/** A CampaignManager of their own, in the given teams, with a session. */
async function campaignManager(teamIds: string[]) {
  const account = await createStaffMember(context, { role: 'CampaignManager', teamIds });
  return { account, as: actingAs(context, await signIn(context, account)) };
}

describe('listing teams', () => {
  it('shows an Admin every live team, sorted by name, with member counts, paged and searchable', async () => {
    const prefix = `List ${tag()}`;
    const member = await createStaffMember(context, { role: 'CampaignMarketer' });
    const charlie = await createTeam(context, { name: `${prefix} charlie` });
    const alpha = await createTeam(context, { name: `${prefix} Alpha`, memberIds: [member.id] });
    const bravo = await createTeam(context, { name: `${prefix} bravo` });
    await createTeam(context, { name: `${prefix} delta`, archived: true });

    const first = await world
      .as('Admin')
      .get(`${TEAMS}?search=${encodeURIComponent(prefix.toLowerCase())}&pageSize=2`);
    expect(first.statusCode).toBe(200);
    const page = first.json<TeamListResponse>();
    expect(page.total).toBe(3);
    expect(page.pageSize).toBe(2);
    expect(page.items.map((team) => team.id)).toEqual([alpha.id, bravo.id]);
    expect(page.items[0]).toEqual({
      id: alpha.id,
      name: `${prefix} Alpha`,
      archived: false,
      memberCount: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
    });

    const second = await world
      .as('Admin')
      .get(`${TEAMS}?search=${encodeURIComponent(prefix)}&pageSize=2&page=2`);
    expect(second.json<TeamListResponse>().items.map((team) => team.id)).toEqual([charlie.id]);

    const withArchived = await world
      .as('Admin')
      .get(`${TEAMS}?search=${encodeURIComponent(prefix)}&includeArchived=true`);
    const items = withArchived.json<TeamListResponse>().items;
    expect(items.map((team) => team.name)).toEqual([
      `${prefix} Alpha`,
      `${prefix} bravo`,
      `${prefix} charlie`,
      `${prefix} delta`,
    ]);
    expect(items[3]?.archived).toBe(true);
  });

  it('treats % and _ in a search as characters, not wildcards', async () => {
    const prefix = tag();
    const literal = await createTeam(context, { name: `${prefix} 100% reach` });
    await createTeam(context, { name: `${prefix} 100 reach` });
    const response = await world.as('Admin').get(`${TEAMS}?search=${encodeURIComponent(`${prefix} 100%`)}`);
    expect(response.json<TeamListResponse>().items.map((team) => team.id)).toEqual([literal.id]);
  });

  it('shows a CampaignManager only the teams they belong to, and no archived one', async () => {
    const prefix = `Scope ${tag()}`;
    const mine = await createTeam(context, { name: `${prefix} mine` });
    const archivedMine = await createTeam(context, { name: `${prefix} old`, archived: true });
    await createTeam(context, { name: `${prefix} theirs` });
    const manager = await campaignManager([mine.id, archivedMine.id]);

    const response = await manager.as.get(`${TEAMS}?includeArchived=true`);
    expect(response.statusCode).toBe(200);
    expect(response.json<TeamListResponse>()).toMatchObject({
      total: 1,
      items: [{ id: mine.id, name: `${prefix} mine` }],
    });
  });

  it('refuses a page out of range and an includeArchived that is not true or false', async () => {
    const badPage = await world.as('Admin').get(`${TEAMS}?page=0`);
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json<ErrorBody>().error.details).toEqual([
      { field: 'page', message: 'Page must be a whole number from 1.' },
    ]);
    const badFlag = await world.as('Admin').get(`${TEAMS}?includeArchived=yes`);
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json<ErrorBody>().error.details?.[0]).toEqual({
      field: 'includeArchived',
      message: 'includeArchived must be true or false.',
    });
  });
});

describe('reading a team', () => {
  it('answers the team with its members: name, email, role and whether they are active', async () => {
    const named = await createStaffMember(context, { role: 'CampaignMarketer', displayName: 'Ada Lovelace' });
    const disabled = await createStaffMember(context, {
      role: 'CampaignViewer',
      displayName: 'Zed Former',
      status: 'INACTIVE',
    });
    const team = await createTeam(context, { memberIds: [named.id, disabled.id] });

    const response = await world.as('Admin').get(`${TEAMS}/${team.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<TeamDetail>()).toMatchObject({
      id: team.id,
      name: team.name,
      archived: false,
      memberCount: 2,
      members: [
        { id: named.id, name: 'Ada Lovelace', email: named.email, role: 'CampaignMarketer', active: true },
        { id: disabled.id, name: 'Zed Former', email: disabled.email, role: 'CampaignViewer', active: false },
      ],
    });
  });

  it('answers 404 for a team outside a CampaignManager’s teams, a missing one and an id that is not a UUID', async () => {
    const manager = await campaignManager([world.homeTeam.id]);
    expect((await manager.as.get(`${TEAMS}/${world.homeTeam.id}`)).statusCode).toBe(200);

    const outside = await manager.as.get(`${TEAMS}/${world.otherTeam.id}`);
    const missing = await manager.as.get(`${TEAMS}/${randomUUID()}`);
    const notUuid = await world.as('Admin').get(`${TEAMS}/not-a-team`);
    for (const response of [outside, missing, notUuid]) {
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('creating a team', () => {
  it('creates the team (201) and records it in the audit log', async () => {
    const name = `Launch ${tag()}`;
    const response = await world.as('Admin').post(TEAMS, { name: `  ${name}  ` });
    expect(response.statusCode).toBe(201);
    const team = response.json<TeamDetail>();
    expect(team).toMatchObject({ name, archived: false, memberCount: 0, members: [] });

    const [row] = await auditRows(team.id);
    expect(row).toMatchObject({
      action: 'team.create',
      actorId: world.account('Admin').id,
      actorEmail: world.account('Admin').email,
      actorRole: 'Admin',
      targetType: 'team',
      targetLabel: name,
      before: null,
      after: { name },
    });
    expect(row?.requestId).toBe(response.headers['x-request-id']);
  });

  it('refuses a missing, blank or overlong name with the field’s message, writing nothing', async () => {
    const before = await context.rowCounts();
    const cases: [unknown, string][] = [
      [{}, 'This field is required'],
      [{ name: '   ' }, 'This field is required'],
      [{ name: 'x'.repeat(101) }, 'You cannot enter more than 100 characters'],
    ];
    for (const [body, message] of cases) {
      const response = await world.as('Admin').post(TEAMS, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.details).toEqual([{ field: 'name', message }]);
    }
    expect(await context.rowCounts()).toEqual(before);
  });

  it('answers 409 on the name field for a name a live team has, whatever its case; an archived team’s name is free', async () => {
    const name = `Duplicate ${tag()}`;
    await createTeam(context, { name });
    const before = await context.rowCounts();
    const response = await world.as('Admin').post(TEAMS, { name: name.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().error).toMatchObject({
      code: 'CONFLICT',
      message: TEAM_MESSAGES.duplicateName,
      details: [{ field: 'name', message: TEAM_MESSAGES.duplicateName }],
    });
    expect(await context.rowCounts()).toEqual(before);

    const archivedName = `Retired ${tag()}`;
    await createTeam(context, { name: archivedName, archived: true });
    expect((await world.as('Admin').post(TEAMS, { name: archivedName })).statusCode).toBe(201);
  });

  it('creates one team when two requests race for the same name; the other gets the 409', async () => {
    const name = `Race ${tag()}`;
    const responses = await Promise.all([
      world.as('Admin').post(TEAMS, { name }),
      world.as('Admin').post(TEAMS, { name: name.toLowerCase() }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const conflict = responses.find((response) => response.statusCode === 409);
    expect(conflict?.json<ErrorBody>().error.details).toEqual([
      { field: 'name', message: TEAM_MESSAGES.duplicateName },
    ]);
  });

  it('is for Admins only', async () => {
    const response = await world.as('CampaignManager').post(TEAMS, { name: `Not mine ${tag()}` });
    expect(response.statusCode).toBe(403);
  });
});

describe('renaming a team', () => {
  it('renames, with the old and new names in the audit log', async () => {
    const team = await createTeam(context, { name: `Before ${tag()}` });
    const name = `After ${tag()}`;
    const response = await world.as('Admin').patch(`${TEAMS}/${team.id}`, { name });
    expect(response.statusCode).toBe(200);
    expect(response.json<TeamDetail>().name).toBe(name);
    expect(await auditRows(team.id)).toMatchObject([
      { action: 'team.rename', targetLabel: name, before: { name: team.name }, after: { name } },
    ]);
  });

  it('writes nothing when the name is unchanged, and lets a team change only the case of its name', async () => {
    const team = await createTeam(context, { name: `Same ${tag()}` });
    expect((await world.as('Admin').patch(`${TEAMS}/${team.id}`, { name: team.name })).statusCode).toBe(200);
    expect(await auditRows(team.id)).toEqual([]);

    const upper = await world.as('Admin').patch(`${TEAMS}/${team.id}`, { name: team.name.toUpperCase() });
    expect(upper.statusCode).toBe(200);
    expect(upper.json<TeamDetail>().name).toBe(team.name.toUpperCase());
  });

  it('answers 409 for another live team’s name and for an archived team, writing nothing', async () => {
    const taken = await createTeam(context, { name: `Taken ${tag()}` });
    const team = await createTeam(context);
    const archived = await createTeam(context, { archived: true });
    const before = await context.rowCounts();

    const duplicate = await world
      .as('Admin')
      .patch(`${TEAMS}/${team.id}`, { name: taken.name.toLowerCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<ErrorBody>().error.details).toEqual([
      { field: 'name', message: TEAM_MESSAGES.duplicateName },
    ]);

    const frozen = await world.as('Admin').patch(`${TEAMS}/${archived.id}`, { name: `New ${tag()}` });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json<ErrorBody>().error.message).toBe(TEAM_MESSAGES.archived);

    const blank = await world.as('Admin').patch(`${TEAMS}/${team.id}`, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(await context.rowCounts()).toEqual(before);
  });

  it('lets a CampaignManager rename their own team, and answers 404 for any other', async () => {
    const mine = await createTeam(context);
    const manager = await campaignManager([mine.id]);
    expect((await manager.as.patch(`${TEAMS}/${mine.id}`, { name: `Ours ${tag()}` })).statusCode).toBe(200);

    const before = await context.rowCounts();
    const other = await manager.as.patch(`${TEAMS}/${world.otherTeam.id}`, { name: `Theirs ${tag()}` });
    expect(other.statusCode).toBe(404);
    expect(await context.rowCounts()).toEqual(before);
  });
});

describe('archiving a team', () => {
  it('archives once, with an audit row; archived teams cannot be archived again, renamed or given members', async () => {
    const member = await createStaffMember(context, { role: 'CampaignMarketer' });
    const team = await createTeam(context, { memberIds: [member.id] });
    const response = await world.as('Admin').post(`${TEAMS}/${team.id}/archive`);
    expect(response.statusCode).toBe(200);
    expect(response.json<TeamDetail>()).toMatchObject({ archived: true, memberCount: 1 });
    expect(await auditRows(team.id)).toMatchObject([
      {
        action: 'team.archive',
        targetLabel: team.name,
        before: { archived: false },
        after: { archived: true },
      },
    ]);

    const before = await context.rowCounts();
    const again = await world.as('Admin').post(`${TEAMS}/${team.id}/archive`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe(TEAM_MESSAGES.alreadyArchived);
    const members = await world.as('Admin').put(`${TEAMS}/${team.id}/members`, { accountIds: [] });
    expect(members.statusCode).toBe(409);
    expect(members.json<ErrorBody>().error.message).toBe(TEAM_MESSAGES.archived);
    expect(await context.rowCounts()).toEqual(before);

    const listed = await world.as('Admin').get(`${TEAMS}?search=${encodeURIComponent(team.name)}`);
    expect(listed.json<TeamListResponse>().total).toBe(0);
  });

  it('takes the team out of its members’ scope', async () => {
    const team = await createTeam(context);
    const manager = await campaignManager([team.id]);
    expect((await manager.as.post(`${TEAMS}/${team.id}/archive`)).statusCode).toBe(200);
    expect((await manager.as.get(`${TEAMS}/${team.id}`)).statusCode).toBe(404);
    expect(await context.services.teams.teamIdsOf(manager.account.id)).toEqual([]);
  });

  it('answers 404 for a team outside a CampaignManager’s teams, archiving nothing', async () => {
    const manager = await campaignManager([world.homeTeam.id]);
    const other = await createTeam(context);
    expect((await manager.as.post(`${TEAMS}/${other.id}/archive`)).statusCode).toBe(404);
    expect((await world.as('Admin').get(`${TEAMS}/${other.id}`)).json<TeamDetail>().archived).toBe(false);
  });
});

describe('replacing a team’s members', () => {
  it('replaces the list, with the members before and after in the audit log', async () => {
    const stays = await createStaffMember(context, { role: 'CampaignMarketer' });
    const leaves = await createStaffMember(context, { role: 'CampaignViewer' });
    const joins = await createStaffMember(context, { role: 'Support' });
    const team = await createTeam(context, { memberIds: [stays.id, leaves.id] });

    const response = await world
      .as('Admin')
      .put(`${TEAMS}/${team.id}/members`, { accountIds: [stays.id, joins.id, joins.id] });
    expect(response.statusCode).toBe(200);
    const detail = response.json<TeamDetail>();
    expect(detail.memberCount).toBe(2);
    expect(detail.members.map((member) => member.id).sort()).toEqual([stays.id, joins.id].sort());
    expect(await memberIdsOf(team.id)).toEqual([stays.id, joins.id].sort());

    const [row] = await auditRows(team.id);
    expect(row?.action).toBe('team.members');
    const emails = (fields: unknown) =>
      (fields as { members: { email: string }[] }).members.map((member) => member.email).sort();
    expect(emails(row?.before)).toEqual([stays.email, leaves.email].sort());
    expect(emails(row?.after)).toEqual([stays.email, joins.email].sort());

    const same = await world
      .as('Admin')
      .put(`${TEAMS}/${team.id}/members`, { accountIds: [joins.id, stays.id] });
    expect(same.statusCode).toBe(200);
    expect(await auditRows(team.id)).toHaveLength(1);

    const emptied = await world.as('Admin').put(`${TEAMS}/${team.id}/members`, { accountIds: [] });
    expect(emptied.json<TeamDetail>().members).toEqual([]);
    expect(await memberIdsOf(team.id)).toEqual([]);
  });

  it('refuses creators, disabled staff and unknown accounts on the accountIds field, writing nothing', async () => {
    const staff = await createStaffMember(context, { role: 'CampaignMarketer' });
    const creator = await createCreator(context);
    const disabled = await createStaffMember(context, { role: 'CampaignManager', status: 'INACTIVE' });
    const team = await createTeam(context, { memberIds: [staff.id] });
    const before = await context.rowCounts();

    for (const outsider of [creator.id, disabled.id, randomUUID()]) {
      const response = await world
        .as('Admin')
        .put(`${TEAMS}/${team.id}/members`, { accountIds: [staff.id, outsider] });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.details).toEqual([
        { field: 'accountIds', message: TEAM_MESSAGES.memberNotStaff },
      ]);
    }

    const notIds = await world.as('Admin').put(`${TEAMS}/${team.id}/members`, { accountIds: ['someone'] });
    expect(notIds.statusCode).toBe(400);
    expect(notIds.json<ErrorBody>().error.details).toEqual([
      { field: 'accountIds', message: TEAM_MESSAGES.memberUnknown },
    ]);
    const tooMany = await world.as('Admin').put(`${TEAMS}/${team.id}/members`, {
      accountIds: Array.from({ length: 501 }, () => randomUUID()),
    });
    expect(tooMany.json<ErrorBody>().error.details).toEqual([
      { field: 'accountIds', message: TEAM_MESSAGES.tooManyMembers },
    ]);
    expect(await context.rowCounts()).toEqual(before);
    expect(await memberIdsOf(team.id)).toEqual([staff.id]);
  });

  it('lets a CampaignManager change their own team’s members, and answers 404 for another team', async () => {
    const mine = await createTeam(context);
    const manager = await campaignManager([mine.id]);
    const colleague = await createStaffMember(context, { role: 'CampaignMarketer' });
    const response = await manager.as.put(`${TEAMS}/${mine.id}/members`, {
      accountIds: [manager.account.id, colleague.id],
    });
    expect(response.statusCode).toBe(200);
    expect(await memberIdsOf(mine.id)).toEqual([manager.account.id, colleague.id].sort());

    const other = await manager.as.put(`${TEAMS}/${world.otherTeam.id}/members`, {
      accountIds: [colleague.id],
    });
    expect(other.statusCode).toBe(404);
    expect(await memberIdsOf(world.otherTeam.id)).toEqual([]);
  });
});

describe('the teams service for other modules', () => {
  it('replaceMembershipsOf sets an account’s live teams and leaves archived teams’ members alone', async () => {
    const keep = await createTeam(context);
    const drop = await createTeam(context);
    const add = await createTeam(context);
    const archived = await createTeam(context);
    const account = await createStaffMember(context, {
      role: 'CampaignMarketer',
      teamIds: [keep.id, drop.id, archived.id],
    });
    await world.as('Admin').post(`${TEAMS}/${archived.id}/archive`);

    await context.db.transaction((tx) =>
      context.services.teams.replaceMembershipsOf(tx, account.id, [keep.id, add.id, add.id, randomUUID()]),
    );
    const rows = await context.db.select().from(teamMembers).where(eq(teamMembers.accountId, account.id));
    expect(rows.map((row) => row.teamId).sort()).toEqual([keep.id, add.id, archived.id].sort());
    expect((await context.services.teams.teamIdsOf(account.id)).sort()).toEqual([keep.id, add.id].sort());

    await context.services.teams.replaceMembershipsOf(context.db, account.id, []);
    const left = await context.db.select().from(teamMembers).where(eq(teamMembers.accountId, account.id));
    expect(left.map((row) => row.teamId)).toEqual([archived.id]);
  });
});
