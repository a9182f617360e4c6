import { randomUUID } from 'node:crypto';
import {
  countryHeldMessage,
  ERROR_CODES,
  isUuid,
  LEGAL_LINK_TYPES,
  SPECIAL_COUNTRY_CODES,
  TERRITORY_MESSAGES,
  type CreatorTerritory,
  type LegalLinkType,
  type Territory,
  type TerritoryBody,
  type TerritoryLink,
  type TerritoryLinksInput,
  type TerritoryListQuery,
  type TerritoryListResponse,
  type TerritoryManager,
  type TerritoryUpdateBody,
} from '@platform/shared';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { Actor, StaffCaller, StaffScope } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import {
  ACTIVE_NAME_INDEX,
  isUniqueViolation,
  territoriesRepository as repository,
  type ManagerAccount,
  type TerritoryLinkRow,
  type TerritoryRow,
  type TerritorySummary,
} from './territories.repository';

export type TerritoriesService = ReturnType<typeof createTerritoriesService>;
export type { TerritorySummary };

/** A staff caller of a territories route, with the request id the audit log records. */
export type TerritoriesCaller = StaffCaller & { requestId?: string };

const actorOf = (caller: TerritoriesCaller): Actor => ({
  accountId: caller.accountId,
  email: caller.email,
  role: caller.role,
  ...(caller.requestId ? { requestId: caller.requestId } : {}),
});

/** The territories a scope reaches; null for every territory. A team scope reaches none. */
function visibleTerritoryIds(scope: StaffScope): readonly string[] | null {
  if (scope.kind === 'all') return null;
  return scope.kind === 'territory' ? scope.territoryIds : [];
}

const duplicateName = () =>
  new AppError(409, ERROR_CODES.conflict, TERRITORY_MESSAGES.duplicateName, [
    { field: 'name', message: TERRITORY_MESSAGES.duplicateName },
  ]);
const archivedTerritory = () => new AppError(409, ERROR_CODES.conflict, TERRITORY_MESSAGES.archived);
const countriesAdminOnly = () =>
  new AppError(403, ERROR_CODES.forbidden, TERRITORY_MESSAGES.countriesAdminOnly, [
    { field: 'countries', message: TERRITORY_MESSAGES.countriesAdminOnly },
  ]);

/**
 * Global entries overlap one another (each covers nearly every country at the same closeness), so they are
 * held as one: a live territory with any of them holds them all.
 */
const GLOBAL_ENTRIES: readonly string[] = SPECIAL_COUNTRY_CODES;
const heldCodes = (codes: readonly string[]): string[] =>
  codes.some((code) => GLOBAL_ENTRIES.includes(code))
    ? [...codes.filter((code) => !GLOBAL_ENTRIES.includes(code)), ...GLOBAL_ENTRIES]
    : [...codes];

const MANAGING_ROLES: readonly string[] = ['TerritoryManager', 'Admin'];
const mayManage = (account: ManagerAccount) =>
  MANAGING_ROLES.includes(account.role) && account.status === 'ACTIVE';

const toManager = (account: ManagerAccount): TerritoryManager => ({
  id: account.id,
  name: account.displayName ?? account.email,
  email: account.email,
  active: mayManage(account),
});

const linkOrder = (type: LegalLinkType) => LEGAL_LINK_TYPES.indexOf(type);

/** Links as answers list them: the types in LEGAL_LINK_TYPES order. */
const toLinks = (rows: readonly { type: LegalLinkType; url: string }[]): TerritoryLink[] =>
  [...rows].sort((a, b) => linkOrder(a.type) - linkOrder(b.type)).map(({ type, url }) => ({ type, url }));

/** The links a body names: types left out or sent empty have no document. */
const linksOfInput = (input: TerritoryLinksInput | undefined): TerritoryLink[] =>
  LEGAL_LINK_TYPES.flatMap((type) => {
    const url = input?.[type];
    return url ? [{ type, url }] : [];
  });

const sameLinks = (a: readonly TerritoryLink[], b: readonly TerritoryLink[]) =>
  a.length === b.length &&
  a.every((link, index) => link.type === b[index]?.type && link.url === b[index]?.url);

const sameCountries = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((code, index) => code === b[index]);

const sameCountrySet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((code) => b.includes(code));

const auditFields = (territory: { name: string; countries: string[] }, links: readonly TerritoryLink[]) => ({
  name: territory.name,
  countries: territory.countries,
  links: links.map(({ type, url }) => ({ type, url })),
});

export function createTerritoriesService(dependencies: { db: Database; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = dependencies;

  /** The territory's id if the caller may see it; anything else reads as missing (404). */
  const idInScope = (caller: StaffCaller, id: string): string => {
    const visible = visibleTerritoryIds(caller.scope);
    if (!isUuid(id) || (visible !== null && !visible.includes(id))) throw errors.notFound();
    return id;
  };

  /** Territories with their links and managers, in the order given. */
  const withDetails = async (executor: Executor, rows: readonly TerritoryRow[]): Promise<Territory[]> => {
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

  const detail = async (executor: Executor, id: string): Promise<Territory> => {
    const row = await repository.findById(executor, id);
    if (!row) throw errors.notFound();
    const [territory] = await withDetails(executor, [row]);
    if (!territory) throw errors.notFound();
    return territory;
  };

  /** Runs a write; a name another active territory took meanwhile is the same 409 as one found before. */
  const writing = async <Result>(work: (tx: Executor) => Promise<Result>): Promise<Result> => {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, ACTIVE_NAME_INDEX)) throw duplicateName();
      throw error;
    }
  };

  /** Locks an active territory in the caller's scope for a change. */
  const lockActive = async (tx: Executor, caller: StaffCaller, id: string) => {
    const territory = await repository.lockById(tx, idInScope(caller, id));
    if (!territory) throw errors.notFound();
    if (!territory.active) throw archivedTerritory();
    return territory;
  };

  const currentLinks = async (tx: Executor, id: string) => toLinks(await repository.linksOf(tx, [id]));

  /**
   * Refuses countries another live territory holds (409 naming it). Only the countries a write adds are
   * checked, so a territory that shared a country before this rule can still be renamed.
   */
  const claimCountries = async (tx: Executor, added: readonly string[], territoryId?: string) => {
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

  return {
    /** The territories whose creators, campaigns and settings a manager's territory-scoped grants reach. */
    managedTerritoryIds: (accountId: string) => repository.managedTerritoryIds(db, accountId),

    managerIdsOf: (territoryIds: readonly string[], executor: Executor = db) =>
      repository.managerIdsOf(executor, territoryIds),

    countriesOf: (territoryIds: readonly string[], executor: Executor = db) =>
      repository.countriesOf(executor, territoryIds),

    /** Those of `ids` that name an active territory. */
    activeTerritories: (ids: readonly string[], executor: Executor = db) =>
      repository.activeTerritories(executor, ids),

    /** Makes an account a manager of territories, in the caller's transaction. */
    addManagerships: (executor: Executor, accountId: string, territoryIds: readonly string[]) =>
      repository.addManagerships(executor, accountId, territoryIds, clock.now()),

    /**
     * Makes an account a manager of exactly these active territories, in the caller's transaction (an Admin
     * changing a staff member's territories). Ids of archived or missing territories are ignored; archived
     * territories keep their managers.
     */
    async replaceManagershipsOf(executor: Executor, accountId: string, territoryIds: readonly string[]) {
      const active = await repository.activeTerritories(executor, [...new Set(territoryIds)]);
      await repository.replaceManagershipsOf(
        executor,
        accountId,
        active.map((territory) => territory.id),
        clock.now(),
      );
    },

    /** The active territories each account manages, sorted by name. */
    async territoriesOfAccounts(accountIds: readonly string[]): Promise<Map<string, TerritorySummary[]>> {
      const byAccount = new Map<string, TerritorySummary[]>();
      for (const row of await repository.territoriesOfAccounts(db, accountIds)) {
        byAccount.set(row.accountId, [
          ...(byAccount.get(row.accountId) ?? []),
          { id: row.id, name: row.name },
        ]);
      }
      return byAccount;
    },

    /** A page of the territories the caller may see, sorted by name. */
    async list(caller: StaffCaller, query: TerritoryListQuery): Promise<TerritoryListResponse> {
      const search = query.search?.trim();
      const { rows, total } = await repository.list(db, {
        territoryIds: visibleTerritoryIds(caller.scope),
        ...(search ? { search } : {}),
        includeArchived: query.includeArchived === 'true',
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { items: await withDetails(db, rows), total, page: query.page, pageSize: query.pageSize };
    },

    get: (caller: StaffCaller, id: string) => detail(db, idInScope(caller, id)),

    /** The creator app's lookup: every active territory with its countries and documents, by name. */
    async activeForCreators(): Promise<CreatorTerritory[]> {
      const rows = await repository.listActive(db);
      const linksBy = groupBy(
        await repository.linksOf(
          db,
          rows.map((row) => row.id),
        ),
        (link: TerritoryLinkRow) => link.territoryId,
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        countryCodeISO2: row.countries,
        links: toLinks(linksBy.get(row.id) ?? []),
      }));
    },

    async create(caller: TerritoriesCaller, body: TerritoryBody): Promise<Territory> {
      return writing(async (tx) => {
        if (await repository.activeNameTaken(tx, body.name)) throw duplicateName();
        await claimCountries(tx, body.countries);
        const now = clock.now();
        const territory = {
          id: randomUUID(),
          name: body.name,
          countries: body.countries,
          createdAt: now,
          updatedAt: now,
        };
        const links = linksOfInput(body.links);
        await repository.insert(tx, territory);
        await repository.replaceLinks(tx, territory.id, links);
        await audit.record(tx, {
          actor: actorOf(caller),
          action: 'territory.create',
          target: { type: 'territory', id: territory.id, label: territory.name },
          before: null,
          after: auditFields(territory, links),
        });
        return detail(tx, territory.id);
      });
    },

    /** Changes the fields sent; `links`, when sent, replaces every document of the territory. */
    async update(caller: TerritoriesCaller, id: string, body: TerritoryUpdateBody): Promise<Territory> {
      return writing(async (tx) => {
        const territory = await lockActive(tx, caller, id);
        const linksBefore = await currentLinks(tx, territory.id);
        const next = {
          name: body.name ?? territory.name,
          countries: body.countries ?? territory.countries,
        };
        const linksAfter = body.links === undefined ? linksBefore : linksOfInput(body.links);
        const nameChanged = next.name !== territory.name;
        const countriesChanged = !sameCountries(next.countries, territory.countries);
        const linksChanged = !sameLinks(linksBefore, linksAfter);
        if (!nameChanged && !countriesChanged && !linksChanged) return detail(tx, territory.id);

        // A manager's territory-scoped grant reaches the creators of its countries: changing them would let
        // the grant widen itself, so only an unscoped grant may.
        const coverageChanged = !sameCountrySet(next.countries, territory.countries);
        if (coverageChanged && caller.scope.kind !== 'all') throw countriesAdminOnly();
        if (nameChanged && (await repository.activeNameTaken(tx, next.name, territory.id)))
          throw duplicateName();
        if (coverageChanged) {
          await claimCountries(
            tx,
            next.countries.filter((code) => !territory.countries.includes(code)),
            territory.id,
          );
        }
        await repository.update(tx, territory.id, { ...next, updatedAt: clock.now() });
        if (linksChanged) await repository.replaceLinks(tx, territory.id, linksAfter);
        await audit.record(tx, {
          actor: actorOf(caller),
          action: 'territory.update',
          target: { type: 'territory', id: territory.id, label: next.name },
          before: auditFields(territory, linksBefore),
          after: auditFields(next, linksAfter),
        });
        return detail(tx, territory.id);
      });
    },

    async archive(caller: TerritoriesCaller, id: string): Promise<Territory> {
      return writing(async (tx) => {
        const territory = await repository.lockById(tx, idInScope(caller, id));
        if (!territory) throw errors.notFound();
        if (!territory.active) {
          throw new AppError(409, ERROR_CODES.conflict, TERRITORY_MESSAGES.alreadyArchived);
        }
        await repository.update(tx, territory.id, { active: false, updatedAt: clock.now() });
        await audit.record(tx, {
          actor: actorOf(caller),
          action: 'territory.archive',
          target: { type: 'territory', id: territory.id, label: territory.name },
          before: { active: true },
          after: { active: false },
        });
        return detail(tx, territory.id);
      });
    },

    /** Replaces the managers; each must be an active TerritoryManager or Admin. */
    async replaceManagers(
      caller: TerritoriesCaller,
      id: string,
      body: { accountIds: string[] },
    ): Promise<Territory> {
      const accountIds = [...new Set(body.accountIds)];
      return writing(async (tx) => {
        const territory = await lockActive(tx, caller, id);
        const found = await repository.accountsByIds(tx, accountIds);
        if (found.length !== accountIds.length || !found.every(mayManage)) {
          throw errors.validation([{ field: 'accountIds', message: TERRITORY_MESSAGES.managerNotAllowed }]);
        }
        const before = await repository.managersOf(tx, [territory.id]);
        const beforeIds = new Set(before.map((manager) => manager.id));
        const unchanged =
          beforeIds.size === accountIds.length && accountIds.every((accountId) => beforeIds.has(accountId));
        if (!unchanged) {
          await repository.replaceManagers(tx, territory.id, accountIds, clock.now());
          const after = await repository.managersOf(tx, [territory.id]);
          await audit.record(tx, {
            actor: actorOf(caller),
            action: 'territory.managers',
            target: { type: 'territory', id: territory.id, label: territory.name },
            before: { managers: before.map(({ id: accountId, email }) => ({ id: accountId, email })) },
            after: { managers: after.map(({ id: accountId, email }) => ({ id: accountId, email })) },
          });
        }
        return detail(tx, territory.id);
      });
    },
  };
}

function groupBy<Item>(items: readonly Item[], key: (item: Item) => string): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
