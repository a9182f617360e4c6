import { STAFF_MESSAGES, type MessageResponse } from '@platform/shared';
import { staffRepository as repository } from '../staff.repository';

import type { StaffContext } from '../staff.context';
import { limitPerAddress, linkErrors, names, stillUsable, usableInvitation } from '../staff-rules';

/**
 * Creates the account with the invitation's role, name, teams and territories, with the password
 * the person chose, and uses up the link: all in one transaction, so a refused password leaves the
 * link working.
 */
export async function acceptInvitation(
  context: StaffContext,
  input: { token: string; password: string },
  request: { ip: string; requestId?: string },
): Promise<MessageResponse> {
  const { db, clock, audit, authService, teamsService, territoriesService } = context;
  const { ip, requestId } = request;
  await limitPerAddress(context, ip);
  const invitation = await usableInvitation(context, input.token);
  await db.transaction(async (tx) => {
    if (!(await repository.accept(tx, invitation.id, clock.now()))) {
      const now = await repository.findInvitation(tx, invitation.id);
      if (!now) throw linkErrors.invalid();
      stillUsable(context, now);
      throw linkErrors.used();
    }
    const account = await authService.createStaffAccount(tx, {
      email: invitation.email,
      displayName: invitation.displayName,
      role: invitation.role,
      password: input.password,
    });
    await repository.linkAccount(tx, invitation.id, account.id);
    // Teams archived or territories deactivated since the invitation are left out.
    const teams = await teamsService.liveTeams(invitation.teamIds, tx);
    const territories = await territoriesService.activeTerritories(invitation.territoryIds, tx);
    await teamsService.addMemberships(
      tx,
      account.id,
      teams.map((team) => team.id),
    );
    await territoriesService.addManagerships(
      tx,
      account.id,
      territories.map((territory) => territory.id),
    );
    await audit.record(tx, {
      actor: {
        accountId: account.id,
        email: account.email,
        role: account.role,
        ...(requestId ? { requestId } : {}),
      },
      action: 'staff.join',
      target: { type: 'staff', id: account.id, label: account.email },
      before: null,
      after: {
        email: account.email,
        displayName: invitation.displayName,
        role: invitation.role,
        teams: names(teams),
        territories: names(territories),
        invitationId: invitation.id,
      },
    });
  });
  return { message: STAFF_MESSAGES.accountReady };
}
