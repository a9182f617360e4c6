import { inArray, isNotNull } from 'drizzle-orm';
import { countryCoverage, isStaffRole, ROLE_GRANTS, type CountryCoverage } from '@platform/shared';
import { campaigns, campaignTerritories, creators } from '../db/schema/index';
import type { TestAccount } from './factories';
import type { TestApp } from './harness';

/**
 * What a staff member's scoped grants reach (ADR 013), read the way the access plugin and the services read
 * it: the teams or territories themselves, the countries those territories cover, and the campaigns and
 * creators within them. Keys are `kind:id`, so that two reaches compare as sets.
 */
export type ScopeReach = Set<string>;

/** Rows a write could bring into reach; those created by the write itself do not count as widening. */
export type ExistingRecords = Set<string>;

const SCOPE_KEY_KINDS = ['team', 'territory', 'country'];

/** Whether an account holds any grant narrowed to its teams or territories. */
export function hasScopedGrant(account: Pick<TestAccount, 'role'>): boolean {
  return isStaffRole(account.role) && ROLE_GRANTS[account.role].some((grant) => grant.scope !== 'all');
}

function coverageKeys(coverage: CountryCoverage): string[] {
  switch (coverage.kind) {
    case 'all':
      return ['country:*'];
    case 'allBut':
      return [`country:*-${coverage.country}`];
    case 'only':
      return coverage.countries.map((country) => `country:${country}`);
  }
}

export async function scopeReach(context: TestApp, account: TestAccount): Promise<ScopeReach> {
  const reach: ScopeReach = new Set();
  if (!isStaffRole(account.role)) return reach;
  const scopes = new Set(ROLE_GRANTS[account.role].map((grant) => grant.scope));

  if (scopes.has('team')) {
    const teamIds = await context.services.teams.teamIdsOf(account.id);
    for (const id of teamIds) reach.add(`team:${id}`);
    if (teamIds.length > 0) {
      const rows = await context.db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(inArray(campaigns.teamId, teamIds));
      for (const { id } of rows) reach.add(`campaign:${id}`);
    }
  }

  if (scopes.has('territory')) {
    const territoryIds = new Set(await context.services.territories.managedTerritoryIds(account.id));
    for (const id of territoryIds) reach.add(`territory:${id}`);
    const managed = (await context.services.territories.activeForCreators()).filter((territory) =>
      territoryIds.has(territory.id),
    );
    const coverage = countryCoverage(managed.map((territory) => territory.countryCodeISO2));
    for (const key of coverageKeys(coverage)) reach.add(key);
    const located = await context.db
      .select({ id: creators.accountId, country: creators.country })
      .from(creators)
      .where(isNotNull(creators.country));
    for (const { id, country } of located) {
      const covered =
        coverage.kind === 'all' ||
        (coverage.kind === 'allBut' && country !== coverage.country) ||
        (coverage.kind === 'only' && coverage.countries.includes(country ?? ''));
      if (covered) reach.add(`creator:${id}`);
    }
    if (territoryIds.size > 0) {
      const rows = await context.db
        .selectDistinct({ id: campaignTerritories.campaignId })
        .from(campaignTerritories)
        .where(inArray(campaignTerritories.territoryId, [...territoryIds]));
      for (const { id } of rows) reach.add(`campaign:${id}`);
    }
  }
  return reach;
}

/** Every campaign and creator there is now, keyed as a reach keys them. */
export async function existingRecords(context: TestApp): Promise<ExistingRecords> {
  const [campaignRows, creatorRows] = await Promise.all([
    context.db.select({ id: campaigns.id }).from(campaigns),
    context.db.select({ id: creators.accountId }).from(creators),
  ]);
  return new Set([
    ...campaignRows.map(({ id }) => `campaign:${id}`),
    ...creatorRows.map(({ id }) => `creator:${id}`),
  ]);
}

/**
 * What a write added to a reach: any team, territory or country, and any campaign or creator that existed
 * before the write but was out of reach. A record the write itself created in scope is not a widening.
 */
export function widening(before: ScopeReach, after: ScopeReach, existedBefore: ExistingRecords): string[] {
  return [...after].filter((key) => {
    if (before.has(key)) return false;
    return SCOPE_KEY_KINDS.includes(key.slice(0, key.indexOf(':'))) || existedBefore.has(key);
  });
}
