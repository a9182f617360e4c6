import { randomUUID } from 'node:crypto';
import { access } from '@platform/shared';
import type { AccessCase, CaseSetup } from '../../test/access-cases';
import { createTeam } from '../../test/factories';

const TEAMS = '/server-api/marketing/teams';

/**
 * The team a call points at: a fresh one the caller belongs to (in scope for a team-scoped grant, and
 * any team is in scope for an Admin), a fresh one nobody belongs to, or none at all. Fresh teams, since
 * these calls rename, archive and change members.
 */
async function targetTeamId({ context, caller, target }: CaseSetup): Promise<string> {
  if (target === 'missing') return randomUUID();
  const memberIds = target === 'in-scope' && caller && caller.role !== 'Creator' ? [caller.id] : [];
  return (await createTeam(context, { memberIds })).id;
}

const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

export const teamsAccessCases: AccessCase[] = [
  {
    route: `GET ${TEAMS}`,
    expect: access.staff('READ', 'TEAM', { scoped: true }),
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: `${TEAMS}?search=team` }),
  },
  {
    route: `GET ${TEAMS}/{id}`,
    expect: access.staff('READ', 'TEAM', { scoped: true }),
    targetsRecord: true,
    request: async ({ world, target }) => {
      const id =
        target === 'in-scope'
          ? world.homeTeam.id
          : target === 'out-of-scope'
            ? world.otherTeam.id
            : randomUUID();
      return { method: 'GET', url: `${TEAMS}/${id}` };
    },
  },
  {
    route: `POST ${TEAMS}`,
    expect: access.staff('CREATE', 'TEAM', { scoped: false }),
    targetsRecord: false,
    request: async () => ({ method: 'POST', url: TEAMS, body: { name: uniqueName('Matrix team') } }),
  },
  {
    route: `PATCH ${TEAMS}/{id}`,
    expect: access.staff('EDIT', 'TEAM', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'PATCH',
      url: `${TEAMS}/${await targetTeamId(setup)}`,
      body: { name: uniqueName('Renamed team') },
    }),
  },
  {
    route: `POST ${TEAMS}/{id}/archive`,
    expect: access.staff('ARCHIVE', 'TEAM', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({ method: 'POST', url: `${TEAMS}/${await targetTeamId(setup)}/archive` }),
  },
  {
    route: `PUT ${TEAMS}/{id}/members`,
    expect: access.staff('ASSIGN', 'TEAM', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'PUT',
      url: `${TEAMS}/${await targetTeamId(setup)}/members`,
      // The caller stays a member: a staff account, so the list is valid whoever sends it.
      body: { accountIds: setup.caller && setup.caller.role !== 'Creator' ? [setup.caller.id] : [] },
    }),
  },
];
