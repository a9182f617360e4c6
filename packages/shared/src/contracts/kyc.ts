// zod/mini: the creator's identity step and the console's review screen load these schemas (DESIGN §3,
// ADR 009).
import { z } from 'zod/mini';
import { maxLengthMessage } from '../rules/messages';
import { KYC_STATUSES } from '../vocabulary/creator';
import { schema } from './build-schema';
import { pageQueryFields, type Paged } from './lists';

/** Who checks a creator's identity: Onfido when configured, otherwise the platform's own staff. */
export const KYC_PROVIDERS = ['built-in', 'onfido'] as const;
export type KycProvider = (typeof KYC_PROVIDERS)[number];

/** What the built-in check asks for: a photo (or scan) of an identity document, and a selfie. */
export const KYC_FILE_KINDS = ['document', 'selfie'] as const;
export type KycFileKind = (typeof KYC_FILE_KINDS)[number];

export const KYC_FILE_TYPES: Readonly<Record<KycFileKind, readonly string[]>> = {
  document: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
  selfie: ['image/jpeg', 'image/png', 'image/webp'],
};
export const KYC_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** How the 422 of create-kyc-application names each file ('Please verify the following field(s): ...'). */
export const KYC_FILE_LABELS: Readonly<Record<KycFileKind, string>> = {
  document: 'Identity document',
  selfie: 'Selfie',
};

export const KYC_REASON_MAX_LENGTH = 500;

// Not in the spec: the identity step's and the review screen's own messages.
export const KYC_MESSAGES = {
  reasonRequired: 'Tell the creator why, in a sentence they can act on.',
  notDecidable: 'This identity check is not waiting for a decision.',
  fileNotReadable: (kind: KycFileKind) =>
    kind === 'selfie'
      ? 'Your selfie could not be read as a photo. Please take it again.'
      : 'Your identity document could not be read as a photo or a PDF. Please upload it again.',
  providerUnavailable: 'Identity checks are not available right now. Please try again in a few minutes.',
  webhookNotConfigured: 'This server takes no identity-check webhooks.',
} as const;

/** Error codes of the identity-check routes that are not in the shared catalogue. */
export const KYC_ERROR_CODES = {
  /** ONFIDO_API_TOKEN and ONFIDO_WEBHOOK_TOKEN are not set: Onfido's webhook takes nothing. */
  webhookNotConfigured: 'KYC_WEBHOOK_NOT_CONFIGURED',
} as const;

export const kycUploadSchema = schema(() =>
  z.object({
    url: z.string(),
    accept: z.array(z.string()),
    maxBytes: z.number(),
    uploaded: z.boolean(),
  }),
);
export type KycUpload = z.infer<typeof kycUploadSchema>;

/** GET /server-api/creator/kyc-sdk-config: how the creator proves who they are, and where they stand. */
export const kycSdkConfigResponseSchema = schema(() =>
  z.object({
    provider: z.enum(KYC_PROVIDERS),
    status: z.enum(KYC_STATUSES),
    /** Why the last check failed or must be done again, for the creator to read. */
    reason: z.nullable(z.string()),
    /** Onfido: the token its web SDK starts with. */
    sdkToken: z.nullable(z.string()),
    /** Built-in: where to upload the document and the selfie (signed, expiring). */
    uploads: z.nullable(z.object({ document: kycUploadSchema, selfie: kycUploadSchema })),
  }),
);
export type KycSdkConfig = z.infer<typeof kycSdkConfigResponseSchema>;

/** GET /server-api/creator/create-kyc-application: the check has been submitted. */
export const kycApplicationResponseSchema = schema(() =>
  z.object({ status: z.enum(KYC_STATUSES), message: z.string() }),
);
export type KycApplicationResponse = z.infer<typeof kycApplicationResponseSchema>;

export const KYC_DECISIONS = ['approve', 'reject', 'reverify'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

/** POST /server-api/marketing/kyc/{id}/decision: Support's word on a check waiting for a person. */
export const kycDecisionBodySchema = schema(() =>
  z
    .object({
      decision: z.enum(KYC_DECISIONS, { error: 'Choose approve, reject or ask to verify again.' }),
      reason: z.optional(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(KYC_REASON_MAX_LENGTH, { error: maxLengthMessage(KYC_REASON_MAX_LENGTH) }),
          ),
      ),
    })
    .check(
      z.refine((body) => body.decision === 'approve' || (body.reason ?? '').length > 0, {
        error: KYC_MESSAGES.reasonRequired,
        path: ['reason'],
      }),
    ),
);
export type KycDecisionBody = z.infer<typeof kycDecisionBodySchema>;

export const kycReviewListQuerySchema = schema(() =>
  z.object({
    ...pageQueryFields,
    status: z._default(z.enum(KYC_STATUSES, { error: 'Choose a status from the list.' }), 'ManualReview'),
  }),
);
export type KycReviewListQuery = z.infer<typeof kycReviewListQuerySchema>;

const reviewShape = schema(() => ({
  id: z.string(),
  creatorId: z.string(),
  name: z.string(),
  email: z.string(),
  country: z.nullable(z.string()),
  dateOfBirth: z.nullable(z.string()),
  provider: z.enum(KYC_PROVIDERS),
  status: z.enum(KYC_STATUSES),
  reason: z.nullable(z.string()),
  submittedAt: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  decidedBy: z.nullable(z.string()),
}));

/** An identity check as the review queue lists it. */
export const kycReviewSchema = schema(() => z.object(reviewShape));
export type KycReview = z.infer<typeof kycReviewSchema>;

export const kycReviewListResponseSchema = schema(() =>
  z.object({ items: z.array(kycReviewSchema), total: z.number(), page: z.number(), pageSize: z.number() }),
);
export type KycReviewListResponse = Paged<KycReview>;

/** One check with its files, each behind a URL that works for a few minutes. */
export const kycReviewDetailSchema = schema(() =>
  z.object({
    ...reviewShape,
    files: z.object({
      document: z.nullable(z.object({ url: z.string(), contentType: z.string() })),
      selfie: z.nullable(z.object({ url: z.string(), contentType: z.string() })),
    }),
  }),
);
export type KycReviewDetail = z.infer<typeof kycReviewDetailSchema>;
