// zod/mini, as every contract the web app loads (lists.ts explains the budget).
import { z } from 'zod/mini';
import { CREATOR_PLATFORMS, PLATFORM_LABELS, type CreatorPlatform } from '../vocabulary/platforms';
import {
  HANDLE_VERIFICATION_METHODS,
  HANDLE_VERIFICATION_STATUSES,
  ORIGINALITY_STATUSES,
} from '../vocabulary/verification';
import { schema } from './build-schema';

/** A screen recording of the logged-in profile: what Support can open in a browser. */
export const HANDLE_EVIDENCE_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export const HANDLE_EVIDENCE_MAX_BYTES = 100 * 1024 * 1024;
export const HANDLE_REFUSAL_MAX_LENGTH = 500;

const at = (platform: CreatorPlatform, handle: string) => `@${handle} on ${PLATFORM_LABELS[platform]}`;

export const HANDLE_VERIFICATION_MESSAGES = {
  noHandle: 'Add a handle for this platform to your profile first.',
  codeFound: (platform: CreatorPlatform, handle: string) =>
    `${at(platform, handle)} is verified. You can take the code out of your bio now.`,
  codeNotFound: (platform: CreatorPlatform, handle: string, code: string) =>
    `We could not find ${code} in the bio of ${at(platform, handle)}. Add it to your bio, save it, and check again.`,
  codeExpired: 'This code has expired. Ask for a new one.',
  noCode: 'Ask for a code first.',
  accountNotFound: (platform: CreatorPlatform, handle: string) =>
    `${PLATFORM_LABELS[platform]} has no account @${handle}. Check the handle on your profile.`,
  biosUnreadable: (platform: CreatorPlatform) =>
    `${PLATFORM_LABELS[platform]} bios cannot be read on this install. Send evidence instead.`,
  platformUnavailable: (platform: CreatorPlatform) =>
    `${PLATFORM_LABELS[platform]} did not answer. Please try again in a few minutes.`,
  alreadyVerified: 'This handle is already verified.',
  verifiedByAnother:
    'This account has already been verified by another creator. If it is yours, contact Support.',
  oauthNotOffered: (platform: CreatorPlatform) =>
    `Connecting a ${PLATFORM_LABELS[platform]} account is not available on this install.`,
  oauthFailed: (platform: CreatorPlatform) =>
    `${PLATFORM_LABELS[platform]} did not confirm the connection. Please start again.`,
  oauthRoundTripOver: 'This connection has expired or was already used. Please start again.',
  oauthOtherAccount: (platform: CreatorPlatform, handle: string, connected: string) =>
    `You connected @${connected}, but your profile names @${handle} on ${PLATFORM_LABELS[platform]}. Connect that account, or change the handle on your profile.`,
  evidenceNotUploaded: 'Upload your screen recording first.',
  evidenceWrongType: 'The recording must be an MP4, MOV or WebM video.',
  evidencePending: 'Support is already looking at your evidence for this handle.',
  evidenceDecided: 'This evidence has already been decided.',
  refusalReasonRequired: 'Give the reason the evidence does not show the account is theirs',
  refusalReasonTooLong: `You cannot enter more than ${HANDLE_REFUSAL_MAX_LENGTH} characters`,
  handleChanged:
    'The creator has changed this handle since the evidence was sent: the evidence no longer applies to it.',
  /** Why an entry cannot be approved while its account is unproven (409). */
  /** Why an entry whose video resembles another cannot be approved until a reviewer clears it (409). */
  entryVideoMatched:
    'This video closely resembles another video: compare them side by side, then clear it before approving.',
  entryAccountUnverified: (platform: CreatorPlatform, handle: string) =>
    `${at(platform, handle)} has not been verified as the creator’s own account, so this entry cannot be approved yet. The creator can verify it from their profile.`,
} as const;

const platformSchema = z.enum(CREATOR_PLATFORMS);

/** The latest attempt at proving a handle, as the creator and staff see it. */
export const handleVerificationAttemptSchema = schema(() =>
  z.object({
    id: z.string(),
    method: z.enum(HANDLE_VERIFICATION_METHODS),
    status: z.enum(HANDLE_VERIFICATION_STATUSES),
    /** The code to place in the bio (BIO_CODE while PENDING). */
    code: z.nullable(z.string()),
    /** Why Support refused the evidence, or why the platform's answer did not prove the handle. */
    reason: z.nullable(z.string()),
    createdAt: z.string(),
    expiresAt: z.nullable(z.string()),
  }),
);

/** One of the creator's handles: verified or not, and what this install can do to verify it. */
export const handleVerificationSchema = schema(() =>
  z.object({
    platform: platformSchema,
    handle: z.string(),
    verified: z.nullable(
      z.object({
        method: z.enum(HANDLE_VERIFICATION_METHODS),
        at: z.string(),
        /** The platform's own id of the account, where the proof named one. */
        accountId: z.nullable(z.string()),
        /** The staff member who accepted the evidence; null when the platform answered. */
        by: z.nullable(z.string()),
      }),
    ),
    latestAttempt: z.nullable(handleVerificationAttemptSchema),
    /** The ways open on this install for this platform. */
    ways: z.object({ oauth: z.boolean(), bioCode: z.boolean(), evidence: z.boolean() }),
  }),
);
export type HandleVerification = z.infer<typeof handleVerificationSchema>;

export const handleVerificationListSchema = schema(() =>
  z.object({ items: z.array(handleVerificationSchema) }),
);
export type HandleVerificationList = z.infer<typeof handleVerificationListSchema>;

export const handlePlatformParamsSchema = schema(() => z.object({ platform: platformSchema }));

/** POST …/evidence-upload: the recording the creator is about to upload. */
export const handleEvidenceUploadBodySchema = schema(() =>
  z.strictObject({
    contentType: z.enum(HANDLE_EVIDENCE_TYPES, { error: HANDLE_VERIFICATION_MESSAGES.evidenceWrongType }),
    size: z.number().check(z.int(), z.positive(), z.maximum(HANDLE_EVIDENCE_MAX_BYTES)),
  }),
);
export type HandleEvidenceUploadBody = z.infer<typeof handleEvidenceUploadBodySchema>;

export const handleEvidenceUploadSchema = schema(() =>
  z.object({ uploadUrl: z.string(), attemptId: z.string(), maxBytes: z.number() }),
);

/** POST …/oauth/start answers where to send the creator; POST …/oauth/finish brings back what the platform gave. */
export const handleOAuthStartSchema = schema(() => z.object({ authorizationUrl: z.string() }));
export const handleOAuthFinishBodySchema = schema(() =>
  z.strictObject({
    state: z.string().check(z.minLength(1), z.maxLength(200)),
    code: z.string().check(z.minLength(1), z.maxLength(2000)),
  }),
);

/** Support's decision on a creator's evidence. */
export const handleEvidenceDecisionBodySchema = schema(() =>
  z.discriminatedUnion('decision', [
    z.strictObject({ decision: z.literal('VERIFY') }),
    z.strictObject({
      decision: z.literal('REFUSE'),
      reason: z.string().check(
        z.trim(),
        z.minLength(1, { error: HANDLE_VERIFICATION_MESSAGES.refusalReasonRequired }),
        z.maxLength(HANDLE_REFUSAL_MAX_LENGTH, {
          error: HANDLE_VERIFICATION_MESSAGES.refusalReasonTooLong,
        }),
      ),
    }),
  ]),
);
export type HandleEvidenceDecisionBody = z.infer<typeof handleEvidenceDecisionBodySchema>;

/** A piece of evidence in Support's queue. */
export const handleEvidenceReviewSchema = schema(() =>
  z.object({
    id: z.string(),
    creator: z.object({ id: z.string(), name: z.nullable(z.string()), email: z.string() }),
    platform: platformSchema,
    handle: z.string(),
    status: z.enum(HANDLE_VERIFICATION_STATUSES),
    reason: z.nullable(z.string()),
    createdAt: z.string(),
    decidedBy: z.nullable(z.string()),
    decidedAt: z.nullable(z.string()),
    /** A short-lived link to the recording (only on the detail). */
    evidenceUrl: z.nullable(z.string()),
  }),
);
export type HandleEvidenceReview = z.infer<typeof handleEvidenceReviewSchema>;

export const handleEvidenceQueueSchema = schema(() =>
  z.object({ items: z.array(handleEvidenceReviewSchema) }),
);

export const handleEvidenceQueueQuerySchema = schema(() =>
  z.object({ status: z._default(z.enum(HANDLE_VERIFICATION_STATUSES), 'PENDING') }),
);

/**
 * What a reviewer needs to decide an entry in one look (ADR 036): whether the account that posted it is
 * proven the creator's and how, when the platform says it was published, and for an uploaded video how it
 * compares with every other entry and the campaign's own footage.
 */
export const entryCheckSchema = schema(() =>
  z.object({
    entryId: z.string(),
    account: z.object({
      handle: z.nullable(z.string()),
      verified: z.nullable(
        z.object({
          method: z.enum(HANDLE_VERIFICATION_METHODS),
          at: z.string(),
          accountId: z.nullable(z.string()),
        }),
      ),
    }),
    post: z.nullable(
      z.object({
        publishedAt: z.nullable(z.string()),
        /** The platform's id of the account that published it, where the platform said. */
        authorAccountId: z.nullable(z.string()),
        /** Which reader said so; null where no platform could be asked. */
        source: z.nullable(z.string()),
      }),
    ),
    originality: z.nullable(
      z.object({
        status: z.enum(ORIGINALITY_STATUSES),
        /** 0 the same video … 1 unrelated; the closest other video's. */
        distance: z.nullable(z.number()),
        /** What it resembles: another creator's entry or the campaign's own footage. */
        closest: z.nullable(
          z.object({
            kind: z.enum(['ENTRY', 'CAMPAIGN_FOOTAGE']),
            entryId: z.nullable(z.string()),
            campaignId: z.string(),
            campaignName: z.string(),
            creatorName: z.nullable(z.string()),
            /** A short-lived link to the other video, to watch side by side. */
            videoUrl: z.nullable(z.string()),
            posterUrl: z.nullable(z.string()),
          }),
        ),
        /** Why no fingerprint could be taken (UNAVAILABLE). */
        reason: z.nullable(z.string()),
        posterUrl: z.nullable(z.string()),
        clearedBy: z.nullable(z.string()),
      }),
    ),
  }),
);
export type EntryCheck = z.infer<typeof entryCheckSchema>;

export const entryChecksSchema = schema(() => z.object({ items: z.array(entryCheckSchema) }));
export type EntryChecks = z.infer<typeof entryChecksSchema>;
