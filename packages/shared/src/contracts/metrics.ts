// zod/mini, like the other contracts the creator's pages load (ADR 009): the creator's app shows the
// leaderboard.
import { z } from 'zod/mini';
import { CAMPAIGN_STATUSES } from '../vocabulary/campaign';
import { LINK_MAX_LENGTH } from '../rules/constants';
import { hasControlCharacters, hasUnpairedSurrogates } from '../rules/control-characters';
import { UNPAIRED_SURROGATES_MESSAGE } from '../rules/messages';
import { schema } from './build-schema';
import { isUuid } from './lists';

/**
 * Where a reading of a post's figures came from (DESIGN §8: "every figure records its source and time"):
 * a platform's API through its adapter (ADR 021), a staff CSV import, a partner's signed webhook, or a
 * staff correction of another reading.
 */
export const METRICS_SOURCES = [
  'youtube-data-api',
  'tiktok-business',
  'instagram-graph',
  'csv-import',
  'webhook',
  'staff-correction',
] as const;
export type MetricsReadingSource = (typeof METRICS_SOURCES)[number];

/** The figure leaderboards rank by (DESIGN §8: views by default). */
export const LEADERBOARD_METRIC = 'views';
/** How many places a leaderboard lists; a creator's own entries are given besides, wherever they stand. */
export const LEADERBOARD_SIZE = 100;

/** The most rows one CSV import takes, and its size: a campaign's entries fit many times over. */
export const METRICS_IMPORT_MAX_ROWS = 5_000;
export const METRICS_IMPORT_MAX_BYTES = 1024 * 1024;
/** The most readings one webhook delivery carries. */
export const METRICS_WEBHOOK_MAX_READINGS = 500;
export const METRICS_NOTE_MAX_LENGTH = 500;

/** A count as large as a number carries exactly; no platform counts past it. */
const COUNT_MAX = Number.MAX_SAFE_INTEGER;

export const METRICS_MESSAGES = {
  count: 'Write a whole number from 0, or leave it empty when the platform does not say',
  readAt: 'Write the time the figures were read as 2026-11-21T09:00:00Z',
  readAtFuture: 'The figures cannot have been read in the future',
  noteRequired: 'Say why the figures are corrected',
  noteTooLong: `You cannot enter more than ${METRICS_NOTE_MAX_LENGTH} characters`,
  readingUnknown: 'Choose a reading of this entry',
  postLink: 'Write the post’s link',
  readingsRequired: `Send from 1 to ${METRICS_WEBHOOK_MAX_READINGS} readings`,
  period: 'Choose a period of the sprint, from 1',
  notSprint: 'Only a sprint is cut into periods',
  periodUnknown: (count: number) => `Choose a period from 1 to ${count}`,
  preview: 'Say whether this is a preview: preview=true or preview=false',
  fileEmpty: 'The file is empty: send the CSV, with its header row, as the body (Content-Type: text/csv)',
  fileUnreadable: 'The file is not a CSV we can read',
  tooManyRows: `A file may hold at most ${METRICS_IMPORT_MAX_ROWS} rows: split it into several imports`,
  entryColumnMissing: 'The header must name each row’s entry: an entry_id or a post_link column',
  viewsColumnMissing: 'The header must have a views column',
  columnTwice: (column: string) => `The header names ${column} twice`,
  entryMissing: 'Name the entry: its entry_id or its post_link',
  entryUnknown: 'No entry of this campaign has this id',
  postUnknown: 'No entry of this campaign has this post link',
  postNotRecognised: 'This is not a link to a TikTok, Instagram or YouTube post: use the post’s full link',
  entryMismatch: 'The entry_id and the post_link name different entries',
  entryTwice: (row: number) => `This entry's figures are already in row ${row}`,
  viewsRequired: 'Write the views',
  tooManyCells: 'This row has more cells than the header has columns',
  importFailed: (rows: number) =>
    `${rows} ${rows === 1 ? 'row has' : 'rows have'} errors: nothing was imported. Preview the file to see each.`,
  webhookNotConfigured: 'This server takes no metrics webhooks.',
  signatureInvalid: 'The webhook signature is not valid.',
  signatureStale:
    'The webhook was signed more than five minutes from now: sign each delivery when it is sent.',
} as const;

/** Error codes of the metrics routes that are not in the shared catalogue. */
export const METRICS_ERROR_CODES = {
  /** METRICS_WEBHOOK_SECRET is not set: the route takes nothing (ADR 024). */
  webhookNotConfigured: 'METRICS_WEBHOOK_NOT_CONFIGURED',
} as const;

/** The header a partner signs a webhook delivery in: `t=<unix seconds>,v1=<hex HMAC-SHA256>` (ADR 021). */
export const METRICS_SIGNATURE_HEADER = 'metrics-signature';

const count = () =>
  z
    .number({ error: METRICS_MESSAGES.count })
    .check(
      z.int({ error: METRICS_MESSAGES.count }),
      z.minimum(0, { error: METRICS_MESSAGES.count }),
      z.maximum(COUNT_MAX, { error: METRICS_MESSAGES.count }),
    );
/** A figure as given: a count, null where the platform does not say, or left out (not said either). */
const figure = () => z.optional(z.nullable(count()));
const instant = () => z.iso.datetime({ offset: true, error: METRICS_MESSAGES.readAt });
const shownCount = () => z.nullable(z.number().check(z.int()));

/** A post's figures as stored: each a count, or null where the source did not say. */
const figuresShape = () => ({
  views: shownCount(),
  likes: shownCount(),
  comments: shownCount(),
  shares: shownCount(),
});

/** One reading of an entry's figures, as staff read it back. */
export const metricReadingSchema = schema(() =>
  z.object({
    id: z.string(),
    entryId: z.string(),
    ...figuresShape(),
    source: z.enum(METRICS_SOURCES),
    /** When the source read the figures: what a leaderboard's cut-off compares. */
    readAt: z.string(),
    /** When the platform stored them. */
    recordedAt: z.string(),
    /** The staff member who imported or corrected them; null for a platform or a webhook. */
    recordedBy: z.nullable(z.string()),
    /** The reading a staff correction replaces. */
    corrects: z.nullable(z.string()),
    note: z.nullable(z.string()),
  }),
);
export type MetricReading = z.infer<typeof metricReadingSchema>;

/** POST …/marketing/campaigns/{id}/entries/{entryId}/metrics: figures that replace a reading, and why. */
export const metricsCorrectionBodySchema = schema(() =>
  z.strictObject({
    /** A figure left out is the corrected reading's own. */
    views: figure(),
    likes: figure(),
    comments: figure(),
    shares: figure(),
    note: z.string({ error: METRICS_MESSAGES.noteRequired }).check(
      z.trim(),
      z.minLength(1, { error: METRICS_MESSAGES.noteRequired }),
      z.maxLength(METRICS_NOTE_MAX_LENGTH, { error: METRICS_MESSAGES.noteTooLong }),
      z.refine((value) => !hasUnpairedSurrogates(value), { error: UNPAIRED_SURROGATES_MESSAGE }),
    ),
    /** The reading corrected: the entry's current one unless named. */
    readingId: z.optional(
      z
        .string({ error: METRICS_MESSAGES.readingUnknown })
        .check(z.refine(isUuid, { error: METRICS_MESSAGES.readingUnknown })),
    ),
  }),
);
export type MetricsCorrectionBody = z.infer<typeof metricsCorrectionBodySchema>;

/** POST /server-api/metrics/webhook: figures a partner read, signed in the Metrics-Signature header. */
export const metricsWebhookBodySchema = schema(() =>
  z.strictObject({
    readings: z
      .array(
        z.strictObject({
          postLink: z.string({ error: METRICS_MESSAGES.postLink }).check(
            z.minLength(1, { error: METRICS_MESSAGES.postLink }),
            z.maxLength(LINK_MAX_LENGTH, { error: METRICS_MESSAGES.postLink }),
            z.refine((link) => !hasControlCharacters(link) && !hasUnpairedSurrogates(link), {
              error: METRICS_MESSAGES.postLink,
            }),
          ),
          views: figure(),
          likes: figure(),
          comments: figure(),
          shares: figure(),
          readAt: instant(),
        }),
        { error: METRICS_MESSAGES.readingsRequired },
      )
      .check(
        z.minLength(1, { error: METRICS_MESSAGES.readingsRequired }),
        z.maxLength(METRICS_WEBHOOK_MAX_READINGS, { error: METRICS_MESSAGES.readingsRequired }),
      ),
  }),
);
export type MetricsWebhookBody = z.infer<typeof metricsWebhookBodySchema>;

/**
 * What became of a delivery: readings recorded, readings already recorded (a delivery sent again), and
 * those left aside with why: a post no entry has, or figures read in the future.
 */
export const metricsWebhookResultSchema = schema(() =>
  z.object({
    recorded: z.number().check(z.int()),
    alreadyRecorded: z.number().check(z.int()),
    skipped: z.array(
      z.object({
        /** The reading's place in `readings`, from 0. */
        index: z.number().check(z.int()),
        postLink: z.string(),
        reason: z.enum(['unknown-post', 'read-in-future']),
      }),
    ),
  }),
);
export type MetricsWebhookResult = z.infer<typeof metricsWebhookResultSchema>;

/** `?preview=true` reads the file and says what it would import; `?preview=false` imports it. */
export const metricsImportQuerySchema = schema(() =>
  z.object({ preview: z.enum(['true', 'false'], { error: METRICS_MESSAGES.preview }) }),
);
export type MetricsImportQuery = z.infer<typeof metricsImportQuerySchema>;

/** One row of an imported file: what was read from it, or what is wrong with it, column by column. */
export const metricsImportRowSchema = schema(() =>
  z.object({
    /** The row as a spreadsheet numbers it: the header is row 1. */
    row: z.number().check(z.int()),
    entryId: z.nullable(z.string()),
    postLink: z.nullable(z.string()),
    ...figuresShape(),
    readAt: z.nullable(z.string()),
    errors: z.array(z.object({ column: z.string(), message: z.string() })),
  }),
);
export type MetricsImportRow = z.infer<typeof metricsImportRowSchema>;

export const metricsImportReportSchema = schema(() =>
  z.object({
    preview: z.boolean(),
    /** Whether readings were written: a real import whose every row is good. */
    imported: z.boolean(),
    rowCount: z.number().check(z.int()),
    /** Rows with at least one error. */
    errorCount: z.number().check(z.int()),
    recorded: z.number().check(z.int()),
    /** Rows whose reading was recorded before (the same file imported again). */
    alreadyRecorded: z.number().check(z.int()),
    /** Columns of the header that are not read (a creator's name kept beside the figures, say). */
    ignoredColumns: z.array(z.string()),
    rows: z.array(metricsImportRowSchema),
  }),
);
export type MetricsImportReport = z.infer<typeof metricsImportReportSchema>;

/** `?period=N`: a sprint's period, from 1; the one under way (or the last, once ended) by default. */
export const leaderboardQuerySchema = schema(() =>
  z.object({
    period: z.optional(
      z.coerce
        .number({ error: METRICS_MESSAGES.period })
        .check(
          z.int({ error: METRICS_MESSAGES.period }),
          z.minimum(1, { error: METRICS_MESSAGES.period }),
          z.maximum(10_000, { error: METRICS_MESSAGES.period }),
        ),
    ),
  }),
);
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

/** Whether an entry's figure may still change (ADR 037). */
export const FIGURE_STATES = ['PROVISIONAL', 'VALIDATED'] as const;
export type FigureState = (typeof FIGURE_STATES)[number];

/** A place on a leaderboard: an approved entry, who made it, and its figures as of their reading. */
export const leaderboardPlaceSchema = schema(() =>
  z.object({
    /** 1 for the most views; null while the entry has no views to rank by (listed after the ranked). */
    rank: z.nullable(z.number().check(z.int())),
    entryId: z.string(),
    creator: z.object({ id: z.string(), name: z.nullable(z.string()), handle: z.nullable(z.string()) }),
    postLink: z.nullable(z.string()),
    submittedAt: z.string(),
    ...figuresShape(),
    source: z.nullable(z.enum(METRICS_SOURCES)),
    /** When these figures were read: the place is as of then. */
    readAt: z.nullable(z.string()),
    /**
     * PROVISIONAL until the entry's figure is validated (`validatedAt`, ADR 037), VALIDATED after. Views
     * staff excluded are already taken out.
     */
    figureState: z.enum(FIGURE_STATES),
    validatedAt: z.string(),
  }),
);
export type LeaderboardPlace = z.infer<typeof leaderboardPlaceSchema>;

export const leaderboardSchema = schema(() =>
  z.object({
    campaignId: z.string(),
    campaignStatus: z.enum(CAMPAIGN_STATUSES),
    metric: z.literal(LEADERBOARD_METRIC),
    /** A sprint's period (from 1, of `count`); null for other campaigns. */
    period: z.nullable(
      z.object({
        number: z.number().check(z.int()),
        count: z.number().check(z.int()),
        startsAt: z.string(),
        endsAt: z.string(),
      }),
    ),
    /** The end of the campaign, or of the period: figures read after it do not count. */
    closesAt: z.string(),
    /** Whether that end has come: the ranks no longer change with new figures. */
    frozen: z.boolean(),
    /** Frozen, and every place's figure validated: the board prizes are paid on, once none is held. */
    final: z.boolean(),
    /** When the newest figures on the board were read; null while none are. */
    asOf: z.nullable(z.string()),
    /** Approved entries on this board, ranked or not. */
    totalEntries: z.number().check(z.int()),
    /** The first places, at most LEADERBOARD_SIZE. */
    places: z.array(leaderboardPlaceSchema),
    /** The calling creator's own entries, wherever they stand; always empty for staff. */
    mine: z.array(leaderboardPlaceSchema),
  }),
);
export type Leaderboard = z.infer<typeof leaderboardSchema>;
