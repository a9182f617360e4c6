import type { StoredRiskSignal } from '../../../db/schema/index';
import type { MetricsContext } from '../metrics.context';
import { validationRepository as repository } from '../validation.repository';

/** The entries' latest risk scores, for those scored. */
export async function assessmentsOf(
  context: MetricsContext,
  entryIds: readonly string[],
): Promise<Map<string, { score: number; signals: StoredRiskSignal[]; assessedAt: Date }>> {
  const rows = await repository.assessmentsOf(context.db, entryIds);
  return new Map(
    rows.map((row) => [row.entryId, { score: row.score, signals: row.signals, assessedAt: row.assessedAt }]),
  );
}
