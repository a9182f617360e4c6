// zod/mini: the teams screen's form loads these schemas, and every page downloads the zod code that any
// page uses, so the full zod would push the sign-in page past its budget (DESIGN §3, ADR 009).
import { z } from 'zod/mini';
import { requiredString } from '../rules/common-mini';
import { maxLengthMessage } from '../rules/messages';
import { ACCOUNT_ROLES } from '../vocabulary/roles';
import { schema } from './build-schema';
import { isUuid, pagedResponseSchema, pageQueryFields } from './lists';

export const TEAM_NAME_MAX_LENGTH = 100;
/** More members than any team has; a longer list is a mistake, not a team. */
export const TEAM_MAX_MEMBERS = 500;

// Not in the spec: the teams screen's own messages.
export const TEAM_MESSAGES = {
  duplicateName: 'A team with this name already exists',
  archived: 'This team is archived and can no longer be changed.',
  alreadyArchived: 'This team is already archived.',
  memberNotStaff: 'Only active staff members can join a team',
  memberUnknown: 'Choose staff members from the list',
  tooManyMembers: `A team can have at most ${TEAM_MAX_MEMBERS} members`,
} as const;

/** `?includeArchived=true` adds archived teams to the list; without it the list shows live ones only. */
export const teamListQuerySchema = schema(() =>
  z.object({
    ...pageQueryFields,
    includeArchived: z.optional(
      z.enum(['true', 'false'], { error: 'includeArchived must be true or false.' }),
    ),
  }),
);
export type TeamListQuery = z.infer<typeof teamListQuerySchema>;

export const teamNameSchema = schema(() =>
  requiredString().check(
    z.maxLength(TEAM_NAME_MAX_LENGTH, { error: maxLengthMessage(TEAM_NAME_MAX_LENGTH) }),
  ),
);

/** Creating a team and renaming one take the same body. */
export const teamBodySchema = schema(() => z.object({ name: teamNameSchema }));
export type TeamBody = z.infer<typeof teamBodySchema>;

/** The whole new member list; the message lands on `accountIds` itself, whichever entry is wrong. */
export const teamMembersBodySchema = schema(() =>
  z.object({
    accountIds: z
      .array(
        z
          .string({ error: TEAM_MESSAGES.memberUnknown })
          .check(z.maxLength(100, { error: TEAM_MESSAGES.memberUnknown })),
        { error: TEAM_MESSAGES.memberUnknown },
      )
      .check(
        z.maxLength(TEAM_MAX_MEMBERS, { error: TEAM_MESSAGES.tooManyMembers, abort: true }),
        z.refine((ids) => ids.every(isUuid), { error: TEAM_MESSAGES.memberUnknown }),
      ),
  }),
);
export type TeamMembersBody = z.infer<typeof teamMembersBodySchema>;

export const teamListItemSchema = schema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    archived: z.boolean(),
    memberCount: z.number().check(z.int()),
    /** ISO 8601, UTC. */
    createdAt: z.string(),
  }),
);
export type TeamListItem = z.infer<typeof teamListItemSchema>;

/** A member as the team shows them: `name` is the display name, or the email without one. */
export const teamMemberSchema = schema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ACCOUNT_ROLES),
    /** False for a disabled account (or one that is no longer staff): it must be removed before saving. */
    active: z.boolean(),
  }),
);
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamDetailSchema = schema(() =>
  z.extend(teamListItemSchema, { members: z.array(teamMemberSchema) }),
);
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const teamListResponseSchema = schema(() => pagedResponseSchema(teamListItemSchema));
export type TeamListResponse = z.infer<typeof teamListResponseSchema>;
