import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  METRICS_ERROR_CODES,
  METRICS_MESSAGES,
  metricsWebhookBodySchema,
  postIdentity,
  type MetricsWebhookResult,
} from '@platform/shared';
import { verifyMetricsWebhook } from '../../../adapters/metrics/metrics-webhook-signature';
import { AppError, errors } from '../../../errors';
import type { MeasuredEntry } from '../../entries/entries.service';
import { READ_AT_LEEWAY_MS } from '../metrics.csv';
import type { MetricsContext } from '../metrics.context';
import type { ReadingRow } from '../metrics.repository';
import { fieldErrors } from '../readings';

/** The delivery's readings, once its signature holds and its body is what the webhook takes. */
function verifiedReadings(
  context: MetricsContext,
  rawBody: string,
  signature: string | undefined,
  now: Date,
) {
  const { webhookSecret } = context;
  if (!webhookSecret) {
    if (!context.webhookOff.told) {
      context.webhookOff.told = true;
      context.logger.warn(
        'a metrics webhook was refused: set METRICS_WEBHOOK_SECRET to take figures from partners',
      );
    }
    throw new AppError(404, METRICS_ERROR_CODES.webhookNotConfigured, METRICS_MESSAGES.webhookNotConfigured);
  }
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
  return parsed.data.readings;
}

type WebhookReading = ReturnType<typeof verifiedReadings>[number];

/** A reading of a known post, read no later than now, as a row; or why it is skipped. */
function rowOf(
  reading: WebhookReading,
  entry: MeasuredEntry | undefined,
  now: Date,
): { row: ReadingRow } | { skipped: MetricsWebhookResult['skipped'][number]['reason'] } {
  const readAt = new Date(reading.readAt);
  if (!entry) return { skipped: 'unknown-post' };
  if (readAt.getTime() > now.getTime() + READ_AT_LEEWAY_MS) return { skipped: 'read-in-future' };
  const row: ReadingRow = {
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
  };
  return { row };
}

/**
 * POST /server-api/metrics/webhook: figures a partner read, in a delivery signed with
 * METRICS_WEBHOOK_SECRET. The signature is checked on the body exactly as it came, before anything in
 * it is read. A post no entry has is reported, not refused; a delivery sent again records nothing new.
 */
export async function receiveWebhook(
  context: MetricsContext,
  rawBody: string,
  signature: string | undefined,
): Promise<MetricsWebhookResult> {
  const now = context.clock.now();
  const readings = verifiedReadings(context, rawBody, signature, now);
  const identities = readings.map((reading) => postIdentity(reading.postLink));
  const entries = await context.entriesService.measuredOfPosts(
    identities.filter((identity): identity is string => identity !== null),
  );
  const byPost = new Map(entries.map((entry) => [entry.postIdentity, entry]));
  const skipped: MetricsWebhookResult['skipped'] = [];
  const rows: ReadingRow[] = [];
  for (const [index, reading] of readings.entries()) {
    const identity = identities[index];
    const taken = rowOf(reading, identity ? byPost.get(identity) : undefined, now);
    if ('row' in taken) rows.push(taken.row);
    else skipped.push({ index, postLink: reading.postLink, reason: taken.skipped });
  }
  const recorded = await context.db.transaction((tx) => context.repository.insertReadings(tx, rows));
  context.boards.figuresChanged(recorded);
  return { recorded, alreadyRecorded: rows.length - recorded, skipped };
}
