// zod/mini, like the other contracts the creator's pages load (ADR 009).
import { z } from 'zod/mini';
import { ENTRY_STATUSES } from '../machines/entry';
import { LINK_MAX_LENGTH } from '../rules/constants';
import { FILE_UPLOAD_MESSAGES, maxLengthMessage } from '../rules/messages';
import { CREATOR_PLATFORMS, MARKETING_PLATFORMS } from '../vocabulary/platforms';
import { AUTH_MESSAGES } from './auth-codes';
import { schema } from './build-schema';
import { isUuid, pagedResponseSchema, pageQueryFields } from './lists';

/** Why staff reject an entry: the creator reads it, and can revise the entry and send it again. */
export const ENTRY_REJECTION_REASONS = [
  'WRONG_PLATFORM',
  'REQUIREMENTS_NOT_MET',
  'LOW_QUALITY',
  'NOT_ORIGINAL',
  'NOT_OWN_POST',
  'OTHER',
] as const;
export type EntryRejectionReason = (typeof ENTRY_REJECTION_REASONS)[number];

export const ENTRY_REJECTION_LABELS: Readonly<Record<EntryRejectionReason, string>> = {
  WRONG_PLATFORM: 'Posted on the wrong platform',
  REQUIREMENTS_NOT_MET: 'Does not meet the campaign’s requirements',
  LOW_QUALITY: 'Quality too low',
  NOT_ORIGINAL: 'Not original content',
  NOT_OWN_POST: 'Not the creator’s own post',
  OTHER: 'Another reason',
};

export const ENTRY_REJECTION_NOTE_MAX_LENGTH = 500;

/** The most a reviewer may write when asking for changes to an entry. */
export const ENTRY_CHANGE_REQUEST_MAX_LENGTH = 1000;

/**
 * What named the account that posted an entry's post when it was entered: the platform's own answer
 * (oEmbed, where previews are on), or the post's link itself (TikTok's `/@username/video/…`).
 */
export const POST_ACCOUNT_SOURCES = ['PLATFORM', 'LINK'] as const;
export type PostAccountSource = (typeof POST_ACCOUNT_SOURCES)[number];

/** The most entries one bulk review may name: a page of the queue. */
export const ENTRY_BULK_MAX = 100;

/** The error code a video upload answers with when the scan found a threat (upload state THREATHS_FOUND). */
export const VIDEO_THREAT_CODE = 'THREATS_FOUND';

/**
 * The codes an entry write can fail with that the creator's app words itself (SPEC §8): 16 when the
 * platform is too busy to take it, 8 when the post's handle is not one of the creator's.
 */
export const ENTRY_ERROR_CODES = { highTraffic: '16', handleNotMapped: '8' } as const;

export const ENTRY_MESSAGES = {
  highTraffic: 'Sorry, we are experiencing high traffic at the moment. Please try again in a few minutes.',
  // Not quoted by the spec, which says what it tells: the handle is not the creator's; use theirs.
  handleNotMapped:
    'This post’s handle is not mapped to your account. Please post from your own handle and use that link.',
  reasonRequired: 'Choose why the entry is rejected',
  noteRequired: 'Say what should change',
  postAlreadyEntered: 'This post has already been entered.',
  publishedBeforeStart: (publishedOn: string, startedOn: string) =>
    `This post was published on ${publishedOn}, before the campaign started on ${startedOn}. Enter a post you made for this campaign.`,
  campaignRequired: 'Choose a campaign',
  linkRequired: 'This field is required',
  notTakingPart: 'Join this campaign before you enter it.',
  notLive: 'Entries open when the campaign goes live, and close when it ends.',
  paused: 'This campaign is paused: it takes no new entries until it resumes.',
  notRevisable:
    'Only an entry that was rejected, or that a reviewer asked to change, can be changed and sent again.',
  changeNoteRequired: 'Say what the creator should change',
  changeNoteTooLong: `You cannot enter more than ${ENTRY_CHANGE_REQUEST_MAX_LENGTH} characters`,
  changeRequestsOff: 'This campaign does not ask for changes: approve or reject the entry instead.',
  changesOnlyWhileWaiting: 'Changes can be asked only of an entry waiting for review.',
  linkUnchecked: 'We could not check this link right now. Please try again in a few minutes.',
  linkOrVideo: 'Send a post link or a video, not both',
  videoNotUploaded: 'The video has not arrived. Please upload it again.',
  videoNotVideo: 'This file is not an MP4 or MOV video. Please choose another file.',
  videoThreat: 'This file cannot be accepted: our scan found a threat in it.',
  videoUnscanned: 'We could not check this file right now. Please try again in a few minutes.',
  sameKind: 'Change a post with another link, and a video with another video.',
  bulkRequired: 'Choose at least one entry',
  tooManyForBulk: `Choose at most ${ENTRY_BULK_MAX} entries at a time`,
} as const;

/**
 * What the creator reads when an entry write fails (SPEC §8): the server's message when it sent one;
 * for code 16 the high-traffic message and for code 8 the handle message; else the description, or
 * 'An unknown error occurred.'.
 */
export function entryFailureMessage(
  failure: { code?: string; message?: string; description?: string } | null,
): string {
  if (!failure) return AUTH_MESSAGES.unknownError;
  if (failure.code === ENTRY_ERROR_CODES.highTraffic) return ENTRY_MESSAGES.highTraffic;
  if (failure.code === ENTRY_ERROR_CODES.handleNotMapped) return ENTRY_MESSAGES.handleNotMapped;
  if (failure.message) return failure.message;
  return failure.description || AUTH_MESSAGES.unknownError;
}

/** A rejection as staff record it: a reason, and words of their own when it is OTHER. */
export const entryRejectionBodySchema = schema(() =>
  z
    .object({
      reason: z.enum(ENTRY_REJECTION_REASONS, { error: ENTRY_MESSAGES.reasonRequired }),
      note: z.optional(
        z.string().check(
          z.trim(),
          z.maxLength(ENTRY_REJECTION_NOTE_MAX_LENGTH, {
            error: `You cannot enter more than ${ENTRY_REJECTION_NOTE_MAX_LENGTH} characters`,
          }),
        ),
      ),
    })
    .check(
      z.superRefine((body, ctx) => {
        if (body.reason === 'OTHER' && !body.note) {
          ctx.addIssue({ code: 'custom', message: ENTRY_MESSAGES.noteRequired, path: ['note'], input: body });
        }
      }),
    ),
);
export type EntryRejectionBody = z.infer<typeof entryRejectionBodySchema>;

/**
 * POST …/marketing/campaigns/{id}/entries/{entryId}/request-changes: what the reviewer asks the creator to
 * change (ADR 037), which the creator reads on the entry and in their notification.
 */
export const entryChangeRequestBodySchema = schema(() =>
  z.object({
    note: z
      .string({ error: ENTRY_MESSAGES.changeNoteRequired })
      .check(
        z.trim(),
        z.minLength(1, { error: ENTRY_MESSAGES.changeNoteRequired }),
        z.maxLength(ENTRY_CHANGE_REQUEST_MAX_LENGTH, { error: ENTRY_MESSAGES.changeNoteTooLong }),
      ),
  }),
);
export type EntryChangeRequestBody = z.infer<typeof entryChangeRequestBodySchema>;

/** An entry as the creator and staff read it: a post link, or an uploaded video. */
export const entrySchema = schema(() =>
  z.object({
    id: z.string(),
    campaignId: z.string(),
    creatorId: z.string(),
    platform: z.enum(CREATOR_PLATFORMS),
    kind: z.enum(['POST', 'VIDEO']),
    postLink: z.nullable(z.string()),
    /** The uploaded video's key (SPEC §7's upload response), for VIDEO entries. */
    videoKey: z.nullable(z.string()),
    status: z.enum(ENTRY_STATUSES),
    rejection: z.nullable(
      z.object({ reason: z.enum(ENTRY_REJECTION_REASONS), note: z.nullable(z.string()) }),
    ),
    submittedAt: z.string(),
    /** When an entry waiting for review is approved on its own unless held (ADR 037); null for older ones. */
    reviewDueAt: z.nullable(z.string()),
    /** What the reviewer asked to change, while the entry is CHANGES_REQUESTED. */
    changeRequest: z.nullable(z.string()),
    /** Approved by its review deadline passing rather than by a reviewer. */
    autoApproved: z.boolean(),
    reviewedAt: z.nullable(z.string()),
  }),
);
export type Entry = z.infer<typeof entrySchema>;

/** GET /server-api/campaigns/{id}/entry-count (SPEC §3: campaignId and totalCount). */
export const entryCountSchema = schema(() => z.object({ campaignId: z.string(), totalCount: z.number() }));
export type EntryCount = z.infer<typeof entryCountSchema>;

const uuid = (message: string) => z.string({ error: message }).check(z.refine(isUuid, { error: message }));

/** A post link as any entry call takes it: at most 2000 characters anywhere (SPEC §9); the form allows 255. */
const postLinkField = () =>
  z
    .string({ error: ENTRY_MESSAGES.linkRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: ENTRY_MESSAGES.linkRequired }),
      z.maxLength(LINK_MAX_LENGTH, { error: maxLengthMessage(LINK_MAX_LENGTH) }),
    );

/** An uploaded video's key, as `GET …/{id}/ugc-upload-url` gave it (SPEC §3: url and key). */
const videoKeyField = () =>
  z
    .string({ error: FILE_UPLOAD_MESSAGES.missing })
    .check(
      z.minLength(1, { error: FILE_UPLOAD_MESSAGES.missing }),
      z.maxLength(300, { error: FILE_UPLOAD_MESSAGES.missing }),
    );

/** One of a post link and a video key, never both and never neither. */
const linkOrVideo = () =>
  z.superRefine((body: { postLink?: string | undefined; videoKey?: string | undefined }, ctx) => {
    if (body.postLink === undefined && body.videoKey === undefined) {
      ctx.addIssue({ code: 'custom', message: ENTRY_MESSAGES.linkRequired, path: ['postLink'], input: body });
    }
    if (body.postLink !== undefined && body.videoKey !== undefined) {
      ctx.addIssue({ code: 'custom', message: ENTRY_MESSAGES.linkOrVideo, path: ['videoKey'], input: body });
    }
  });

/**
 * POST /server-api/campaigns/entry (SPEC §3: campaignId, post link, platform): a post link, or the key of
 * a video uploaded to the URL `GET …/{id}/ugc-upload-url` signed.
 */
export const entryBodySchema = schema(() =>
  z
    .object({
      campaignId: uuid(ENTRY_MESSAGES.campaignRequired),
      postLink: z.optional(postLinkField()),
      videoKey: z.optional(videoKeyField()),
      platform: z.enum(MARKETING_PLATFORMS, { error: 'Choose a platform' }),
    })
    .check(linkOrVideo()),
);
export type EntryBody = z.infer<typeof entryBodySchema>;

/**
 * PATCH /server-api/campaigns/entry/{id}: a new post link or video for an entry rejected or asked to change,
 * reviewed again.
 */
export const entryReviseBodySchema = schema(() =>
  z
    .object({ postLink: z.optional(postLinkField()), videoKey: z.optional(videoKeyField()) })
    .check(linkOrVideo()),
);
export type EntryReviseBody = z.infer<typeof entryReviseBodySchema>;

/** GET /server-api/campaigns/{id}/ugc-upload-url (SPEC §7): where to PUT the video, and its key. */
export const ugcUploadSchema = schema(() => z.object({ url: z.string(), key: z.string() }));
export type UgcUpload = z.infer<typeof ugcUploadSchema>;

/** POST /server-api/campaigns/entry/search: the caller's entries to a campaign, in `data`. */
export const entrySearchBodySchema = schema(() =>
  z.object({ campaignId: uuid(ENTRY_MESSAGES.campaignRequired) }),
);
export const entryListResponseSchema = schema(() => z.object({ data: z.array(entrySchema) }));

/** The console's review queue of a campaign. */
export const campaignEntryListQuerySchema = schema(() =>
  z.object({
    ...pageQueryFields,
    status: z.optional(z.enum(ENTRY_STATUSES, { error: 'Choose an entry status' })),
  }),
);
export type CampaignEntryListQuery = z.infer<typeof campaignEntryListQuerySchema>;

export const campaignEntrySchema = schema(() =>
  z.object({
    ...entrySchema.shape,
    creator: z.object({ id: z.string(), name: z.nullable(z.string()), handle: z.nullable(z.string()) }),
    /**
     * The account that posted a POST entry's post, as the platform or the link named it (the creator's handle
     * on that platform then, or the entry was refused); null where nothing could tell, when the author was not
     * checked and the reviewer checks it, and for videos.
     */
    postAccount: z.nullable(z.object({ handle: z.string(), namedBy: z.enum(POST_ACCOUNT_SOURCES) })),
    /** Where staff watch a VIDEO entry: a link signed for them, or null. */
    videoUrl: z.nullable(z.string()),
  }),
);
export type CampaignEntry = z.infer<typeof campaignEntrySchema>;
export const campaignEntryListResponseSchema = schema(() => pagedResponseSchema(campaignEntrySchema));

/**
 * POST …/marketing/campaigns/{id}/entries/bulk-{approve|reject|archive}: one move for many entries of a
 * campaign. Each entry moves on its own; one that cannot (already reviewed, gone) is reported, not fatal.
 */
export const entryBulkBodySchema = schema(() =>
  z.object({
    entryIds: z
      .array(uuid(ENTRY_MESSAGES.bulkRequired))
      .check(
        z.minLength(1, { error: ENTRY_MESSAGES.bulkRequired }),
        z.maxLength(ENTRY_BULK_MAX, { error: ENTRY_MESSAGES.tooManyForBulk }),
      ),
  }),
);
export type EntryBulkBody = z.infer<typeof entryBulkBodySchema>;

export const entryBulkRejectBodySchema = schema(() =>
  z.object({ ...entryBulkBodySchema.shape, rejection: entryRejectionBodySchema }),
);
export type EntryBulkRejectBody = z.infer<typeof entryBulkRejectBodySchema>;

export const entryBulkResultSchema = schema(() =>
  z.object({
    results: z.array(
      z.object({
        entryId: z.string(),
        /** The entry as it is after the move, or null when it did not move. */
        entry: z.nullable(entrySchema),
        /** Why it did not move, in the words a single move would have answered. */
        message: z.nullable(z.string()),
      }),
    ),
  }),
);
export type EntryBulkResult = z.infer<typeof entryBulkResultSchema>;
