// zod/mini, like the other contracts the web app loads (lists.ts explains the budget).
import { z } from 'zod/mini';
import { ENTRY_STATUSES } from '../machines/entry';
import { HOLD_STATUSES } from '../machines/hold';
import { VIEW_RISK_SIGNALS } from '../rules/view-risk';
import { ASSET_SCAN_STATUSES } from '../vocabulary/assets';
import { MARKETING_CURRENCIES } from '../vocabulary/currencies';
import { schema } from './build-schema';
import { ENTRY_REJECTION_REASONS } from './entry';
import { pagedResponseSchema, pageQueryFields } from './lists';
import { FIGURE_STATES } from './metrics';

export const HOLD_NOTE_MAX_LENGTH = 1000;
export const HOLD_REASON_MAX_LENGTH = 500;

/** How staff decided a hold: its figures stand, a window of its views is taken off, or the entry goes. */
export const HOLD_OUTCOMES = ['ACCEPTED', 'EXCLUDED', 'REJECTED'] as const;
export type HoldOutcome = (typeof HOLD_OUTCOMES)[number];

/** The queue's two views: holds waiting for a decision, and those decided. */
export const HOLD_QUEUE_STATUSES = ['open', 'decided'] as const;

export const HOLD_MESSAGES = {
  decided: 'This hold has already been decided.',
  appealed: 'You have already appealed this hold. Staff will decide it.',
  recordingNotUploaded: 'Upload your screen recording first.',
  recordingNotVideo: 'The recording must be an MP4 or MOV video.',
  recordingThreat: 'Your recording could not be accepted because it contains a virus.',
  recordingUnscanned: 'Your recording could not be checked just now. Please try again in a few minutes.',
  noteRequired: 'Say why the views are real',
  reasonRequired: 'Give the reason',
  rejectionNoteRequired: 'Say why the entry is rejected',
  windowOrder: 'The end of the window must be after its start',
  windowOutsideReadings: 'The window must lie within the entry’s readings',
  noReadings: 'This entry has no readings of its views to exclude from.',
  tooLong: (max: number) => `You cannot enter more than ${max} characters`,
} as const;

const text = (max: number, required: string) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required }),
      z.maxLength(max, { error: HOLD_MESSAGES.tooLong(max) }),
    );

const instant = (error: string) => z.iso.datetime({ offset: true, error });

/** A signal that fired, as staff read it: what was measured against what, and the window it saw. */
export const holdSignalSchema = schema(() =>
  z.object({
    code: z.enum(VIEW_RISK_SIGNALS),
    value: z.number(),
    threshold: z.number(),
    sentence: z.string(),
    window: z.nullable(z.object({ from: z.string(), to: z.string(), views: z.number() })),
  }),
);

/** An entry's figure as it counts now: views after any exclusion, and whether it may still change. */
export const holdFiguresSchema = schema(() =>
  z.object({
    views: z.nullable(z.number()),
    likes: z.nullable(z.number()),
    comments: z.nullable(z.number()),
    state: z.enum(FIGURE_STATES),
    validatedAt: z.string(),
    excludedViews: z.number(),
  }),
);

export const holdDecisionSchema = schema(() =>
  z.object({
    outcome: z.enum(HOLD_OUTCOMES),
    decidedAt: z.string(),
    note: z.nullable(z.string()),
    rejectionReason: z.nullable(z.enum(ENTRY_REJECTION_REASONS)),
    excluded: z.nullable(z.object({ from: z.string(), to: z.string(), views: z.nullable(z.number()) })),
  }),
);

/** A hold as staff read it in the queue and on its page. */
export const heldEntrySchema = schema(() =>
  z.object({
    id: z.string(),
    status: z.enum(HOLD_STATUSES),
    score: z.number(),
    signals: z.array(holdSignalSchema),
    heldAt: z.string(),
    campaign: z.object({ id: z.string(), name: z.string(), currency: z.enum(MARKETING_CURRENCIES) }),
    creator: z.object({ id: z.string(), name: z.nullable(z.string()), handle: z.nullable(z.string()) }),
    entry: z.object({
      id: z.string(),
      postLink: z.nullable(z.string()),
      kind: z.enum(['POST', 'VIDEO']),
      status: z.enum(ENTRY_STATUSES),
    }),
    figures: z.nullable(holdFiguresSchema),
    /** What the entry would be paid as things stand: its slot's amount, or its place's prize. */
    atStake: z.object({ amountMinor: z.number(), currency: z.enum(MARKETING_CURRENCIES) }),
    appeal: z.nullable(
      z.object({
        note: z.string(),
        /** A short-lived link to the creator's recording; null when the file is gone. */
        recordingUrl: z.nullable(z.string()),
        scanStatus: z.enum(ASSET_SCAN_STATUSES),
        appealedAt: z.string(),
      }),
    ),
    decision: z.nullable(
      z.extend(holdDecisionSchema, {
        decidedBy: z.nullable(z.object({ id: z.string(), name: z.nullable(z.string()) })),
      }),
    ),
  }),
);
export type HeldEntry = z.infer<typeof heldEntrySchema>;

/** `?status=open|decided&campaignId=&page=`: open holds by money at stake; decided ones newest first. */
export const holdQueueQuerySchema = schema(() =>
  z.object({
    status: z._default(z.enum(HOLD_QUEUE_STATUSES), 'open'),
    campaignId: z.optional(z.string().check(z.maxLength(100))),
    page: pageQueryFields.page,
    pageSize: pageQueryFields.pageSize,
  }),
);
export type HoldQueueQuery = z.infer<typeof holdQueueQuerySchema>;

export const holdQueueSchema = schema(() => pagedResponseSchema(heldEntrySchema));
export type HoldQueue = z.infer<typeof holdQueueSchema>;

export const holdAcceptBodySchema = schema(() =>
  z.object({ note: z.optional(text(HOLD_NOTE_MAX_LENGTH, HOLD_MESSAGES.reasonRequired)) }),
);
export type HoldAcceptBody = z.infer<typeof holdAcceptBodySchema>;

/** The views gained between `from` and `to` are taken off the entry's figure. */
export const holdExcludeBodySchema = schema(() =>
  z
    .object({
      from: instant('Choose when the window starts'),
      to: instant('Choose when the window ends'),
      reason: text(HOLD_REASON_MAX_LENGTH, HOLD_MESSAGES.reasonRequired),
    })
    .check(
      z.refine((body) => Date.parse(body.to) > Date.parse(body.from), {
        error: HOLD_MESSAGES.windowOrder,
        path: ['to'],
      }),
    ),
);
export type HoldExcludeBody = z.infer<typeof holdExcludeBodySchema>;

export const holdRejectBodySchema = schema(() =>
  z.object({
    reason: z.enum(ENTRY_REJECTION_REASONS, { error: HOLD_MESSAGES.reasonRequired }),
    note: text(HOLD_NOTE_MAX_LENGTH, HOLD_MESSAGES.rejectionNoteRequired),
  }),
);
export type HoldRejectBody = z.infer<typeof holdRejectBodySchema>;

/** Where to PUT the screen recording (MP4 or MOV), and the key to appeal with. */
export const holdAppealUploadSchema = schema(() => z.object({ url: z.string(), key: z.string() }));
export type HoldAppealUpload = z.infer<typeof holdAppealUploadSchema>;

export const holdAppealBodySchema = schema(() =>
  z.object({
    note: text(HOLD_NOTE_MAX_LENGTH, HOLD_MESSAGES.noteRequired),
    fileKey: z.string().check(z.maxLength(300)),
  }),
);
export type HoldAppealBody = z.infer<typeof holdAppealBodySchema>;

/** A hold as its creator reads it: the signals' sentences, never their weights or the score. */
export const creatorHoldSchema = schema(() =>
  z.object({
    id: z.string(),
    status: z.enum(HOLD_STATUSES),
    heldAt: z.string(),
    reasons: z.array(z.string()),
    /** While HELD: the one appeal is still open. */
    canAppeal: z.boolean(),
    appeal: z.nullable(z.object({ note: z.string(), appealedAt: z.string() })),
    decision: z.nullable(holdDecisionSchema),
  }),
);
export type CreatorHold = z.infer<typeof creatorHoldSchema>;

/** One of the creator's entries to a campaign: how its figure stands, and its hold, if any. */
export const entryViewCheckSchema = schema(() =>
  z.object({
    entryId: z.string(),
    postLink: z.nullable(z.string()),
    status: z.enum(ENTRY_STATUSES),
    figures: z.nullable(holdFiguresSchema),
    hold: z.nullable(creatorHoldSchema),
  }),
);
export type EntryViewCheck = z.infer<typeof entryViewCheckSchema>;

export const entryViewChecksSchema = schema(() => z.object({ items: z.array(entryViewCheckSchema) }));
export type EntryViewChecks = z.infer<typeof entryViewChecksSchema>;
