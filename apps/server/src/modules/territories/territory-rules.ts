import {
  countryHeldMessage,
  ERROR_CODES,
  isUuid,
  LEGAL_LINK_TYPES,
  SPECIAL_COUNTRY_CODES,
  TERRITORY_MESSAGES,
  type LegalLinkType,
  type Territory,
  type TerritoryLink,
  type TerritoryLinksInput,
  type TerritoryManager,
} from '@platform/shared';
import type { Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { Actor, StaffCaller, StaffScope } from '../../principal';
import type { TerritoriesContext } from './territories.context';
import {
  ACTIVE_NAME_INDEX,
  isUniqueViolation,
  territoriesRepository as repository,
  type ManagerAccount,
  type TerritoryRow,
} from './territories.repository';

/** A staff caller of a territories route, with the request id the audit log records. */
export type TerritoriesCaller = StaffCaller & { requestId?: string };

export const actorOf = (caller: TerritoriesCaller): Actor => ({
  accountId: caller.accountId,
  email: caller.email,
  role: caller.role,
  ...(caller.requestId ? { requestId: caller.requestId } : {}),
});

/** The territories a scope reaches; null for every territory. A team scope reaches none. */
export function visibleTerritoryIds(scope: StaffScope): readonly string[] | null {
  if (scope.kind === 'all') return null;
  return scope.kind === 'territory' ? scope.territoryIds : [];
}

export const duplicateName = () =>
  new AppError(409, ERROR_CODES.conflict, TERRITORY_MESSAGES.duplicateName, [
    { field: 'name', message: TERRITORY_MESSAGES.duplicateName },
  ]);
export const archivedTerritory = () => new AppError(409, ERROR_CODES.conflict, TERRITORY_MESSAGES.archived);
export const countriesAdminOnly = () =>
  new AppError(403, ERROR_CODES.forbidden, TERRITORY_MESSAGES.countriesAdminOnly, [
    { field: 'countries', message: TERRITORY_MESSAGES.countriesAdminOnly },
  ]);

/**
 * Global entries overlap one another (each covers nearly every country at the same closeness), so they are
 * held as one: a live territory with any of them holds them all.
 */
const GLOBAL_ENTRIES: readonly string[] = SPECIAL_COUNTRY_CODES;
export const heldCodes = (codes: readonly string[]): string[] =>
  codes.some((code) => GLOBAL_ENTRIES.includes(code))
    ? [...codes.filter((code) => !GLOBAL_ENTRIES.includes(code)), ...GLOBAL_ENTRIES]
    : [...codes];

const MANAGING_ROLES: readonly string[] = ['TerritoryManager', 'Admin'];
export const mayManage = (account: ManagerAccount) =>
  MANAGING_ROLES.includes(account.role) && account.status === 'ACTIVE';

export const toManager = (account: ManagerAccount): TerritoryManager => ({
  id: account.id,
  name: account.displayName ?? account.email,
  email: account.email,
  active: mayManage(account),
});

const linkOrder = (type: LegalLinkType) => LEGAL_LINK_TYPES.indexOf(type);

/** Links as answers list them: the types in LEGAL_LINK_TYPES order. */
export const toLinks = (rows: readonly { type: LegalLinkType; url: string }[]): TerritoryLink[] =>
  [...rows].sort((a, b) => linkOrder(a.type) - linkOrder(b.type)).map(({ type, url }) => ({ type, url }));

/** The links a body names: types left out or sent empty have no document. */
export const linksOfInput = (input: TerritoryLinksInput | undefined): TerritoryLink[] =>
  LEGAL_LINK_TYPES.flatMap((type) => {
    const url = input?.[type];
    return url ? [{ type, url }] : [];
  });

export const sameLinks = (a: readonly TerritoryLink[], b: readonly TerritoryLink[]) =>
  a.length === b.length &&
  a.every((link, index) => link.type === b[index]?.type && link.url === b[index]?.url);

export const sameCountries = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((code, index) => code === b[index]);

export const sameCountrySet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((code) => b.includes(code));

export const auditFields = (
  territory: { name: string; countries: string[] },
  links: readonly TerritoryLink[],
) => ({
  name: territory.name,
  countries: territory.countries,
  links: links.map(({ type, url }) => ({ type, url })),
});

/** The territory's id if the caller may see it; anything else reads as missing (404). */
export const idInScope = (caller: StaffCaller, id: string): string => {
  const visible = visibleTerritoryIds(caller.scope);
  if (!isUuid(id) || (visible !== null && !visible.includes(id))) throw errors.notFound();
  return id;
};

/** Territories with their links and managers, in the order given. */
export const withDetails = async (
  executor: Executor,
  rows: readonly TerritoryRow[],
): Promise<Territory[]> => {
  const ids = rows.map((row) => row.id);
  const [links, managers] = await Promise.all([
    repository.linksOf(executor, ids),
    repository.managersOf(executor, ids),
  ]);
  const linksBy = groupBy(links, (link) => link.territoryId);
  const managersBy = groupBy(managers, (manager) => manager.territoryId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    countries: row.countries,
    active: row.active,
    links: toLinks(linksBy.get(row.id) ?? []),
    managers: (managersBy.get(row.id) ?? []).map(toManager),
  }));
};

export const territoryDetail = async (executor: Executor, id: string): Promise<Territory> => {
  const row = await repository.findById(executor, id);
  if (!row) throw errors.notFound();
  const [territory] = await withDetails(executor, [row]);
  if (!territory) throw errors.notFound();
  return territory;
};

/** Runs a write; a name another active territory took meanwhile is the same 409 as one found before. */
export const writing = async <Result>(
  context: TerritoriesContext,
  work: (tx: Executor) => Promise<Result>,
): Promise<Result> => {
  try {
    return await context.db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error, ACTIVE_NAME_INDEX)) throw duplicateName();
    throw error;
  }
};

/** Locks an active territory in the caller's scope for a change. */
export const lockActive = async (tx: Executor, caller: StaffCaller, id: string) => {
  const territory = await repository.lockById(tx, idInScope(caller, id));
  if (!territory) throw errors.notFound();
  if (!territory.active) throw archivedTerritory();
  return territory;
};

export const currentLinks = async (tx: Executor, id: string) => toLinks(await repository.linksOf(tx, [id]));

/**
 * Refuses countries another live territory holds (409 naming it). Only the countries a write adds are
 * checked, so a territory that shared a country before this rule can still be renamed.
 */
export const claimCountries = async (tx: Executor, added: readonly string[], territoryId?: string) => {
  if (added.length === 0) return;
  await repository.lockCountryAssignment(tx);
  const holders = await repository.activeHoldersOf(tx, heldCodes(added), territoryId);
  const problems = added.flatMap((code) => {
    const holder = holders.find((territory) => heldCodes(territory.countries).includes(code));
    return holder ? [{ field: 'countries', message: countryHeldMessage(code, holder.name) }] : [];
  });
  const [first] = problems;
  if (first) throw new AppError(409, ERROR_CODES.conflict, first.message, problems);
};

export function groupBy<Item>(items: readonly Item[], key: (item: Item) => string): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
