import type { FieldError, MetricReading } from '@platform/shared';
import type { ReadingRow } from './metrics.repository';

export const toReading = (row: ReadingRow): MetricReading => ({
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

export const figuresOf = (row: Pick<ReadingRow, 'views' | 'likes' | 'comments' | 'shares'>) => ({
  views: row.views,
  likes: row.likes,
  comments: row.comments,
  shares: row.shares,
});

/** zod's issues as the error format's fields. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
  }));
}
