// zod/mini rather than zod: the Staff screen loads these schemas, and the full zod would push it past its
// budget (DESIGN §3, ADR 009). Accepting an invitation has a contract of its own (invitation.ts). The server adds the paging
// query of lists.ts (full zod) to the staff list's filter; the paged answers are described here.
import { z } from 'zod/mini';
import { emailSchema } from '../rules/email';
import { hasUnpairedSurrogates } from '../rules/control-characters';
import { maxLengthMessage, REQUIRED_MESSAGE, UNPAIRED_SURROGATES_MESSAGE } from '../rules/messages';
import { MARKETING_ROLES, STAFF_ROLE_LABELS, type MarketingRole } from '../vocabulary/roles';
import { INVITATION_MESSAGES } from './invitation';

/** Roles whose grants reach their teams' campaigns: they belong to at least one team. */
export const TEAM_ROLES: readonly MarketingRole[] = ['CampaignManager', 'CampaignMarketer', 'CampaignViewer'];
/** Roles whose grants reach their territories: they manage at least one territory. */
export const TERRITORY_ROLES: readonly MarketingRole[] = ['TerritoryManager'];

export const isMarketingRole = (value: unknown): value is MarketingRole =>
  typeof value === 'string' && (MARKETING_ROLES as readonly string[]).includes(value);

/** What a role is attached to: teams, territories, or neither (its grants reach everything). */
export function roleMemberships(role: MarketingRole): 'teams' | 'territories' | 'none' {
  if (TEAM_ROLES.includes(role)) return 'teams';
  if (TERRITORY_ROLES.includes(role)) return 'territories';
  return 'none';
}

export const STAFF_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const INVITATION_STATUSES = ['pending', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const STAFF_NAME_MAX_LENGTH = 100;
/** More teams or territories than anyone works in; it bounds what one request may ask for. */
export const STAFF_MEMBERSHIPS_MAX = 50;
/** How long an invitation link works. */
export const STAFF_INVITATION_DAYS = 7;

/** 'a campaign manager', 'an admin'. */
const aRole = (role: MarketingRole) => {
  const label = STAFF_ROLE_LABELS[role].toLowerCase();
  return `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
};
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const STAFF_MESSAGES = {
  ...INVITATION_MESSAGES,
  roleInvalid: 'Choose a role from the list.',
  nameOnOneLine: 'Write the name on one line.',
  teamInvalid: 'Choose teams from the list.',
  territoryInvalid: 'Choose territories from the list.',
  tooManyTeams: `Choose at most ${STAFF_MEMBERSHIPS_MAX} teams.`,
  tooManyTerritories: `Choose at most ${STAFF_MEMBERSHIPS_MAX} territories.`,
  teamsRequired: (role: MarketingRole) =>
    `${capitalised(aRole(role))} works on the campaigns of their teams: choose at least one team.`,
  teamsNotTaken: (role: MarketingRole) =>
    `Only campaign managers, marketers and viewers belong to teams, not ${aRole(role)}: remove the teams.`,
  territoriesRequired: 'A territory manager looks after their territories: choose at least one territory.',
  territoriesNotTaken: (role: MarketingRole) =>
    `Only territory managers have territories, not ${aRole(role)}: remove the territories.`,
  teamGone: 'One of the chosen teams no longer exists or was archived. Choose the teams again.',
  territoryGone:
    'One of the chosen territories no longer exists or is inactive. Choose the territories again.',
  nothingToChange: 'Change the name, the role, the teams or the territories.',
  emailTaken: 'Someone already has an account with this email.',
  invitationPending:
    'An invitation to this email is already waiting to be accepted. Re-send it from the invitations list instead.',
  invitationExpiredExists:
    'An earlier invitation to this email has expired. Re-send it from the invitations list instead.',
  invitationAccepted: 'This invitation has already been accepted.',
  invitationCancelled: 'This invitation was cancelled. Send a new invitation instead.',
  lastAdmin: 'There must always be at least one active Admin.',
  ownAccount: 'You cannot disable your own account.',
  alreadyDisabled: 'This account is already disabled.',
  alreadyActive: 'This account is already active.',
} as const;

/**
 * Builds a schema once. Marked free of side effects so that the web app's bundles keep only the schemas
 * its pages use (the forms'), and only the parts of zod those need: the server's schemas stay out.
 */
/* @__NO_SIDE_EFFECTS__ */
function schema<Schema>(build: () => Schema): Schema {
  return build();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const displayNameSchema = schema(() =>
  z.string({ error: REQUIRED_MESSAGE }).check(
    z.trim(),
    z.minLength(1, { error: REQUIRED_MESSAGE }),
    z.maxLength(STAFF_NAME_MAX_LENGTH, { error: maxLengthMessage(STAFF_NAME_MAX_LENGTH) }),
    z.refine((name) => !/[\r\n\t]/.test(name), { error: STAFF_MESSAGES.nameOnOneLine }),
    z.refine((value) => !hasUnpairedSurrogates(value), { error: UNPAIRED_SURROGATES_MESSAGE }),
  ),
);

const roleSchema = schema(() => z.enum(MARKETING_ROLES, { error: STAFF_MESSAGES.roleInvalid }));

const idListSchema = (invalid: string, tooMany: string) =>
  z
    .array(z.string({ error: invalid }).check(z.regex(UUID, { error: invalid })), { error: invalid })
    .check(z.maxLength(STAFF_MEMBERSHIPS_MAX, { error: tooMany }));
const teamIdsSchema = schema(() => idListSchema(STAFF_MESSAGES.teamInvalid, STAFF_MESSAGES.tooManyTeams));
const territoryIdsSchema = schema(() =>
  idListSchema(STAFF_MESSAGES.territoryInvalid, STAFF_MESSAGES.tooManyTerritories),
);

export type MembershipProblem = { kind: 'teams' | 'territories'; message: string };

/**
 * The rule of SPEC §6's scopes for one role: team roles need a team, territory managers a territory, and
 * no role takes what its grants do not use. Shared by the invitation, the edit and the server's checks.
 */
export function membershipProblems(
  role: MarketingRole,
  teamCount: number,
  territoryCount: number,
): MembershipProblem[] {
  const problems: MembershipProblem[] = [];
  const kind = roleMemberships(role);
  if (kind === 'teams' && teamCount === 0)
    problems.push({ kind: 'teams', message: STAFF_MESSAGES.teamsRequired(role) });
  if (kind !== 'teams' && teamCount > 0)
    problems.push({ kind: 'teams', message: STAFF_MESSAGES.teamsNotTaken(role) });
  if (kind === 'territories' && territoryCount === 0)
    problems.push({ kind: 'territories', message: STAFF_MESSAGES.territoriesRequired });
  if (kind !== 'territories' && territoryCount > 0)
    problems.push({ kind: 'territories', message: STAFF_MESSAGES.territoriesNotTaken(role) });
  return problems;
}

/** The membership rule on an object whose teams and territories sit under the given keys. */
function membershipRule<TeamsKey extends string, TerritoriesKey extends string>(
  teamsKey: TeamsKey,
  territoriesKey: TerritoriesKey,
) {
  type Shape = { role: unknown } & Record<TeamsKey | TerritoriesKey, unknown>;
  const checkable = (value: unknown): value is { role: MarketingRole } & Record<string, unknown[]> => {
    if (typeof value !== 'object' || value === null) return false;
    const record = value as Record<string, unknown>;
    return (
      isMarketingRole(record.role) &&
      Array.isArray(record[teamsKey] ?? []) &&
      Array.isArray(record[territoriesKey] ?? [])
    );
  };
  return z.superRefine<Shape>(
    (value, context) => {
      if (!checkable(value)) return;
      const teams = value[teamsKey] ?? [];
      const territories = value[territoriesKey] ?? [];
      for (const problem of membershipProblems(value.role, teams.length, territories.length)) {
        context.addIssue({
          code: 'custom',
          message: problem.message,
          path: [problem.kind === 'teams' ? teamsKey : territoriesKey],
        });
      }
    },
    // Checked alongside other fields' problems, so the form shows every message at once.
    { when: (payload) => checkable(payload.value) },
  );
}

// ---- Invitations (console) ----

export const inviteStaffBodySchema = schema(() =>
  z
    .object({
      email: emailSchema(),
      displayName: displayNameSchema,
      role: roleSchema,
      teamIds: z._default(teamIdsSchema, () => []),
      territoryIds: z._default(territoryIdsSchema, () => []),
    })
    .check(membershipRule('teamIds', 'territoryIds')),
);
export type InviteStaffBody = z.input<typeof inviteStaffBodySchema>;

const chosenItemSchema = schema(() => z.object({ id: z.string(), name: z.string() }));

/** The invitation form: teams and territories as the dropdowns hold them (id and name). */
export const inviteStaffFormSchema = schema(() =>
  z
    .object({
      email: emailSchema(),
      displayName: displayNameSchema,
      role: roleSchema,
      teams: z.array(chosenItemSchema),
      territories: z.array(chosenItemSchema),
    })
    .check(membershipRule('teams', 'territories')),
);
export type InviteStaffFormValues = z.input<typeof inviteStaffFormSchema>;

const membershipSummarySchema = schema(() => z.object({ id: z.string(), name: z.string() }));

/** A page of a list, as pagedResponseSchema of lists.ts describes it, in zod/mini. */
const paged = <Item extends z.ZodMiniType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().check(z.int()),
    page: z.number().check(z.int()),
    pageSize: z.number().check(z.int()),
  });
export type MembershipSummary = z.infer<typeof membershipSummarySchema>;

export const staffInvitationSchema = schema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    role: z.enum(MARKETING_ROLES),
    teams: z.array(membershipSummarySchema),
    territories: z.array(membershipSummarySchema),
    /** Who sent it, by name (or email when they have no name); null once that account is gone. */
    invitedBy: z.nullable(z.string()),
    sentAt: z.string().check(z.describe('ISO 8601, UTC')),
    expiresAt: z.string().check(z.describe('ISO 8601, UTC')),
    status: z.enum(INVITATION_STATUSES),
  }),
);
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffInvitationListResponseSchema = schema(() => paged(staffInvitationSchema));
export type StaffInvitationListResponse = z.infer<typeof staffInvitationListResponseSchema>;

// ---- Staff accounts (console) ----

/** The filters of the staff list beside paging and search (pageQuerySchema). */
export const staffListFilterSchema = schema(() =>
  z.object({
    status: z.optional(z.enum(STAFF_STATUSES, { error: 'Status must be ACTIVE or INACTIVE.' })),
  }),
);
export type StaffListFilter = z.infer<typeof staffListFilterSchema>;

export const staffMemberSchema = schema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    displayName: z.nullable(z.string()),
    role: z.enum(MARKETING_ROLES),
    status: z.enum(STAFF_STATUSES),
    teams: z.array(membershipSummarySchema),
    territories: z.array(membershipSummarySchema),
    lastSignedInAt: z.nullable(z.string().check(z.describe('ISO 8601, UTC'))),
    createdAt: z.string().check(z.describe('ISO 8601, UTC')),
  }),
);
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListResponseSchema = schema(() => paged(staffMemberSchema));
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

/**
 * A change to a staff member: any of the name, the role, and the complete lists of their teams and
 * territories. A role change applies from the person's next request; a role that takes no teams (or no
 * territories) leaves the person in none.
 */
export const updateStaffBodySchema = schema(() =>
  z
    .object({
      displayName: z.optional(displayNameSchema),
      role: z.optional(roleSchema),
      teamIds: z.optional(teamIdsSchema),
      territoryIds: z.optional(territoryIdsSchema),
    })
    .check(
      z.refine(
        (value) =>
          value.displayName !== undefined ||
          value.role !== undefined ||
          value.teamIds !== undefined ||
          value.territoryIds !== undefined,
        { error: STAFF_MESSAGES.nothingToChange },
      ),
    ),
);
export type UpdateStaffBody = z.input<typeof updateStaffBodySchema>;

/** The change-role form: teams and territories as the dropdowns hold them. */
export const changeStaffRoleFormSchema = schema(() =>
  z
    .object({
      displayName: displayNameSchema,
      role: roleSchema,
      teams: z.array(chosenItemSchema),
      territories: z.array(chosenItemSchema),
    })
    .check(membershipRule('teams', 'territories')),
);
export type ChangeStaffRoleFormValues = z.input<typeof changeStaffRoleFormSchema>;

/** At most this many people answer one search of the staff directory. */
export const STAFF_DIRECTORY_LIMIT = 20;

/**
 * The console's people picker: active staff found by name or email. Any staff member may search it, so a
 * CampaignManager can add colleagues to their team and a TerritoryManager name co-managers, without
 * reading the Staff list (READ USER) with its statuses and sign-in times.
 */
export const staffDirectoryQuerySchema = schema(() =>
  z.object({
    search: z.optional(z.string().check(z.maxLength(200, 'Search must be at most 200 characters.'))),
  }),
);
export type StaffDirectoryQuery = z.infer<typeof staffDirectoryQuerySchema>;

export const staffDirectoryEntrySchema = schema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    displayName: z.nullable(z.string()),
    role: z.enum(MARKETING_ROLES),
  }),
);
export type StaffDirectoryEntry = z.infer<typeof staffDirectoryEntrySchema>;

export const staffDirectoryResponseSchema = schema(() =>
  z.object({ items: z.array(staffDirectoryEntrySchema) }),
);
export type StaffDirectoryResponse = z.infer<typeof staffDirectoryResponseSchema>;
