import { randomUUID } from 'node:crypto';
import { access, type LookupKind } from '@platform/shared';
import { lookups } from '../../db/schema/index';
import type { AccessCase, CaseSetup } from '../../test/access-cases';

const uniqueName = (prefix: string) => `${prefix} ${randomUUID().replaceAll('-', '').slice(0, 12)}`;

/** A fresh genre for each call that changes or archives one; lookups have no scope, so any is in scope. */
async function genreFor({ context, target }: CaseSetup, options: { archived?: boolean } = {}) {
  if (target === 'missing') return randomUUID();
  const now = context.clock.now();
  const id = randomUUID();
  await context.db.insert(lookups).values({
    id,
    kind: 'genre' satisfies LookupKind,
    name: uniqueName('Genre'),
    createdAt: now,
    updatedAt: now,
    archivedAt: options.archived ? now : null,
  });
  return id;
}

const creatorCase = (segment: string): AccessCase => ({
  route: `GET /server-api/creator/lookup/${segment}`,
  expect: access.creator,
  targetsRecord: false,
  request: async () => ({ method: 'GET', url: `/server-api/creator/lookup/${segment}` }),
});

export const lookupsAccessCases: AccessCase[] = [
  {
    route: 'GET /server-api/marketing/lookups/{kind}',
    expect: access.staffMember,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/marketing/lookups/genres?search=a' }),
  },
  {
    route: 'POST /server-api/marketing/lookups/{kind}',
    expect: access.staff('CREATE', 'ALL', { scoped: false }),
    targetsRecord: false,
    request: async () => ({
      method: 'POST',
      url: '/server-api/marketing/lookups/genres',
      body: { name: uniqueName('Genre'), label: 'Music' },
    }),
  },
  {
    route: 'PATCH /server-api/marketing/lookups/{kind}/{id}',
    expect: access.staff('EDIT', 'ALL', { scoped: false }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'PATCH',
      url: `/server-api/marketing/lookups/genres/${await genreFor(setup)}`,
      body: { name: uniqueName('Renamed') },
    }),
  },
  {
    route: 'DELETE /server-api/marketing/lookups/{kind}/{id}',
    expect: access.staff('DELETE', 'ALL', { scoped: false }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'DELETE',
      url: `/server-api/marketing/lookups/genres/${await genreFor(setup)}`,
    }),
  },
  {
    route: 'POST /server-api/marketing/lookups/{kind}/{id}/restore',
    expect: access.staff('EDIT', 'ALL', { scoped: false }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `/server-api/marketing/lookups/genres/${await genreFor(setup, { archived: true })}/restore`,
    }),
  },
  creatorCase('genre'),
  creatorCase('agency'),
  creatorCase('audience-bible'),
  creatorCase('vertical-content'),
  creatorCase('questions'),
  creatorCase('answers'),
  creatorCase('audience-cluster'),
  creatorCase('artist'),
];
