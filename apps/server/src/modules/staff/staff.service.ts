import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  isUuid,
  membershipProblems,
  normalizeEmail,
  roleMemberships,
  STAFF_DIRECTORY_LIMIT,
  STAFF_INVITATION_DAYS,
  STAFF_MESSAGES,
  type InvitationDetails,
  type MarketingRole,
  type MembershipSummary,
  type MessageResponse,
  type Paged,
  type StaffDirectoryResponse,
  type StaffInvitation,
  type StaffMember,
  type StaffStatus,
} from '@platform/shared';
import type { RateLimiter, RateLimitRule } from '../../adapters/rate-limit/rate-limiter';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { Actor } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import type { AuthService, StaffAccount } from '../auth/auth.service';
import { emailTemplates, type EmailService } from '../email/email.service';
import type { TeamsService } from '../teams/teams.service';
import type { TerritoriesService } from '../territories/territories.service';
import { staffRepository as repository, type Invitation } from './staff.repository';

const DAY = 24 * 3600 * 1000;
export const INVITATION_LIFETIME_MS = STAFF_INVITATION_DAYS * DAY;

/** The public invitation calls, per address, counted before any lookup or hashing. */
export const STAFF_RATE_LIMITS = {
  invitationPerIp: { limit: 60, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

export type StaffService = ReturnType<typeof createStaffService>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const conflict = (message: string, field?: string) =>
  new AppError(409, ERROR_CODES.conflict, message, field ? [{ field, message }] : undefined);

const linkErrors = {
  invalid: () => new AppError(400, ERROR_CODES.hintInvalid, STAFF_MESSAGES.linkInvalid),
  used: () => new AppError(409, ERROR_CODES.hintUsed, STAFF_MESSAGES.linkUsed),
  cancelled: () => new AppError(409, ERROR_CODES.hintUsed, STAFF_MESSAGES.linkCancelled),
  expired: () => new AppError(410, ERROR_CODES.hintExpired, STAFF_MESSAGES.linkExpired),
};

const unique = (ids: readonly string[]) => [...new Set(ids)];
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));
const names = (items: readonly MembershipSummary[]) => items.map((item) => item.name);

/** A path's id that names no record (not a UUID) is answered as a missing one. */
const existingId = (id: string) => {
  if (!isUuid(id)) throw errors.notFound();
  return id;
};

export function createStaffService(dependencies: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  rateLimiter: RateLimiter;
  audit: AuditService;
  authService: AuthService;
  emailService: EmailService;
  teamsService: TeamsService;
  territoriesService: TerritoriesService;
}) {
  const { db, clock, publicUrl, rateLimiter, audit, authService, emailService } = dependencies;
  const { teamsService, territoriesService } = dependencies;

  async function limitPerAddress(ip: string): Promise<void> {
    const [decision] = await rateLimiter.consume([
      { key: `staff-invitation:ip:${ip}`, rule: STAFF_RATE_LIMITS.invitationPerIp },
    ]);
    if (!decision) throw new Error('the rate limiter decided nothing');
    if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds);
  }

  function newLink(now: Date) {
    const token = randomBytes(32).toString('base64url');
    return {
      token,
      url: `${publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`,
      tokenHash: hashToken(token),
      sentAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
    };
  }

  async function nameOf(accountId: string): Promise<string> {
    const account = await authService.findAccountById(accountId);
    return account?.displayName ?? account?.email ?? 'An Admin';
  }

  /** The live teams and active territories named, or a 400 on the field when any is gone. */
  async function checkedMemberships(
    executor: Executor,
    teamIds: readonly string[],
    territoryIds: readonly string[],
  ): Promise<{ teams: MembershipSummary[]; territories: MembershipSummary[] }> {
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

  function membershipErrors(role: MarketingRole, teamCount: number, territoryCount: number) {
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

  async function staffViews(accounts: readonly StaffAccount[]): Promise<StaffMember[]> {
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

  async function staffView(id: string): Promise<StaffMember> {
    const account = await authService.findStaffAccount(id);
    if (!account) throw errors.notFound();
    const [view] = await staffViews([account]);
    if (!view) throw errors.notFound();
    return view;
  }

  async function invitationViews(invitations: readonly Invitation[]): Promise<StaffInvitation[]> {
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

  async function invitationView(invitation: Invitation): Promise<StaffInvitation> {
    const [view] = await invitationViews([invitation]);
    if (!view) throw errors.notFound();
    return view;
  }

  /** A link that exists and can still be used; otherwise the matching 400, 409 or 410. */
  async function usableInvitation(token: string): Promise<Invitation> {
    const invitation = await repository.findInvitationByTokenHash(db, hashToken(token));
    if (!invitation) throw linkErrors.invalid();
    return stillUsable(invitation);
  }

  function stillUsable(invitation: Invitation): Invitation {
    if (invitation.acceptedAt) throw linkErrors.used();
    if (invitation.cancelledAt) throw linkErrors.cancelled();
    if (invitation.expiresAt.getTime() <= clock.now().getTime()) throw linkErrors.expired();
    return invitation;
  }

  /** An open invitation, locked for a change; accepted or cancelled ones cannot change any more. */
  async function lockOpenInvitation(tx: Executor, id: string): Promise<Invitation> {
    const invitation = await repository.findInvitation(tx, existingId(id), { forUpdate: true });
    if (!invitation) throw errors.notFound();
    if (invitation.acceptedAt) throw conflict(STAFF_MESSAGES.invitationAccepted);
    if (invitation.cancelledAt) throw conflict(STAFF_MESSAGES.invitationCancelled);
    return invitation;
  }

  return {
    /** Whether an invitation has gone out to someone and was not cancelled, whether or not it was accepted. */
    hasInvitedStaff: () => repository.hasUncancelledInvitation(db),

    async list(query: {
      page: number;
      pageSize: number;
      search?: string | undefined;
      status?: StaffStatus | undefined;
    }): Promise<Paged<StaffMember>> {
      const { items, total } = await authService.listStaffAccounts(query);
      return { items: await staffViews(items), total, page: query.page, pageSize: query.pageSize };
    },

    async directory(search: string | undefined): Promise<StaffDirectoryResponse> {
      const { items } = await authService.listStaffAccounts({
        page: 1,
        pageSize: STAFF_DIRECTORY_LIMIT,
        search,
        status: 'ACTIVE',
      });
      return {
        items: items.map(({ id, email, displayName, role }) => ({ id, email, displayName, role })),
      };
    },

    async listInvitations(query: {
      page: number;
      pageSize: number;
      search?: string | undefined;
    }): Promise<Paged<StaffInvitation>> {
      const { rows, total } = await repository.listOpenInvitations(db, {
        search: query.search,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: await invitationViews(rows), total, page: query.page, pageSize: query.pageSize };
    },

    async invite(
      actor: Actor,
      input: {
        email: string;
        displayName: string;
        role: MarketingRole;
        teamIds: string[];
        territoryIds: string[];
      },
    ): Promise<StaffInvitation> {
      const email = normalizeEmail(input.email);
      const teamIds = unique(input.teamIds);
      const territoryIds = unique(input.territoryIds);
      membershipErrors(input.role, teamIds.length, territoryIds.length);
      const invitedBy = await nameOf(actor.accountId);
      const invitation = await db.transaction(async (tx) => {
        const { teams, territories } = await checkedMemberships(tx, teamIds, territoryIds);
        await repository.lockInvitationsTo(tx, email);
        if (await authService.findAccountByEmail(email, tx))
          throw conflict(STAFF_MESSAGES.emailTaken, 'email');
        const earlier = await repository.findOpenInvitationByEmail(tx, email);
        if (earlier) {
          const expired = earlier.expiresAt.getTime() <= clock.now().getTime();
          throw conflict(
            expired ? STAFF_MESSAGES.invitationExpiredExists : STAFF_MESSAGES.invitationPending,
            'email',
          );
        }
        const now = clock.now();
        const link = newLink(now);
        const created: Invitation = {
          id: randomUUID(),
          email,
          displayName: input.displayName,
          role: input.role,
          teamIds,
          territoryIds,
          tokenHash: link.tokenHash,
          invitedBy: actor.accountId,
          createdAt: now,
          sentAt: link.sentAt,
          expiresAt: link.expiresAt,
          acceptedAt: null,
          cancelledAt: null,
          accountId: null,
        };
        await repository.insertInvitation(tx, created);
        await audit.record(tx, {
          actor,
          action: 'staff.invite',
          target: { type: 'staff-invitation', id: created.id, label: email },
          before: null,
          after: {
            email,
            displayName: input.displayName,
            role: input.role,
            teams: names(teams),
            territories: names(territories),
            expiresAt: link.expiresAt.toISOString(),
          },
        });
        await emailService.enqueue(
          tx,
          email,
          emailTemplates.staffInvitation({
            url: link.url,
            displayName: input.displayName,
            invitedBy,
            role: input.role,
            expiresInDays: STAFF_INVITATION_DAYS,
          }),
        );
        return created;
      });
      emailService.notifyEnqueued();
      return invitationView(invitation);
    },

    /** A new link and 7 more days; the link sent before stops working. */
    async resendInvitation(actor: Actor, id: string): Promise<StaffInvitation> {
      const invitedBy = await nameOf(actor.accountId);
      const invitation = await db.transaction(async (tx) => {
        const current = await lockOpenInvitation(tx, id);
        if (await authService.findAccountByEmail(current.email, tx)) {
          throw conflict(STAFF_MESSAGES.emailTaken, 'email');
        }
        const link = newLink(clock.now());
        const renewed = await repository.replaceToken(tx, current.id, link);
        if (!renewed) throw errors.notFound();
        await audit.record(tx, {
          actor,
          action: 'staff.resend',
          target: { type: 'staff-invitation', id: current.id, label: current.email },
          before: { sentAt: current.sentAt.toISOString(), expiresAt: current.expiresAt.toISOString() },
          after: { sentAt: link.sentAt.toISOString(), expiresAt: link.expiresAt.toISOString() },
        });
        await emailService.enqueue(
          tx,
          current.email,
          emailTemplates.staffInvitation({
            url: link.url,
            displayName: current.displayName,
            invitedBy,
            role: current.role,
            expiresInDays: STAFF_INVITATION_DAYS,
          }),
        );
        return renewed;
      });
      emailService.notifyEnqueued();
      return invitationView(invitation);
    },

    async cancelInvitation(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await lockOpenInvitation(tx, id);
        const now = clock.now();
        await repository.cancel(tx, current.id, now);
        await audit.record(tx, {
          actor,
          action: 'staff.cancel',
          target: { type: 'staff-invitation', id: current.id, label: current.email },
          before: { status: current.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending' },
          after: { status: 'cancelled' },
        });
      });
    },

    /**
     * Changes a staff member's name, role, teams or territories. A role that takes no teams (or no
     * territories) leaves the person in none; the last active Admin keeps the role.
     */
    async update(
      actor: Actor,
      id: string,
      input: { displayName?: string; role?: MarketingRole; teamIds?: string[]; territoryIds?: string[] },
    ): Promise<StaffMember> {
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
          role,
          takes === 'teams' ? teamIds.length : (requestedTeams?.length ?? 0),
          takes === 'territories' ? territoryIds.length : (requestedTerritories?.length ?? 0),
        );
        const { teams, territories } = await checkedMemberships(tx, teamIds, territoryIds);

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
      return staffView(accountId);
    },

    /** The account can no longer sign in, and its sessions end at once. */
    async disable(actor: Actor, id: string): Promise<StaffMember> {
      const accountId = existingId(id);
      await db.transaction(async (tx) => {
        const admins = await authService.lockActiveAdmins(tx);
        const target = await authService.findStaffAccount(accountId, tx);
        if (!target) throw errors.notFound();
        if (target.id === actor.accountId) throw conflict(STAFF_MESSAGES.ownAccount);
        if (target.status === 'INACTIVE') throw conflict(STAFF_MESSAGES.alreadyDisabled);
        if (target.role === 'Admin' && admins.filter((adminId) => adminId !== target.id).length === 0) {
          throw conflict(STAFF_MESSAGES.lastAdmin);
        }
        await authService.disableAccount(tx, target.id);
        await audit.record(tx, {
          actor,
          action: 'staff.disable',
          target: { type: 'staff', id: target.id, label: target.email },
          before: { status: 'ACTIVE' },
          after: { status: 'INACTIVE', sessionsEnded: true },
        });
      });
      return staffView(accountId);
    },

    async enable(actor: Actor, id: string): Promise<StaffMember> {
      const accountId = existingId(id);
      await db.transaction(async (tx) => {
        const target = await authService.findStaffAccount(accountId, tx);
        if (!target) throw errors.notFound();
        if (target.status !== 'INACTIVE') throw conflict(STAFF_MESSAGES.alreadyActive);
        await authService.enableAccount(tx, target.id);
        await audit.record(tx, {
          actor,
          action: 'staff.enable',
          target: { type: 'staff', id: target.id, label: target.email },
          before: { status: 'INACTIVE' },
          after: { status: 'ACTIVE' },
        });
      });
      return staffView(accountId);
    },

    /** What the invitation page shows before the person chooses a password. */
    async invitationDetails(token: string, ip: string): Promise<InvitationDetails> {
      await limitPerAddress(ip);
      const invitation = await usableInvitation(token);
      return { email: invitation.email, displayName: invitation.displayName, role: invitation.role };
    },

    /**
     * Creates the account with the invitation's role, name, teams and territories, with the password
     * the person chose, and uses up the link: all in one transaction, so a refused password leaves the
     * link working.
     */
    async acceptInvitation(
      input: { token: string; password: string },
      request: { ip: string; requestId?: string },
    ): Promise<MessageResponse> {
      const { ip, requestId } = request;
      await limitPerAddress(ip);
      const invitation = await usableInvitation(input.token);
      await db.transaction(async (tx) => {
        if (!(await repository.accept(tx, invitation.id, clock.now()))) {
          const now = await repository.findInvitation(tx, invitation.id);
          if (!now) throw linkErrors.invalid();
          stillUsable(now);
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
    },
  };
}
