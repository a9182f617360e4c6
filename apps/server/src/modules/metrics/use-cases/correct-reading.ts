import { randomUUID } from 'node:crypto';
import { METRICS_MESSAGES, type MetricReading, type MetricsCorrectionBody } from '@platform/shared';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import type { MetricsContext } from '../metrics.context';
import type { ReadingRow } from '../metrics.repository';
import { figuresOf, toReading } from '../readings';

/** The correcting reading: each figure sent, else the corrected reading's own, at the corrected one's time. */
function correctionOf(
  caller: StaffCaller,
  entryId: string,
  body: MetricsCorrectionBody,
  corrected: ReadingRow | undefined,
  now: Date,
): ReadingRow {
  const figure = (name: 'views' | 'likes' | 'comments' | 'shares') =>
    body[name] !== undefined ? body[name] : (corrected?.[name] ?? null);
  return {
    id: randomUUID(),
    entryId,
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
}

/**
 * POST …/campaigns/{id}/entries/{entryId}/metrics: staff figures that replace a reading (the entry's
 * current one unless named), stored beside it with the reason, at its time, and audited. A figure left
 * out is the corrected reading's own.
 */
export async function correctReading(
  context: MetricsContext,
  caller: StaffCaller,
  campaignId: string,
  entryId: string,
  body: MetricsCorrectionBody,
): Promise<MetricReading> {
  const { repository } = context;
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  const entry = await context.entriesService.measuredEntry(entryId);
  if (!entry || entry.campaignId !== campaign.id) throw errors.notFound();
  const reading = await context.db.transaction(async (tx) => {
    const corrected = body.readingId
      ? await repository.findReading(tx, body.readingId)
      : await repository.latestReading(tx, entry.id);
    if (body.readingId && corrected?.entryId !== entry.id) {
      throw errors.validation([{ field: 'readingId', message: METRICS_MESSAGES.readingUnknown }]);
    }
    const row = correctionOf(caller, entry.id, body, corrected, context.clock.now());
    await repository.insertReadings(tx, [row]);
    await context.audit.record(tx, {
      actor: caller,
      action: 'metrics.correct',
      target: { type: 'entry', id: entry.id, label: campaign.name },
      before: corrected ? { reading: corrected.id, source: corrected.source, ...figuresOf(corrected) } : null,
      after: { reading: row.id, ...figuresOf(row), note: body.note },
    });
    return toReading(row);
  });
  context.boards.figuresChanged(1);
  return reading;
}
