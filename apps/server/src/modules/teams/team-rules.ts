import {
  ERROR_CODES,
  isUuid,
  TEAM_MESSAGES,
  type TeamDetail,
  type TeamListItem,
  type TeamMember,
} from '@platform/shared';
import type { Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { Actor, StaffCaller, StaffScope } from '../../principal';
import type { TeamsContext } from './teams.context';
import {
  isUniqueViolation,
  LIVE_NAME_INDEX,
  teamsRepository as repository,
  type MemberAccount,
} from './teams.repository';

/** A staff caller of a teams route, with the request id the audit log records. */
export type TeamsCaller = StaffCaller & { requestId?: string };

export const actorOf = (caller: TeamsCaller): Actor => ({
  accountId: caller.accountId,
  email: caller.email,
  role: caller.role,
  ...(caller.requestId ? { requestId: caller.requestId } : {}),
});

/** The teams a scope reaches; null for every team. A territory scope reaches no team. */
export function visibleTeamIds(scope: StaffScope): readonly string[] | null {
  if (scope.kind === 'all') return null;
  return scope.kind === 'team' ? scope.teamIds : [];
}

export const duplicateName = () =>
  new AppError(409, ERROR_CODES.conflict, TEAM_MESSAGES.duplicateName, [
    { field: 'name', message: TEAM_MESSAGES.duplicateName },
  ]);
export const archivedTeam = () => new AppError(409, ERROR_CODES.conflict, TEAM_MESSAGES.archived);

export const isActiveStaff = (account: MemberAccount) =>
  account.role !== 'Creator' && account.status === 'ACTIVE';

const toTeamMember = (account: MemberAccount): TeamMember => ({
  id: account.id,
  name: account.displayName ?? account.email,
  email: account.email,
  role: account.role,
  active: isActiveStaff(account),
});

type TeamRecord = { id: string; name: string; createdAt: Date; archivedAt: Date | null; memberCount: number };

export const toListItem = (team: TeamRecord) =>
  ({
    id: team.id,
    name: team.name,
    archived: team.archivedAt !== null,
    memberCount: team.memberCount,
    createdAt: team.createdAt.toISOString(),
  }) satisfies TeamListItem;

/** The team's id if the caller may see it; anything else reads as missing (404). */
export const idInScope = (caller: StaffCaller, id: string): string => {
  const visible = visibleTeamIds(caller.scope);
  if (!isUuid(id) || (visible !== null && !visible.includes(id))) throw errors.notFound();
  return id;
};

export const teamDetail = async (executor: Executor, id: string): Promise<TeamDetail> => {
  const team = await repository.findById(executor, id);
  if (!team) throw errors.notFound();
  const members = await repository.members(executor, id);
  return { ...toListItem(team), members: members.map(toTeamMember) };
};

/** Runs a write; a name another live team took meanwhile is the same 409 as one found before writing. */
export const writing = async <Result>(
  context: TeamsContext,
  work: (tx: Executor) => Promise<Result>,
): Promise<Result> => {
  try {
    return await context.db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error, LIVE_NAME_INDEX)) throw duplicateName();
    throw error;
  }
};

/** Locks a live team in the caller's scope for a change. */
export const lockLiveTeam = async (tx: Executor, caller: StaffCaller, id: string) => {
  const team = await repository.lockById(tx, idInScope(caller, id));
  if (!team) throw errors.notFound();
  if (team.archivedAt !== null) throw archivedTeam();
  return team;
};
