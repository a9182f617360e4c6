// zod/mini, like the other contracts the creator's pages load (ADR 009).
import { z } from 'zod/mini';
import { PLATFORM_LABELS, type MarketingPlatform } from '../vocabulary/platforms';
import { RSVP_STATUSES } from '../vocabulary/campaign';
import { schema } from './build-schema';
import { isUuid, pagedResponseSchema, pageQueryFields } from './lists';

/** The most creators one invitation request may name. */
export const RSVP_INVITE_MAX = 100;

// Not in the spec: what creators and staff read when an RSVP cannot move.
export const RSVP_MESSAGES = {
  campaignUnknown: 'Choose a campaign',
  creatorUnknown: 'Choose a creator',
  answerRequired: 'Accept or decline the invitation',
  inviteOnly: 'This campaign is by invitation only.',
  openToAll: 'This campaign is open to every eligible creator: there is nobody to invite.',
  notRunning: 'This campaign has ended: it takes no one new.',
  paused: 'This campaign is paused: it takes no one new until it resumes.',
  notPublished: 'Invite creators once the campaign is published.',
  creatorNotEligible: 'This creator cannot take part: they are not active in the campaign’s territories.',
  handleNeeded: (platform: MarketingPlatform) =>
    `Add your ${PLATFORM_LABELS[platform]} handle to your profile to join this campaign.`,
  notAllowed: 'That is not possible for this creator now.',
  inviteRequired: 'Choose at least one creator to invite',
  tooManyInvites: `Invite at most ${RSVP_INVITE_MAX} creators at a time`,
} as const;

const uuid = (message: string) => z.string({ error: message }).check(z.refine(isUuid, { error: message }));

/** A creator's place in a campaign, as the creator's app and the console read it. */
export const rsvpSchema = schema(() =>
  z.object({
    id: z.string(),
    campaignId: z.string(),
    creatorId: z.string(),
    status: z.enum(RSVP_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Rsvp = z.infer<typeof rsvpSchema>;

/** POST /server-api/campaigns/rsvp and /rsvp/search (SPEC §7): campaignId and creatorId. */
export const rsvpBodySchema = schema(() =>
  z.object({
    campaignId: uuid(RSVP_MESSAGES.campaignUnknown),
    creatorId: uuid(RSVP_MESSAGES.creatorUnknown),
  }),
);
export type RsvpBody = z.infer<typeof rsvpBodySchema>;

/** PATCH /server-api/campaigns/rsvp/{id}: the creator's answer to an invitation. */
export const rsvpAnswerBodySchema = schema(() =>
  z.object({ status: z.enum(['ACCEPT', 'DECLINE'], { error: RSVP_MESSAGES.answerRequired }) }),
);
export type RsvpAnswerBody = z.infer<typeof rsvpAnswerBodySchema>;

/** POST /server-api/campaigns/rsvp/search: the RSVP it finds, in `data` (none or one). */
export const rsvpSearchResponseSchema = schema(() => z.object({ data: z.array(rsvpSchema) }));

/** The invitations a creator can still answer, for their home screen. */
export const creatorInvitationSchema = schema(() =>
  z.object({
    rsvp: rsvpSchema,
    campaign: z.object({ id: z.string(), name: z.string(), brandOrArtist: z.string(), endsAt: z.string() }),
  }),
);
export type CreatorInvitation = z.infer<typeof creatorInvitationSchema>;
export const creatorInvitationsResponseSchema = schema(() =>
  z.object({ data: z.array(creatorInvitationSchema) }),
);

/** The console's list of a campaign's creators: who joined, who is invited and how they answered. */
export const campaignRsvpListQuerySchema = schema(() =>
  z.object({
    ...pageQueryFields,
    status: z.optional(z.enum(RSVP_STATUSES, { error: 'Choose an RSVP status' })),
  }),
);
export type CampaignRsvpListQuery = z.infer<typeof campaignRsvpListQuerySchema>;

export const campaignRsvpSchema = schema(() =>
  z.object({
    ...rsvpSchema.shape,
    creator: z.object({
      id: z.string(),
      name: z.nullable(z.string()),
      /** The creator's handle on the campaign's platform, if they have one. */
      handle: z.nullable(z.string()),
    }),
  }),
);
export type CampaignRsvp = z.infer<typeof campaignRsvpSchema>;
export const campaignRsvpListResponseSchema = schema(() => pagedResponseSchema(campaignRsvpSchema));

/** POST /server-api/marketing/campaigns/{id}/invitations: invite creators to a BESPOKE campaign. */
export const campaignInviteBodySchema = schema(() =>
  z.object({
    creatorIds: z
      .array(uuid(RSVP_MESSAGES.creatorUnknown), { error: RSVP_MESSAGES.inviteRequired })
      .check(
        z.minLength(1, { error: RSVP_MESSAGES.inviteRequired }),
        z.maxLength(RSVP_INVITE_MAX, { error: RSVP_MESSAGES.tooManyInvites }),
      ),
  }),
);
export type CampaignInviteBody = z.infer<typeof campaignInviteBodySchema>;
export const campaignInviteResponseSchema = schema(() => z.object({ invited: z.array(rsvpSchema) }));

/** The staff moves on one RSVP, each a route of its own: /rsvps/{rsvpId}/{move}. */
export const STAFF_RSVP_MOVES = ['reinvite', 'uninvite', 'unselect'] as const;
export type StaffRsvpMove = (typeof STAFF_RSVP_MOVES)[number];
export const campaignRsvpParamsSchema = schema(() =>
  z.object({ id: z.string().check(z.maxLength(100)), rsvpId: z.string().check(z.maxLength(100)) }),
);

/** The creators staff may invite to a campaign: ACTIVE, living where it runs, found by name or handle. */
export const eligibleCreatorListQuerySchema = schema(() =>
  z.object({
    ...pageQueryFields,
    genreId: z.optional(uuid('Choose a genre')),
  }),
);
export type EligibleCreatorListQuery = z.infer<typeof eligibleCreatorListQuerySchema>;

export const eligibleCreatorSchema = schema(() =>
  z.object({
    id: z.string(),
    name: z.nullable(z.string()),
    country: z.nullable(z.string()),
    /** Their handle on the campaign's platform; without one they can be invited but must add it to accept. */
    handle: z.nullable(z.string()),
    /** Where they stand in this campaign already, if anywhere. */
    rsvpStatus: z.nullable(z.enum(RSVP_STATUSES)),
  }),
);
export type EligibleCreator = z.infer<typeof eligibleCreatorSchema>;
export const eligibleCreatorListResponseSchema = schema(() => pagedResponseSchema(eligibleCreatorSchema));
