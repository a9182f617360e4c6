import { randomUUID } from 'node:crypto';
import { nextMetricsAttempt } from '../../../adapters/metrics/metrics-backoff';
import { unavailableReading } from '../../../adapters/metrics/metrics-readings';
import type { MetricsUnavailableReason } from '../../../adapters/metrics/metrics-source';
import type { Executor } from '../../../db/client';
import type { MeasuredEntry } from '../../entries/entries.service';
import type { MetricsContext } from '../metrics.context';
import type { ReadingRow } from '../metrics.repository';
import { validationRepository } from '../validation.repository';

/** Posts claimed and read at a time: a few calls to each provider (YouTube takes 50 a call). */
export const REFRESH_BATCH = 200;
/** How long a claimed post is left to its worker before another may take it. */
const CLAIM_MS = 10 * 60 * 1000;
/** Failures in a row, when the platform did not answer, before staff hear that a post's figures are not read. */
export const FIGURES_FAILED_AFTER_ATTEMPTS = 3;

/** What one run of the refresh job did. */
export type RefreshSummary = { asked: number; recorded: number; withoutFigures: number };

type Claim = { entryId: string; nextAttemptAt: Date; attempts: number };
type Measured = { claim: Claim; entry: MeasuredEntry; url: string };
type Readings = Awaited<ReturnType<MetricsContext['sources']['read']>>;

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

/**
 * The failed read of a post that staff are told of, once per run of failures: at the first failure when
 * the post is gone or private (someone must look), at the third in a row when the platform did not
 * answer (one miss is not news). Nothing is told when no source is set up for the platform, or the link
 * is not one a source measures: that is the install's, not the post's.
 */
function failureToTell(reason: MetricsUnavailableReason, attempts: number): boolean {
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
}

/** Per campaign, the posts whose reading has just failed in a way staff should hear of. */
function failuresToTell(measured: readonly Measured[], readings: Readings) {
  const failed = new Map<string, MetricsUnavailableReason[]>();
  for (const { claim, entry, url } of measured) {
    const reading = readings.get(url) ?? unavailableReading('unsupported');
    if (reading.kind === 'metrics' || !failureToTell(reading.reason, claim.attempts + 1)) continue;
    failed.set(entry.campaignId, [...(failed.get(entry.campaignId) ?? []), reading.reason]);
  }
  return failed;
}

/** Records what each post answered, and when it is read next, in the caller's transaction. */
async function settleReadings(
  context: MetricsContext,
  tx: Executor,
  measured: readonly Measured[],
  readings: Readings,
  summary: RefreshSummary,
) {
  const settledAt = context.clock.now();
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
    await context.repository.settle(tx, claim, {
      nextAttemptAt: nextMetricsAttempt(reading, attempts, settledAt),
      attempts,
      lastOutcome: reading.kind === 'metrics' ? 'metrics' : reading.reason,
      updatedAt: settledAt,
    });
  }
  summary.recorded += await context.repository.insertReadings(tx, rows);
}

/** Reads one batch of claimed posts and records what each answered, with its next attempt. */
async function readClaimed(
  context: MetricsContext,
  claimed: readonly Claim[],
  posts: ReadonlyMap<string, MeasuredEntry>,
  summary: RefreshSummary,
) {
  const { staffNotifier } = context;
  const measured = claimed.flatMap((claim) => {
    const entry = posts.get(claim.entryId);
    return entry?.postLink ? [{ claim, entry, url: entry.postLink }] : [];
  });
  const readings = await context.sources.read(
    measured.map(({ entry, url }) => ({ url, platform: entry.platform })),
  );
  const failed = failuresToTell(measured, readings);
  // Read before the transaction: on the embedded database, one connection serves both.
  const reaches =
    staffNotifier && failed.size > 0 ? await context.campaignsService.reachOf([...failed.keys()]) : [];
  await context.db.transaction(async (tx) => {
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
    await settleReadings(context, tx, measured, readings, summary);
  });
  summary.asked += measured.length;
}

/**
 * The refresh job: every approved entry of a live campaign is put on the schedule (and paid posts stay on
 * it through their retention), then the posts due
 * are claimed a batch at a time, read through their platforms' sources, and each answer recorded with
 * its next attempt (ADR 021's backoff). A run takes only what was due when it began, so a provider
 * that asks to be called again at once cannot keep it running.
 */
export async function refreshDue(context: MetricsContext): Promise<RefreshSummary> {
  const { db, repository, clock } = context;
  const posts = new Map(
    (await context.entriesService.approvedPostsOfLiveCampaigns()).map((entry) => [entry.id, entry]),
  );
  const runAt = clock.now();
  // Paid posts are read through their clawback retention after their campaign ends (ADR 037).
  for (const entryId of await validationRepository.watchedAt(db, runAt)) {
    if (posts.has(entryId)) continue;
    const watched = await context.entriesService.measuredEntry(entryId);
    if (watched) posts.set(entryId, watched);
  }
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
    // Entries no longer approved, or whose campaign is no longer live and which are not watched, are not
    // read again.
    await repository.unschedule(
      db,
      claimed.filter((claim) => !posts.has(claim.entryId)).map((claim) => claim.entryId),
    );
    await readClaimed(context, claimed, posts, summary);
    if (claimed.length < REFRESH_BATCH) break;
  }
  context.boards.figuresChanged(summary.recorded);
  return summary;
}
