import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../db/client';
import type { MetricsContext } from '../metrics.context';
import { validationRepository as repository } from '../validation.repository';

/** Views staff found were not real: those gained between `from` and `to`, and why (ADR 037). */
export type ViewExclusion = {
  entryId: string;
  from: Date;
  to: Date;
  reason: string;
  /** The hold it decides. */
  holdId: string;
  /** The staff member who decided. */
  by: string;
};

/**
 * Takes the views gained in a window out of the entry's figure: the views of its latest reading by `to`
 * less those of its latest reading by `from` (none before the first reading), as the readings say, and
 * taken off every reading read after `from` on every board and figure from now on. In the caller's
 * transaction; the views taken out are answered.
 */
export async function excludeViews(
  context: MetricsContext,
  tx: Executor,
  exclusion: ViewExclusion,
): Promise<{ views: number }> {
  const atEnd = (await repository.viewsAt(tx, exclusion.entryId, exclusion.to)) ?? 0;
  const atStart = (await repository.viewsAt(tx, exclusion.entryId, exclusion.from)) ?? 0;
  const views = Math.max(atEnd - atStart, 0);
  await repository.insertExclusion(tx, {
    id: randomUUID(),
    entryId: exclusion.entryId,
    fromAt: exclusion.from,
    toAt: exclusion.to,
    views,
    reason: exclusion.reason,
    holdId: exclusion.holdId,
    createdBy: exclusion.by,
    createdAt: context.clock.now(),
  });
  context.boards.figuresChanged(1);
  return { views };
}
