import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  isUuid,
  TEAM_MESSAGES,
  type TeamDetail,
  type TeamListItem,
  type TeamListQuery,
  type TeamListResponse,
  type TeamMember,
} from '@platform/shared';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { Actor, StaffCaller, StaffScope } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import {
  isUniqueViolation,
  LIVE_NAME_INDEX,
  teamsRepository as repository,
  type MemberAccount,
  type TeamSummary,
} from './teams.repository';

export type TeamsService = ReturnType<typeof createTeamsService>;
export type { TeamSummary };

/** A staff caller of a teams route, with the request id the audit log records. */
export type TeamsCaller = StaffCaller & { requestId?: string };

const actorOf = (caller: TeamsCaller): Actor => ({
  accountId: caller.accountId,
  email: caller.email,
  role: caller.role,
  ...(caller.requestId ? { requestId: caller.requestId } : {}),
});

/** The teams a scope reaches; null for every team. A territory scope reaches no team. */
function visibleTeamIds(scope: StaffScope): readonly string[] | null {
  if (scope.kind === 'all') return null;
  return scope.kind === 'team' ? scope.teamIds : [];
}

const duplicateName = () =>
  new AppError(409, ERROR_CODES.conflict, TEAM_MESSAGES.duplicateName, [
    { field: 'name', message: TEAM_MESSAGES.duplicateName },
  ]);
const archivedTeam = () => new AppError(409, ERROR_CODES.conflict, TEAM_MESSAGES.archived);

const isActiveStaff = (account: MemberAccount) => account.role !== 'Creator' && account.status === 'ACTIVE';

const toTeamMember = (account: MemberAccount): TeamMember => ({
  id: account.id,
  name: account.displayName ?? account.email,
  email: account.email,
  role: account.role,
  active: isActiveStaff(account),
});

type TeamRecord = { id: string; name: string; createdAt: Date; archivedAt: Date | null; memberCount: number };

const toListItem = (team: TeamRecord) =>
  ({
    id: team.id,
    name: team.name,
    archived: team.archivedAt !== null,
    memberCount: team.memberCount,
    createdAt: team.createdAt.toISOString(),
  }) satisfies TeamListItem;

export function createTeamsService(dependencies: { db: Database; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = dependencies;

  /** The team's id if the caller may see it; anything else reads as missing (404). */
  const idInScope = (caller: StaffCaller, id: string): string => {
    const visible = visibleTeamIds(caller.scope);
    if (!isUuid(id) || (visible !== null && !visible.includes(id))) throw errors.notFound();
    return id;
  };

  const detail = async (executor: Executor, id: string): Promise<TeamDetail> => {
    const team = await repository.findById(executor, id);
    if (!team) throw errors.notFound();
    const members = await repository.members(executor, id);
    return { ...toListItem(team), members: members.map(toTeamMember) };
  };

  /** Runs a write; a name another live team took meanwhile is the same 409 as one found before writing. */
  const writing = async <Result>(work: (tx: Executor) => Promise<Result>): Promise<Result> => {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, LIVE_NAME_INDEX)) throw duplicateName();
      throw error;
    }
  };

  /** Locks a live team in the caller's scope for a change. */
  const lockLiveTeam = async (tx: Executor, caller: StaffCaller, id: string) => {
    const team = await repository.lockById(tx, idInScope(caller, id));
    if (!team) throw errors.notFound();
    if (team.archivedAt !== null) throw archivedTeam();
    return team;
  };

  return {
    /** The teams whose campaigns a member's team-scoped grants reach. */
    teamIdsOf: (accountId: string) => repository.teamIdsOf(db, accountId),

    memberIdsOf: (teamId: string, executor: Executor = db) => repository.memberIdsOf(executor, teamId),

    /** Whether the install has a team that is not archived. */
    hasLiveTeam: () => repository.hasLiveTeam(db),

    /** Those of `ids` that name a live team. */
    liveTeams: (ids: readonly string[], executor: Executor = db) => repository.liveTeams(executor, ids),

    /** Adds an account to teams, in the caller's transaction (a staff member joining with an invitation). */
    addMemberships: (executor: Executor, accountId: string, teamIds: readonly string[]) =>
      repository.addMemberships(executor, accountId, teamIds, clock.now()),

    /**
     * Makes an account a member of exactly these live teams, in the caller's transaction (an Admin changing
     * a staff member's teams). Ids of archived or missing teams are ignored; memberships of archived teams
     * are left as they were.
     */
    async replaceMembershipsOf(executor: Executor, accountId: string, teamIds: readonly string[]) {
      const live = await repository.liveTeams(executor, [...new Set(teamIds)]);
      await repository.replaceMembershipsOf(
        executor,
        accountId,
        live.map((team) => team.id),
        clock.now(),
      );
    },

    /** The live teams of each account, sorted by name. */
    async teamsOfAccounts(accountIds: readonly string[]): Promise<Map<string, TeamSummary[]>> {
      const byAccount = new Map<string, TeamSummary[]>();
      for (const row of await repository.teamsOfAccounts(db, accountIds)) {
        byAccount.set(row.accountId, [
          ...(byAccount.get(row.accountId) ?? []),
          { id: row.id, name: row.name },
        ]);
      }
      return byAccount;
    },

    /** A page of the teams the caller may see, sorted by name. */
    async list(caller: StaffCaller, query: TeamListQuery): Promise<TeamListResponse> {
      const search = query.search?.trim();
      const { rows, total } = await repository.list(db, {
        teamIds: visibleTeamIds(caller.scope),
        ...(search ? { search } : {}),
        includeArchived: query.includeArchived === 'true',
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { items: rows.map(toListItem), total, page: query.page, pageSize: query.pageSize };
    },

    get: (caller: StaffCaller, id: string) => detail(db, idInScope(caller, id)),

    async create(caller: TeamsCaller, body: { name: string }): Promise<TeamDetail> {
      return writing(async (tx) => {
        if (await repository.liveNameTaken(tx, body.name)) throw duplicateName();
        const team = { id: randomUUID(), name: body.name, createdAt: clock.now() };
        await repository.insert(tx, team);
        await audit.record(tx, {
          actor: actorOf(caller),
          action: 'team.create',
          target: { type: 'team', id: team.id, label: team.name },
          before: null,
          after: { name: team.name },
        });
        return detail(tx, team.id);
      });
    },

    async rename(caller: TeamsCaller, id: string, body: { name: string }): Promise<TeamDetail> {
      return writing(async (tx) => {
        const team = await lockLiveTeam(tx, caller, id);
        if (team.name !== body.name) {
          if (await repository.liveNameTaken(tx, body.name, team.id)) throw duplicateName();
          await repository.rename(tx, team.id, body.name);
          await audit.record(tx, {
            actor: actorOf(caller),
            action: 'team.rename',
            target: { type: 'team', id: team.id, label: body.name },
            before: { name: team.name },
            after: { name: body.name },
          });
        }
        return detail(tx, team.id);
      });
    },

    async archive(caller: TeamsCaller, id: string): Promise<TeamDetail> {
      return writing(async (tx) => {
        const team = await repository.lockById(tx, idInScope(caller, id));
        if (!team) throw errors.notFound();
        if (team.archivedAt !== null) {
          throw new AppError(409, ERROR_CODES.conflict, TEAM_MESSAGES.alreadyArchived);
        }
        await repository.archive(tx, team.id, clock.now());
        await audit.record(tx, {
          actor: actorOf(caller),
          action: 'team.archive',
          target: { type: 'team', id: team.id, label: team.name },
          before: { archived: false },
          after: { archived: true },
        });
        return detail(tx, team.id);
      });
    },

    /** Replaces the member list; every member must be an active staff account. */
    async replaceMembers(
      caller: TeamsCaller,
      id: string,
      body: { accountIds: string[] },
    ): Promise<TeamDetail> {
      const accountIds = [...new Set(body.accountIds)];
      return writing(async (tx) => {
        const team = await lockLiveTeam(tx, caller, id);
        const found = await repository.accountsByIds(tx, accountIds);
        if (found.length !== accountIds.length || !found.every(isActiveStaff)) {
          throw errors.validation([{ field: 'accountIds', message: TEAM_MESSAGES.memberNotStaff }]);
        }
        const before = await repository.members(tx, team.id);
        const beforeIds = new Set(before.map((member) => member.id));
        const unchanged =
          beforeIds.size === accountIds.length && accountIds.every((accountId) => beforeIds.has(accountId));
        if (!unchanged) {
          await repository.replaceMembers(tx, team.id, accountIds, clock.now());
          const after = await repository.members(tx, team.id);
          await audit.record(tx, {
            actor: actorOf(caller),
            action: 'team.members',
            target: { type: 'team', id: team.id, label: team.name },
            before: { members: before.map(({ id: accountId, email }) => ({ id: accountId, email })) },
            after: { members: after.map(({ id: accountId, email }) => ({ id: accountId, email })) },
          });
        }
        return detail(tx, team.id);
      });
    },
  };
}
