import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import {
  MARKETING_ROLES,
  type AccountRole,
  type CountryCode,
  type LegalLinkType,
  type MarketingRole,
  type OnboardingStatus,
} from '@platform/shared';
import {
  accounts,
  passwordHistory,
  teamMembers,
  teams,
  territories,
  territoryLinks,
  territoryManagers,
} from '../db/schema/index';
import { STRONG_PASSWORD, type TestApp } from './harness';

// The world tests build, as Outline's server/test/factories.ts does: records written straight to their
// tables with sensible defaults, so a test names only what it is about. Accounts sign in through the real
// sign-in call, so a test acts with a real session.

const unique = () => randomUUID().slice(0, 8);
const passwordHashes = new WeakMap<TestApp, Promise<string>>();

/** Every factory account has STRONG_PASSWORD; it is hashed once per test app. */
function passwordHash(context: TestApp): Promise<string> {
  let hash = passwordHashes.get(context);
  if (!hash) {
    hash = context.hasher.hash(STRONG_PASSWORD);
    passwordHashes.set(context, hash);
  }
  return hash;
}

export type TestAccount = { id: string; email: string; role: AccountRole; password: string };

async function insertAccount(
  context: TestApp,
  details: { role: AccountRole; status: OnboardingStatus; email?: string; displayName?: string | null },
): Promise<TestAccount> {
  const now = context.clock.now();
  const id = randomUUID();
  const email = details.email ?? `${details.role.toLowerCase()}-${unique()}@example.com`;
  const hash = await passwordHash(context);
  await context.db.insert(accounts).values({
    id,
    email,
    displayName: details.displayName ?? null,
    role: details.role,
    status: details.status,
    passwordHash: hash,
    passwordMinimumAgeApplies: false,
    passwordChangedAt: now,
    emailVerifiedAt: now,
    acceptedTermsVersion: details.role === 'Creator' ? '2026-11-01' : null,
    deviceToken: null,
    createdAt: now,
    lastSignedInAt: null,
  });
  await context.db
    .insert(passwordHistory)
    .values({ id: randomUUID(), accountId: id, passwordHash: hash, createdAt: now });
  return { id, email, role: details.role, password: STRONG_PASSWORD };
}

/** A staff member of any role, in the given teams and managing the given territories. */
export async function createStaffMember(
  context: TestApp,
  options: {
    role: MarketingRole;
    teamIds?: string[];
    territoryIds?: string[];
    email?: string;
    displayName?: string;
    status?: 'ACTIVE' | 'INACTIVE';
  },
): Promise<TestAccount> {
  const account = await insertAccount(context, {
    role: options.role,
    status: options.status ?? 'ACTIVE',
    displayName: options.displayName ?? `${options.role} ${unique()}`,
    ...(options.email ? { email: options.email } : {}),
  });
  const now = context.clock.now();
  for (const teamId of options.teamIds ?? []) {
    await context.db.insert(teamMembers).values({ teamId, accountId: account.id, addedAt: now });
  }
  for (const territoryId of options.territoryIds ?? []) {
    await context.db.insert(territoryManagers).values({ territoryId, accountId: account.id, addedAt: now });
  }
  return account;
}

/** A creator at any onboarding step (ACTIVE by default), with a verified email. */
export async function createCreator(
  context: TestApp,
  options: { status?: OnboardingStatus; email?: string } = {},
): Promise<TestAccount> {
  return insertAccount(context, {
    role: 'Creator',
    status: options.status ?? 'ACTIVE',
    ...(options.email ? { email: options.email } : {}),
  });
}

export async function createTeam(
  context: TestApp,
  options: { name?: string; memberIds?: string[]; archived?: boolean } = {},
): Promise<{ id: string; name: string }> {
  const now = context.clock.now();
  const team = { id: randomUUID(), name: options.name ?? `Team ${unique()}` };
  await context.db
    .insert(teams)
    .values({ ...team, createdAt: now, archivedAt: options.archived ? now : null });
  for (const accountId of options.memberIds ?? []) {
    await context.db.insert(teamMembers).values({ teamId: team.id, accountId, addedAt: now });
  }
  return team;
}

export async function createTerritory(
  context: TestApp,
  options: {
    name?: string;
    countries?: CountryCode[];
    managerIds?: string[];
    links?: Partial<Record<LegalLinkType, string>>;
    active?: boolean;
  } = {},
): Promise<{ id: string; name: string }> {
  const now = context.clock.now();
  const territory = { id: randomUUID(), name: options.name ?? `Territory ${unique()}` };
  await context.db.insert(territories).values({
    ...territory,
    countries: options.countries ?? ['GB'],
    active: options.active ?? true,
    createdAt: now,
    updatedAt: now,
  });
  for (const [type, url] of Object.entries(options.links ?? {})) {
    await context.db
      .insert(territoryLinks)
      .values({ territoryId: territory.id, type: type as LegalLinkType, url });
  }
  for (const accountId of options.managerIds ?? []) {
    await context.db.insert(territoryManagers).values({ territoryId: territory.id, accountId, addedAt: now });
  }
  return territory;
}

/** Signs an account in through the real sign-in call and returns its bearer token. */
export async function signIn(context: TestApp, account: Pick<TestAccount, 'email' | 'password'>) {
  const response = await context.form('/api/auth/sign-in', {
    username: account.email,
    password: account.password,
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in of ${account.email} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<{ id_token: string }>().id_token;
}

type JsonRequest = Omit<InjectOptions, 'method' | 'url' | 'payload' | 'body'> & { body?: unknown };

/** Calls the JSON API as the holder of `token` (or anonymously with null), as the web app does. */
export function actingAs(context: TestApp, token: string | null) {
  const call = (method: InjectOptions['method'], url: string, options: JsonRequest = {}) => {
    const { body, headers, ...rest } = options;
    return context.app.inject({
      method,
      url,
      ...rest,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  };
  return {
    get: (url: string, options?: JsonRequest) => call('GET', url, options),
    post: (url: string, body?: unknown, options?: JsonRequest) => call('POST', url, { ...options, body }),
    put: (url: string, body?: unknown, options?: JsonRequest) => call('PUT', url, { ...options, body }),
    patch: (url: string, body?: unknown, options?: JsonRequest) => call('PATCH', url, { ...options, body }),
    delete: (url: string, options?: JsonRequest) => call('DELETE', url, options),
  };
}

/**
 * Who tests act as: every staff role, a creator and an anonymous caller. Staff with scoped grants belong
 * to `homeTeam` and manage `homeTerritory`; `otherTeam` and `otherTerritory` are out of their scope.
 */
export type Principal = MarketingRole | 'Creator' | 'Anonymous';
export const PRINCIPALS: readonly Principal[] = [...MARKETING_ROLES, 'Creator', 'Anonymous'];

export async function createWorld(context: TestApp) {
  const homeTeam = await createTeam(context, { name: `Home team ${unique()}` });
  const otherTeam = await createTeam(context, { name: `Other team ${unique()}` });
  const homeTerritory = await createTerritory(context, {
    name: `Home territory ${unique()}`,
    countries: ['GB'],
  });
  const otherTerritory = await createTerritory(context, {
    name: `Other territory ${unique()}`,
    countries: ['AU'],
  });
  const accountsByPrincipal = new Map<Principal, TestAccount>();
  const tokens = new Map<Principal, string | null>([['Anonymous', null]]);
  for (const role of MARKETING_ROLES) {
    const account = await createStaffMember(context, {
      role,
      teamIds: [homeTeam.id],
      territoryIds: [homeTerritory.id],
    });
    accountsByPrincipal.set(role, account);
    tokens.set(role, await signIn(context, account));
  }
  const creator = await createCreator(context);
  accountsByPrincipal.set('Creator', creator);
  tokens.set('Creator', await signIn(context, creator));

  return {
    homeTeam,
    otherTeam,
    homeTerritory,
    otherTerritory,
    account(principal: Exclude<Principal, 'Anonymous'>): TestAccount {
      const account = accountsByPrincipal.get(principal);
      if (!account) throw new Error(`no account for ${principal}`);
      return account;
    },
    token(principal: Principal): string | null {
      return tokens.get(principal) ?? null;
    },
    as(principal: Principal) {
      return actingAs(context, tokens.get(principal) ?? null);
    },
  };
}
export type World = Awaited<ReturnType<typeof createWorld>>;
