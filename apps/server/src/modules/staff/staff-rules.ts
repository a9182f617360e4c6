import { createHash, randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  isUuid,
  membershipProblems,
  STAFF_MESSAGES,
  type MarketingRole,
  type MembershipSummary,
  type StaffInvitation,
  type StaffMember,
} from '@platform/shared';
import type { Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { StaffAccount } from '../auth/auth.service';
import { staffRepository as repository, type Invitation } from './staff.repository';

import type { StaffContext } from './staff.context';
import { INVITATION_LIFETIME_MS, STAFF_RATE_LIMITS } from './staff.policy';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const conflict = (message: string, field?: string) =>
  new AppError(409, ERROR_CODES.conflict, message, field ? [{ field, message }] : undefined);

export const linkErrors = {
  invalid: () => new AppError(400, ERROR_CODES.hintInvalid, STAFF_MESSAGES.linkInvalid),
  used: () => new AppError(409, ERROR_CODES.hintUsed, STAFF_MESSAGES.linkUsed),
  cancelled: () => new AppError(409, ERROR_CODES.hintUsed, STAFF_MESSAGES.linkCancelled),
  expired: () => new AppError(410, ERROR_CODES.hintExpired, STAFF_MESSAGES.linkExpired),
};

export const unique = (ids: readonly string[]) => [...new Set(ids)];
export const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));
export const names = (items: readonly MembershipSummary[]) => items.map((item) => item.name);

/** A path's id that names no record (not a UUID) is answered as a missing one. */
export const existingId = (id: string) => {
  if (!isUuid(id)) throw errors.notFound();
  return id;
};

export async function limitPerAddress(context: StaffContext, ip: string): Promise<void> {
  const { rateLimiter } = context;
  const [decision] = await rateLimiter.consume([
    { key: `staff-invitation:ip:${ip}`, rule: STAFF_RATE_LIMITS.invitationPerIp },
  ]);
  if (!decision) throw new Error('the rate limiter decided nothing');
  if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds);
}

export function newLink(context: StaffContext, now: Date) {
  const { publicUrl } = context;
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    url: `${publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`,
    tokenHash: hashToken(token),
    sentAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
  };
}

export async function nameOf(context: StaffContext, accountId: string): Promise<string> {
  const { authService } = context;
  const account = await authService.findAccountById(accountId);
  return account?.displayName ?? account?.email ?? 'An Admin';
}

/** The live teams and active territories named, or a 400 on the field when any is gone. */
export async function checkedMemberships(
  context: StaffContext,
  executor: Executor,
  teamIds: readonly string[],
  territoryIds: readonly string[],
): Promise<{ teams: MembershipSummary[]; territories: MembershipSummary[] }> {
  const { teamsService, territoriesService } = context;
  const teams = await teamsService.liveTeams(teamIds, executor);
  const territories = await territoriesService.activeTerritories(territoryIds, executor);
  const problems = [
    ...(teams.length < teamIds.length ? [{ field: 'teamIds', message: STAFF_MESSAGES.teamGone }] : []),
    ...(territories.length < territoryIds.length
      ? [{ field: 'territoryIds', message: STAFF_MESSAGES.territoryGone }]
      : []),
  ];
  if (problems.length > 0) throw errors.validation(problems);
  return { teams, territories };
}

export function membershipErrors(
  context: StaffContext,
  role: MarketingRole,
  teamCount: number,
  territoryCount: number,
) {
  const problems = membershipProblems(role, teamCount, territoryCount);
  if (problems.length > 0) {
    throw errors.validation(
      problems.map((problem) => ({
        field: problem.kind === 'teams' ? 'teamIds' : 'territoryIds',
        message: problem.message,
      })),
    );
  }
}

export async function staffViews(
  context: StaffContext,
  accounts: readonly StaffAccount[],
): Promise<StaffMember[]> {
  const { teamsService, territoriesService } = context;
  const ids = accounts.map((account) => account.id);
  const teams = await teamsService.teamsOfAccounts(ids);
  const territories = await territoriesService.territoriesOfAccounts(ids);
  return accounts.map((account) => ({
    id: account.id,
    email: account.email,
    displayName: account.displayName,
    role: account.role,
    status: account.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
    teams: teams.get(account.id) ?? [],
    territories: territories.get(account.id) ?? [],
    lastSignedInAt: account.lastSignedInAt?.toISOString() ?? null,
    createdAt: account.createdAt.toISOString(),
  }));
}

export async function staffView(context: StaffContext, id: string): Promise<StaffMember> {
  const { authService } = context;
  const account = await authService.findStaffAccount(id);
  if (!account) throw errors.notFound();
  const [view] = await staffViews(context, [account]);
  if (!view) throw errors.notFound();
  return view;
}

export async function invitationViews(
  context: StaffContext,
  invitations: readonly Invitation[],
): Promise<StaffInvitation[]> {
  const { clock, authService, teamsService, territoriesService } = context;
  const teams = new Map(
    (await teamsService.liveTeams(unique(invitations.flatMap((item) => item.teamIds)))).map((team) => [
      team.id,
      team,
    ]),
  );
  const territories = new Map(
    (
      await territoriesService.activeTerritories(unique(invitations.flatMap((item) => item.territoryIds)))
    ).map((territory) => [territory.id, territory]),
  );
  const inviters = new Map(
    (
      await authService.findAccountsByIds(
        unique(invitations.flatMap((item) => (item.invitedBy ? [item.invitedBy] : []))),
      )
    ).map((account) => [account.id, account.displayName ?? account.email]),
  );
  const now = clock.now().getTime();
  const pick = <Item>(ids: readonly string[], found: Map<string, Item>) =>
    ids.flatMap((id) => (found.has(id) ? [found.get(id) as Item] : []));
  return invitations.map((invitation) => ({
    id: invitation.id,
    email: invitation.email,
    displayName: invitation.displayName,
    role: invitation.role,
    teams: pick(invitation.teamIds, teams).map(({ id, name }) => ({ id, name })),
    territories: pick(invitation.territoryIds, territories).map(({ id, name }) => ({ id, name })),
    invitedBy: invitation.invitedBy ? (inviters.get(invitation.invitedBy) ?? null) : null,
    sentAt: invitation.sentAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    status: invitation.expiresAt.getTime() <= now ? 'expired' : 'pending',
  }));
}

export async function invitationView(
  context: StaffContext,
  invitation: Invitation,
): Promise<StaffInvitation> {
  const [view] = await invitationViews(context, [invitation]);
  if (!view) throw errors.notFound();
  return view;
}

/** A link that exists and can still be used; otherwise the matching 400, 409 or 410. */
export async function usableInvitation(context: StaffContext, token: string): Promise<Invitation> {
  const { db } = context;
  const invitation = await repository.findInvitationByTokenHash(db, hashToken(token));
  if (!invitation) throw linkErrors.invalid();
  return stillUsable(context, invitation);
}

export function stillUsable(context: StaffContext, invitation: Invitation): Invitation {
  const { clock } = context;
  if (invitation.acceptedAt) throw linkErrors.used();
  if (invitation.cancelledAt) throw linkErrors.cancelled();
  if (invitation.expiresAt.getTime() <= clock.now().getTime()) throw linkErrors.expired();
  return invitation;
}

/** An open invitation, locked for a change; accepted or cancelled ones cannot change any more. */
export async function lockOpenInvitation(
  context: StaffContext,
  tx: Executor,
  id: string,
): Promise<Invitation> {
  const invitation = await repository.findInvitation(tx, existingId(id), { forUpdate: true });
  if (!invitation) throw errors.notFound();
  if (invitation.acceptedAt) throw conflict(STAFF_MESSAGES.invitationAccepted);
  if (invitation.cancelledAt) throw conflict(STAFF_MESSAGES.invitationCancelled);
  return invitation;
}
