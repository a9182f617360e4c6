import { randomUUID } from 'node:crypto';
import { access } from '@platform/shared';
import type { AccessCase, CaseSetup } from '../../test/access-cases';
import { createTerritory } from '../../test/factories';

const TERRITORIES = '/server-api/marketing/territories';

/**
 * The territory a call points at: a fresh one the caller manages (in scope for a territory-scoped grant,
 * and any territory is in scope for an Admin), a fresh one nobody manages, or none at all. Fresh
 * territories, since these calls change and archive them.
 */
async function targetTerritoryId({ context, caller, target }: CaseSetup): Promise<string> {
  if (target === 'missing') return randomUUID();
  const managerIds = target === 'in-scope' && caller && caller.role !== 'Creator' ? [caller.id] : [];
  return (await createTerritory(context, { managerIds, countries: ['FR'] })).id;
}

const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

export const territoriesAccessCases: AccessCase[] = [
  {
    route: 'PATCH /server-api/territory',
    expect: access.signedIn,
    targetsRecord: false,
    request: async () => ({ method: 'PATCH', url: '/server-api/territory', body: { active: 'YES' } }),
  },
  {
    route: `GET ${TERRITORIES}`,
    expect: access.staff('READ', 'TM', { scoped: true }),
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: `${TERRITORIES}?search=territory` }),
  },
  {
    route: `GET ${TERRITORIES}/{id}`,
    expect: access.staff('READ', 'TM', { scoped: true }),
    targetsRecord: true,
    request: async ({ world, target }) => {
      const id =
        target === 'in-scope'
          ? world.homeTerritory.id
          : target === 'out-of-scope'
            ? world.otherTerritory.id
            : randomUUID();
      return { method: 'GET', url: `${TERRITORIES}/${id}` };
    },
  },
  {
    route: `POST ${TERRITORIES}`,
    expect: access.staff('CREATE', 'TM', { scoped: false }),
    targetsRecord: false,
    request: async () => ({
      method: 'POST',
      url: TERRITORIES,
      body: {
        name: uniqueName('Matrix territory'),
        countries: ['DE'],
        links: { TERMS: 'https://example.com/terms' },
      },
    }),
  },
  {
    route: `PATCH ${TERRITORIES}/{id}`,
    expect: access.staff('EDIT', 'TM', { scoped: true }),
    targetsRecord: true,
    // Which countries a territory covers is an unscoped grant's to change; its managers rename it.
    request: async (setup) => ({
      method: 'PATCH',
      url: `${TERRITORIES}/${await targetTerritoryId(setup)}`,
      body: {
        name: uniqueName('Changed territory'),
        ...(setup.caller?.role === 'Admin' ? { countries: ['FR', 'BE'] } : {}),
      },
    }),
    scopeProbes: async (setup) => {
      const url = `${TERRITORIES}/${await targetTerritoryId(setup)}`;
      return [
        // Another territory's country, a country no territory holds, and every country.
        { method: 'PATCH', url, body: { countries: ['FR', 'AU'] } },
        { method: 'PATCH', url, body: { countries: ['FR', 'US'] } },
        { method: 'PATCH', url, body: { name: uniqueName('Everywhere'), countries: ['GLOBAL'] } },
      ];
    },
  },
  {
    route: `POST ${TERRITORIES}/{id}/archive`,
    expect: access.staff('ARCHIVE', 'TM', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${TERRITORIES}/${await targetTerritoryId(setup)}/archive`,
    }),
  },
  {
    route: `PUT ${TERRITORIES}/{id}/managers`,
    expect: access.staff('ASSIGN', 'TM_USER', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => {
      const role = setup.caller?.role;
      return {
        method: 'PUT',
        url: `${TERRITORIES}/${await targetTerritoryId(setup)}/managers`,
        // The caller stays a manager where their role may manage; the list is valid whoever sends it.
        body: {
          accountIds:
            setup.caller && (role === 'TerritoryManager' || role === 'Admin') ? [setup.caller.id] : [],
        },
      };
    },
  },
];
