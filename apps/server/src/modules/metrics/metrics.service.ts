import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  ERROR_CODES,
  LEADERBOARD_METRIC,
  LEADERBOARD_SIZE,
  METRICS_ERROR_CODES,
  METRICS_MESSAGES,
  metricsWebhookBodySchema,
  postIdentity,
  sprintPeriods,
  type FieldError,
  type Leaderboard,
  type LeaderboardPlace,
  type LeaderboardQuery,
  type MetricReading,
  type MetricsCorrectionBody,
  type MetricsImportReport,
  type MetricsImportRow,
  type MetricsWebhookResult,
} from '@platform/shared';
import { nextMetricsAttempt } from '../../adapters/metrics/metrics-backoff';
import { unavailableReading } from '../../adapters/metrics/metrics-readings';
import type { MetricsSource, MetricsUnavailableReason } from '../../adapters/metrics/metrics-source';
import { verifyMetricsWebhook } from '../../adapters/metrics/metrics-webhook-signature';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { RequestUser, StaffCaller } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import type { CampaignFacts, CampaignsService } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';
import type { EntriesService, MeasuredEntry } from '../entries/entries.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { READ_AT_LEEWAY_MS, readImportFile, type CellError, type ImportLine } from './metrics.csv';
import {
  metricsRepository as repository,
  type BoardCriteria,
  type BoardRow,
  type ReadingRow,
} from './metrics.repository';

/** Posts claimed and read at a time: a few calls to each provider (YouTube takes 50 a call). */
export const REFRESH_BATCH = 200;
/** How long a claimed post is left to its worker before another may take it. */
const CLAIM_MS = 10 * 60 * 1000;
/** Failures in a row, when the platform did not answer, before staff hear that a post's figures are not read. */
export const FIGURES_FAILED_AFTER_ATTEMPTS = 3;

/** Why posts' figures could not be read, in staff's words: what they may do about it. */
function figuresFailedWords(reasons: readonly MetricsUnavailableReason[]): string {
  const gone = reasons.filter((reason) => reason === 'not-found' || reason === 'private').length;
  if (gone === reasons.length) {
    return 'The platform no longer shows them (deleted, or made private): check the posts, or import their figures by CSV.';
  }
  if (gone === 0) {
    return 'The platform did not answer three times in a row; they are tried again, and their figures can be imported by CSV meanwhile.';
  }
  return 'Some are no longer shown by the platform (deleted, or made private), and it did not answer for the others: check the posts, or import their figures by CSV.';
}

/** The most row errors a refused import lists; the preview shows every one. */
const IMPORT_ERRORS_LISTED = 100;

export type MetricsDependencies = {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  audit: AuditService;
  campaignsService: Pick<CampaignsService, 'creatorCampaignFacts' | 'staffCampaignFacts' | 'reachOf'>;
  entriesService: Pick<
    EntriesService,
    'approvedPostsOfLiveCampaigns' | 'measuredEntry' | 'measuredOfCampaign' | 'measuredOfPosts'
  >;
  creatorService: Pick<CreatorService, 'withCreators'>;
  /** Each post's figures from its platform's API, or offline (ADR 021). */
  sources: MetricsSource;
  /** Tells those who may edit a campaign that its posts' figures could not be read (ADR 031). */
  staffNotifier?: NotificationsService['notifyStaff'];
  /** METRICS_WEBHOOK_SECRET: without it the webhook takes nothing. */
  webhookSecret: string | undefined;
  /**
   * LEADERBOARD_CACHE_SECONDS, in milliseconds: how long one ranking of a board answers every viewer
   * before it is read again (ADR 024); 0 reads the database on every request.
   */
  boardCacheMs: number;
};

/** The most boards kept ranked at once: the campaigns being watched. */
const BOARDS_CACHED = 200;

/** Which board, and up to when its figures count. */
type BoardKey = Omit<BoardCriteria, 'size' | 'creatorId'>;

type NamedBoardRow = BoardRow & { creator: { id: string; name: string | null; handle: string | null } };

/**
 * A board ranked in one read: its first places named, and every entry's place by creator, so that each
 * viewer's own places are a lookup.
 */
type BoardSnapshot = {
  total: number;
  asOf: Date | null;
  top: NamedBoardRow[];
  byCreator: Map<string, BoardRow[]>;
};

/** What one run of the refresh job did. */
export type RefreshSummary = { asked: number; recorded: number; withoutFigures: number };

const toReading = (row: ReadingRow): MetricReading => ({
  id: row.id,
  entryId: row.entryId,
  views: row.views,
  likes: row.likes,
  comments: row.comments,
  shares: row.shares,
  source: row.source,
  readAt: row.readAt.toISOString(),
  recordedAt: row.recordedAt.toISOString(),
  recordedBy: row.recordedBy,
  corrects: row.corrects,
  note: row.note,
});

const figuresOf = (row: Pick<ReadingRow, 'views' | 'likes' | 'comments' | 'shares'>) => ({
  views: row.views,
  likes: row.likes,
  comments: row.comments,
  shares: row.shares,
});

/**
 * Other creators read a leaderboard too: they see a first name and an initial, as a public board shows
 * people, not the full name the creator gave for their invoices.
 */
export function publicName(name: string | null): string | null {
  const words = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  const [first] = words;
  if (!first) return null;
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/** A sprint's period to show when none is asked for: the one under way, the first before, the last after. */
function currentPeriod(periods: readonly { startsAt: Date; endsAt: Date }[], now: Date): number {
  const index = periods.findIndex((period) => now < period.endsAt);
  return index === -1 ? periods.length : index + 1;
}

/** zod's issues as the error format's fields. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
  }));
}

/**
 * Entries' figures and the leaderboards (DESIGN §8, ADR 024). Figures come from the platforms' APIs (a
 * recurring refresh of every approved entry of a live campaign), from staff imports, from a partner's
 * signed webhook, and from staff corrections; each is a reading of its own, never changed. A leaderboard
 * ranks a campaign's approved entries by the views of their latest reading read by its close.
 */
export function createMetricsService(dependencies: MetricsDependencies) {
  const {
    db,
    clock,
    logger,
    audit,
    campaignsService,
    entriesService,
    creatorService,
    sources,
    boardCacheMs,
    staffNotifier,
  } = dependencies;

  /**
   * The failed read of a post that staff are told of, once per run of failures: at the first failure when
   * the post is gone or private (someone must look), at the third in a row when the platform did not
   * answer (one miss is not news). Nothing is told when no source is set up for the platform, or the link
   * is not one a source measures: that is the install's, not the post's.
   */
  const failureToTell = (reason: MetricsUnavailableReason, attempts: number): boolean => {
    switch (reason) {
      case 'not-configured':
      case 'unsupported':
        return false;
      case 'not-found':
      case 'private':
        return attempts === 1;
      default:
        return attempts === FIGURES_FAILED_AFTER_ATTEMPTS;
    }
  };

  /** Ranks a whole board, and names its first places on the campaign's platform. */
  const rankBoard = async (key: BoardKey, platform: CampaignFacts['platform']): Promise<BoardSnapshot> => {
    const board = await repository.board(db, { ...key, size: Number.MAX_SAFE_INTEGER });
    const byCreator = new Map<string, BoardRow[]>();
    for (const row of board.rows) {
      const rows = byCreator.get(row.creatorId);
      if (rows) rows.push(row);
      else byCreator.set(row.creatorId, [row]);
    }
    return {
      total: board.total,
      asOf: board.asOf,
      top: await creatorService.withCreators(
        board.rows.filter((row) => row.position <= LEADERBOARD_SIZE),
        platform,
      ),
      byCreator,
    };
  };

  // A stale ranking answers while the next is read, so that a busy board waits on the database once.
  const boards = new LRUCache<string, BoardSnapshot, { key: BoardKey; platform: CampaignFacts['platform'] }>({
    max: BOARDS_CACHED,
    ttl: Math.max(boardCacheMs, 1),
    allowStale: true,
    fetchMethod: (_id, _stale, { context }) => rankBoard(context.key, context.platform),
  });

  const snapshotOf = async (key: BoardKey, platform: CampaignFacts['platform']): Promise<BoardSnapshot> => {
    if (boardCacheMs === 0) return rankBoard(key, platform);
    const id = [key.campaignId, key.closesAt.toISOString(), key.submittedFrom?.toISOString() ?? ''].join(':');
    const snapshot = await boards.fetch(id, { context: { key, platform } });
    if (!snapshot) throw new Error(`board ${id} could not be ranked`);
    return snapshot;
  };

  /**
   * A creator polling a board: the campaign they were let see and their own name on it, kept as long as a
   * ranking. Seeing the campaign takes four reads (their country, the live territories, the campaign); a
   * board polled by thousands every few seconds would spend most of its time there. A creator who loses
   * sight of a campaign (it is unpublished, they move) loses its board within those seconds.
   */
  const viewers = new LRUCache<string, { campaign: CampaignFacts; named: NamedBoardRow['creator'] | null }>({
    max: 10_000,
    ttl: Math.max(boardCacheMs, 1),
  });

  /** New figures change boards: the next viewer in this process reads them ranked afresh. */
  const figuresChanged = (recorded: number) => {
    if (recorded > 0) boards.clear();
  };
  const { webhookSecret } = dependencies;
  let toldWebhookIsOff = false;

  /** Reads one batch of claimed posts and records what each answered, with its next attempt. */
  const readClaimed = async (
    claimed: readonly { entryId: string; nextAttemptAt: Date; attempts: number }[],
    posts: ReadonlyMap<string, MeasuredEntry>,
    summary: RefreshSummary,
  ) => {
    const measured = claimed.flatMap((claim) => {
      const entry = posts.get(claim.entryId);
      return entry?.postLink ? [{ claim, entry, url: entry.postLink }] : [];
    });
    const readings = await sources.read(
      measured.map(({ entry, url }) => ({ url, platform: entry.platform })),
    );
    const settledAt = clock.now();
    // Per campaign, the posts whose reading has just failed in a way staff should hear of.
    const failed = new Map<string, MetricsUnavailableReason[]>();
    for (const { claim, entry, url } of measured) {
      const reading = readings.get(url) ?? unavailableReading('unsupported');
      if (reading.kind === 'metrics' || !failureToTell(reading.reason, claim.attempts + 1)) continue;
      failed.set(entry.campaignId, [...(failed.get(entry.campaignId) ?? []), reading.reason]);
    }
    // Read before the transaction: on the embedded database, one connection serves both.
    const reaches =
      staffNotifier && failed.size > 0 ? await campaignsService.reachOf([...failed.keys()]) : [];
    await db.transaction(async (tx) => {
      for (const reach of reaches) {
        const reasons = failed.get(reach.id) ?? [];
        await staffNotifier?.(tx, {
          event: 'FIGURES_FAILED',
          work: { action: 'EDIT', resource: 'CAMPAIGN' },
          campaign: reach,
          link: `/console/campaigns/${reach.id}`,
          count: reasons.length,
          subject: figuresFailedWords(reasons),
        });
      }
      const rows: ReadingRow[] = [];
      for (const { claim, entry, url } of measured) {
        const reading = readings.get(url) ?? unavailableReading('unsupported');
        const attempts = reading.kind === 'metrics' ? 0 : claim.attempts + 1;
        if (reading.kind === 'metrics') {
          rows.push({
            id: randomUUID(),
            entryId: entry.id,
            ...reading.metrics,
            source: reading.source,
            readAt: reading.readAt,
            recordedAt: settledAt,
            recordedBy: null,
            corrects: null,
            note: null,
          });
        } else {
          summary.withoutFigures += 1;
        }
        await repository.settle(tx, claim, {
          nextAttemptAt: nextMetricsAttempt(reading, attempts, settledAt),
          attempts,
          lastOutcome: reading.kind === 'metrics' ? 'metrics' : reading.reason,
          updatedAt: settledAt,
        });
      }
      summary.recorded += await repository.insertReadings(tx, rows);
    });
    summary.asked += measured.length;
  };

  /** Which entry of the campaign each import line names, and what is wrong with it besides its cells. */
  const matchLines = (lines: readonly ImportLine[], entries: readonly MeasuredEntry[]) => {
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    const byPost = new Map(
      entries.flatMap((entry) => (entry.postIdentity ? [[entry.postIdentity, entry] as const] : [])),
    );
    const firstRowOf = new Map<string, number>();
    return lines.map((line) => {
      const lineErrors: CellError[] = [...line.errors];
      const named = line.entryId && !line.errors.some((error) => error.column === 'entry_id');
      const ofId = named && line.entryId ? byId.get(line.entryId) : undefined;
      if (named && !ofId) lineErrors.push({ column: 'entry_id', message: METRICS_MESSAGES.entryUnknown });
      const ofPost = line.postIdentity ? byPost.get(line.postIdentity) : undefined;
      if (line.postIdentity && !ofPost) {
        lineErrors.push({ column: 'post_link', message: METRICS_MESSAGES.postUnknown });
      }
      if (ofId && ofPost && ofId.id !== ofPost.id) {
        lineErrors.push({ column: 'post_link', message: METRICS_MESSAGES.entryMismatch });
      }
      const entry = ofId ?? ofPost;
      if (entry && !line.errors.some((error) => error.column === 'read_at')) {
        // Two rows of one entry read at the same time (or both at the import's time) would be one reading.
        const key = `${entry.id} ${line.readAt?.toISOString() ?? 'now'}`;
        const first = firstRowOf.get(key);
        if (first === undefined) firstRowOf.set(key, line.row);
        else {
          lineErrors.push({
            column: ofId ? 'entry_id' : 'post_link',
            message: METRICS_MESSAGES.entryTwice(first),
          });
        }
      }
      return { line, entry, errors: lineErrors };
    });
  };

  /** The creator's own places on a board, with their name, read once per ranking's lifetime. */
  const namedMine = async (
    board: BoardSnapshot,
    creatorId: string,
    campaign: CampaignFacts,
  ): Promise<NamedBoardRow[]> => {
    const rows = board.byCreator.get(creatorId) ?? [];
    const first = rows[0];
    if (!first) return [];
    const key = `${creatorId}:${campaign.id}`;
    const knownName = boardCacheMs > 0 ? viewers.get(key)?.named : undefined;
    if (knownName) return rows.map((row) => ({ ...row, creator: knownName }));
    const [named] = await creatorService.withCreators([first], campaign.platform);
    if (named && boardCacheMs > 0) viewers.set(key, { campaign, named: named.creator });
    return named ? rows.map((row) => ({ ...row, creator: named.creator })) : [];
  };

  /** A campaign's board: its period for a sprint, closed at the campaign's (or period's) end. */
  const leaderboard = async (
    campaign: CampaignFacts,
    query: LeaderboardQuery,
    viewer: { kind: 'staff' } | { kind: 'creator'; creatorId: string },
  ): Promise<Leaderboard> => {
    const now = clock.now();
    const periods =
      campaign.reward.type === 'SPRINT'
        ? sprintPeriods(campaign.startsAt, campaign.endsAt, campaign.reward.periodDays)
        : [];
    let period: { number: number; count: number; startsAt: Date; endsAt: Date } | null = null;
    if (periods.length > 0) {
      const number = query.period ?? currentPeriod(periods, now);
      const chosen = periods[number - 1];
      if (!chosen) {
        throw errors.validation([
          { field: 'period', message: METRICS_MESSAGES.periodUnknown(periods.length) },
        ]);
      }
      period = { number, count: periods.length, startsAt: chosen.startsAt, endsAt: chosen.endsAt };
    } else if (query.period !== undefined) {
      throw errors.validation([{ field: 'period', message: METRICS_MESSAGES.notSprint }]);
    }
    const closesAt = period?.endsAt ?? campaign.endsAt;
    const board = await snapshotOf(
      {
        campaignId: campaign.id,
        closesAt,
        ...(period ? { submittedFrom: period.startsAt, submittedBefore: period.endsAt } : {}),
      },
      campaign.platform,
    );
    const mine = viewer.kind === 'creator' ? await namedMine(board, viewer.creatorId, campaign) : [];
    const toPlace = (row: NamedBoardRow): LeaderboardPlace => ({
      rank: row.rank,
      entryId: row.entryId,
      creator: {
        id: row.creator.id,
        name: viewer.kind === 'creator' ? publicName(row.creator.name) : row.creator.name,
        handle: row.creator.handle,
      },
      postLink: row.postLink,
      submittedAt: row.submittedAt.toISOString(),
      ...figuresOf(row),
      source: row.source,
      readAt: row.readAt?.toISOString() ?? null,
    });
    return {
      campaignId: campaign.id,
      campaignStatus: campaign.status,
      metric: LEADERBOARD_METRIC,
      period: period
        ? {
            number: period.number,
            count: period.count,
            startsAt: period.startsAt.toISOString(),
            endsAt: period.endsAt.toISOString(),
          }
        : null,
      closesAt: closesAt.toISOString(),
      frozen: now >= closesAt,
      asOf: board.asOf?.toISOString() ?? null,
      totalEntries: board.total,
      places: board.top.map(toPlace),
      mine: mine.map(toPlace),
    };
  };

  return {
    /**
     * The refresh job: every approved entry of a live campaign is put on the schedule, then the posts due
     * are claimed a batch at a time, read through their platforms' sources, and each answer recorded with
     * its next attempt (ADR 021's backoff). A run takes only what was due when it began, so a provider
     * that asks to be called again at once cannot keep it running.
     */
    async refreshDue(): Promise<RefreshSummary> {
      const posts = new Map(
        (await entriesService.approvedPostsOfLiveCampaigns()).map((entry) => [entry.id, entry]),
      );
      const runAt = clock.now();
      await repository.schedule(db, [...posts.keys()], runAt);
      const summary: RefreshSummary = { asked: 0, recorded: 0, withoutFigures: 0 };
      for (;;) {
        const claimed = await repository.claimDue(
          db,
          runAt,
          REFRESH_BATCH,
          new Date(clock.now().getTime() + CLAIM_MS),
        );
        if (claimed.length === 0) break;
        // Entries no longer approved, or whose campaign is no longer live, are not read again.
        await repository.unschedule(
          db,
          claimed.filter((claim) => !posts.has(claim.entryId)).map((claim) => claim.entryId),
        );
        await readClaimed(claimed, posts, summary);
        if (claimed.length < REFRESH_BATCH) break;
      }
      figuresChanged(summary.recorded);
      return summary;
    },

    /**
     * POST …/campaigns/{id}/metrics/import: a CSV of figures for the campaign's entries. A preview says what
     * each row holds or what is wrong with it and writes nothing; an import writes every row in one
     * transaction, or, when any row is wrong, nothing at all.
     */
    async importCsv(
      caller: StaffCaller,
      campaignId: string,
      text: string | null | undefined,
      options: { preview: boolean },
    ): Promise<MetricsImportReport> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      if (!text?.trim()) throw errors.validation([{ field: 'body', message: METRICS_MESSAGES.fileEmpty }]);
      const now = clock.now();
      const file = readImportFile(text, now);
      if (!file.ok) throw errors.validation([{ field: 'body', message: file.message }]);
      const matched = matchLines(file.lines, await entriesService.measuredOfCampaign(campaign.id));
      const rows: MetricsImportRow[] = matched.map(({ line, entry, errors: lineErrors }) => ({
        row: line.row,
        entryId: entry?.id ?? line.entryId,
        postLink: entry?.postLink ?? line.postLink,
        views: line.views,
        likes: line.likes,
        comments: line.comments,
        shares: line.shares,
        readAt: line.readAt?.toISOString() ?? null,
        errors: lineErrors,
      }));
      const failed = rows.filter((row) => row.errors.length > 0);
      const report = {
        preview: options.preview,
        imported: false,
        rowCount: rows.length,
        errorCount: failed.length,
        recorded: 0,
        alreadyRecorded: 0,
        ignoredColumns: file.ignoredColumns,
        rows,
      };
      if (options.preview) return report;
      if (failed.length > 0) {
        const details = failed
          .flatMap((row) =>
            row.errors.map((error) => ({
              field: `${error.column} (row ${row.row})`,
              message: `Row ${row.row}, ${error.column}: ${error.message}`,
            })),
          )
          .slice(0, IMPORT_ERRORS_LISTED);
        throw new AppError(
          400,
          ERROR_CODES.validationFailed,
          METRICS_MESSAGES.importFailed(failed.length),
          details,
        );
      }
      const readings: ReadingRow[] = matched.flatMap(({ line, entry }) =>
        entry
          ? [
              {
                id: randomUUID(),
                entryId: entry.id,
                views: line.views,
                likes: line.likes,
                comments: line.comments,
                shares: line.shares,
                source: 'csv-import' as const,
                readAt: line.readAt ?? now,
                recordedAt: now,
                recordedBy: caller.accountId,
                corrects: null,
                note: null,
              },
            ]
          : [],
      );
      const recorded = await db.transaction(async (tx) => {
        const written = await repository.insertReadings(tx, readings);
        await audit.record(tx, {
          actor: caller,
          action: 'metrics.import',
          target: { type: 'campaign', id: campaign.id, label: campaign.name },
          after: { rows: rows.length, recorded: written, alreadyRecorded: readings.length - written },
        });
        return written;
      });
      figuresChanged(recorded);
      return { ...report, imported: true, recorded, alreadyRecorded: readings.length - recorded };
    },

    /**
     * POST /server-api/metrics/webhook: figures a partner read, in a delivery signed with
     * METRICS_WEBHOOK_SECRET. The signature is checked on the body exactly as it came, before anything in
     * it is read. A post no entry has is reported, not refused; a delivery sent again records nothing new.
     */
    async receiveWebhook(rawBody: string, signature: string | undefined): Promise<MetricsWebhookResult> {
      if (!webhookSecret) {
        if (!toldWebhookIsOff) {
          toldWebhookIsOff = true;
          logger.warn(
            'a metrics webhook was refused: set METRICS_WEBHOOK_SECRET to take figures from partners',
          );
        }
        throw new AppError(
          404,
          METRICS_ERROR_CODES.webhookNotConfigured,
          METRICS_MESSAGES.webhookNotConfigured,
        );
      }
      const now = clock.now();
      const verdict = verifyMetricsWebhook(webhookSecret, rawBody, signature, now);
      if (!verdict.ok) {
        throw new AppError(
          401,
          ERROR_CODES.signatureInvalid,
          verdict.reason === 'stale' ? METRICS_MESSAGES.signatureStale : METRICS_MESSAGES.signatureInvalid,
        );
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new AppError(400, ERROR_CODES.malformedRequest, 'The request body is not valid JSON.');
      }
      const parsed = metricsWebhookBodySchema.safeParse(json);
      if (!parsed.success) throw errors.validation(fieldErrors(parsed.error.issues));

      const { readings } = parsed.data;
      const identities = readings.map((reading) => postIdentity(reading.postLink));
      const entries = await entriesService.measuredOfPosts(
        identities.filter((identity): identity is string => identity !== null),
      );
      const byPost = new Map(entries.map((entry) => [entry.postIdentity, entry]));
      const skipped: MetricsWebhookResult['skipped'] = [];
      const rows: ReadingRow[] = [];
      for (const [index, reading] of readings.entries()) {
        const identity = identities[index];
        const entry = identity ? byPost.get(identity) : undefined;
        const readAt = new Date(reading.readAt);
        if (!entry) {
          skipped.push({ index, postLink: reading.postLink, reason: 'unknown-post' });
        } else if (readAt.getTime() > now.getTime() + READ_AT_LEEWAY_MS) {
          skipped.push({ index, postLink: reading.postLink, reason: 'read-in-future' });
        } else {
          rows.push({
            id: randomUUID(),
            entryId: entry.id,
            views: reading.views ?? null,
            likes: reading.likes ?? null,
            comments: reading.comments ?? null,
            shares: reading.shares ?? null,
            source: 'webhook',
            readAt,
            recordedAt: now,
            recordedBy: null,
            corrects: null,
            note: null,
          });
        }
      }
      const recorded = await db.transaction((tx) => repository.insertReadings(tx, rows));
      figuresChanged(recorded);
      return { recorded, alreadyRecorded: rows.length - recorded, skipped };
    },

    /**
     * POST …/campaigns/{id}/entries/{entryId}/metrics: staff figures that replace a reading (the entry's
     * current one unless named), stored beside it with the reason, at its time, and audited. A figure left
     * out is the corrected reading's own.
     */
    async correct(
      caller: StaffCaller,
      campaignId: string,
      entryId: string,
      body: MetricsCorrectionBody,
    ): Promise<MetricReading> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      const entry = await entriesService.measuredEntry(entryId);
      if (!entry || entry.campaignId !== campaign.id) throw errors.notFound();
      const reading = await db.transaction(async (tx) => {
        const corrected = body.readingId
          ? await repository.findReading(tx, body.readingId)
          : await repository.latestReading(tx, entry.id);
        if (body.readingId && corrected?.entryId !== entry.id) {
          throw errors.validation([{ field: 'readingId', message: METRICS_MESSAGES.readingUnknown }]);
        }
        const now = clock.now();
        const figure = (name: 'views' | 'likes' | 'comments' | 'shares') =>
          body[name] !== undefined ? body[name] : (corrected?.[name] ?? null);
        const row: ReadingRow = {
          id: randomUUID(),
          entryId: entry.id,
          views: figure('views'),
          likes: figure('likes'),
          comments: figure('comments'),
          shares: figure('shares'),
          source: 'staff-correction',
          // At the corrected reading's time: it takes that reading's place, and a later reading still
          // takes its own.
          readAt: corrected?.readAt ?? now,
          recordedAt: now,
          recordedBy: caller.accountId,
          corrects: corrected?.id ?? null,
          note: body.note,
        };
        await repository.insertReadings(tx, [row]);
        await audit.record(tx, {
          actor: caller,
          action: 'metrics.correct',
          target: { type: 'entry', id: entry.id, label: campaign.name },
          before: corrected
            ? { reading: corrected.id, source: corrected.source, ...figuresOf(corrected) }
            : null,
          after: { reading: row.id, ...figuresOf(row), note: body.note },
        });
        return toReading(row);
      });
      figuresChanged(1);
      return reading;
    },

    /** GET /server-api/campaigns/{id}/leaderboard (SPEC §7): for a campaign the creator may see. */
    async creatorLeaderboard(
      user: RequestUser,
      campaignId: string,
      query: LeaderboardQuery,
    ): Promise<Leaderboard> {
      const key = `${user.accountId}:${campaignId}`;
      let campaign = boardCacheMs > 0 ? viewers.get(key)?.campaign : undefined;
      if (!campaign) {
        campaign = (await campaignsService.creatorCampaignFacts(user.accountId, campaignId)) ?? undefined;
        if (!campaign) throw errors.notFound();
        if (boardCacheMs > 0) viewers.set(key, { campaign, named: null });
      }
      return leaderboard(campaign, query, { kind: 'creator', creatorId: user.accountId });
    },

    /** The console's leaderboard of a campaign in the caller's scope. */
    async staffLeaderboard(
      caller: StaffCaller,
      campaignId: string,
      query: LeaderboardQuery,
    ): Promise<Leaderboard> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      return leaderboard(campaign, query, { kind: 'staff' });
    },

    /**
     * A closed board's winners, for the prize settlement: its first `places` ranked entries (one without
     * views to rank by wins nothing) with the figures they were ranked by, and how many entries it held.
     */
    async closedBoard(
      campaignId: string,
      closure: { closesAt: Date; submittedFrom?: Date; submittedBefore?: Date },
      places: number,
    ): Promise<{ entries: number; winners: ClosedBoardPlace[] }> {
      const board = await repository.board(db, { campaignId, ...closure, size: places });
      return {
        entries: board.total,
        winners: board.rows.flatMap((row) =>
          row.rank === null || row.rank > places
            ? []
            : [
                {
                  rank: row.rank,
                  entryId: row.entryId,
                  creatorId: row.creatorId,
                  ...figuresOf(row),
                  source: row.source,
                  readAt: row.readAt,
                },
              ],
        ),
      };
    },
  };
}

/** A place that wins a prize on a closed board. */
export type ClosedBoardPlace = Pick<
  BoardRow,
  'entryId' | 'creatorId' | 'views' | 'likes' | 'comments' | 'shares' | 'source' | 'readAt'
> & { rank: number };

export type MetricsService = ReturnType<typeof createMetricsService>;
