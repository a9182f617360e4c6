import { roleMemberships, STAFF_MESSAGES, type MarketingRole, type StaffMember } from '@platform/shared';
import { errors } from '../../../errors';
import type { Actor } from '../../../principal';

import type { StaffContext } from '../staff.context';
import {
  checkedMemberships,
  conflict,
  existingId,
  membershipErrors,
  names,
  sameSet,
  staffView,
  unique,
} from '../staff-rules';

/**
 * Changes a staff member's name, role, teams or territories. A role that takes no teams (or no
 * territories) leaves the person in none; the last active Admin keeps the role.
 */
export async function updateStaffMember(
  context: StaffContext,
  actor: Actor,
  id: string,
  input: { displayName?: string; role?: MarketingRole; teamIds?: string[]; territoryIds?: string[] },
): Promise<StaffMember> {
  const { db, audit, authService, teamsService, territoriesService } = context;
  const accountId = existingId(id);
  // Read before the transaction: the memberships' own services read them outside it.
  const currentTeams = (await teamsService.teamsOfAccounts([accountId])).get(accountId) ?? [];
  const currentTerritories =
    (await territoriesService.territoriesOfAccounts([accountId])).get(accountId) ?? [];
  await db.transaction(async (tx) => {
    const admins = input.role === undefined ? [] : await authService.lockActiveAdmins(tx);
    const target = await authService.findStaffAccount(accountId, tx);
    if (!target) throw errors.notFound();
    const role = input.role ?? target.role;
    const takes = roleMemberships(role);
    const requestedTeams = input.teamIds && unique(input.teamIds);
    const requestedTerritories = input.territoryIds && unique(input.territoryIds);
    // Unless the change names them, memberships stay as they are; a move to a role that does not
    // take them ends them.
    const leaves = (kind: 'teams' | 'territories') => role !== target.role && takes !== kind;
    const teamIds = requestedTeams ?? (leaves('teams') ? [] : currentTeams.map((team) => team.id));
    const territoryIds =
      requestedTerritories ??
      (leaves('territories') ? [] : currentTerritories.map((territory) => territory.id));
    membershipErrors(
      context,
      role,
      takes === 'teams' ? teamIds.length : (requestedTeams?.length ?? 0),
      takes === 'territories' ? territoryIds.length : (requestedTerritories?.length ?? 0),
    );
    const { teams, territories } = await checkedMemberships(context, tx, teamIds, territoryIds);

    const demotesAnAdmin = target.role === 'Admin' && role !== 'Admin' && target.status === 'ACTIVE';
    if (demotesAnAdmin && admins.filter((adminId) => adminId !== target.id).length === 0) {
      throw conflict(STAFF_MESSAGES.lastAdmin, 'role');
    }

    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (input.displayName !== undefined && input.displayName !== target.displayName) {
      await authService.setDisplayName(tx, target.id, input.displayName);
      before.displayName = target.displayName;
      after.displayName = input.displayName;
    }
    if (role !== target.role) {
      await authService.setStaffRole(tx, target.id, role);
      before.role = target.role;
      after.role = role;
    }
    const currentTeamIds = currentTeams.map((team) => team.id);
    if (!sameSet(teamIds, currentTeamIds)) {
      await teamsService.replaceMembershipsOf(tx, target.id, teamIds);
      before.teams = names(currentTeams);
      after.teams = names(teams);
    }
    const currentTerritoryIds = currentTerritories.map((territory) => territory.id);
    if (!sameSet(territoryIds, currentTerritoryIds)) {
      await territoriesService.replaceManagershipsOf(tx, target.id, territoryIds);
      before.territories = names(currentTerritories);
      after.territories = names(territories);
    }
    if (Object.keys(after).length === 0) return;
    await audit.record(tx, {
      actor,
      action: 'staff.update',
      target: { type: 'staff', id: target.id, label: target.email },
      before,
      after,
    });
  });
  return staffView(context, accountId);
}
