import { isUuid } from '@platform/shared';
import type { EntriesContext } from '../entries.context';
import type { MeasuredEntry } from '../entries.repository';

/** One entry as the metrics module reads it, whatever its status. */
export async function measuredEntry(context: EntriesContext, id: string): Promise<MeasuredEntry | undefined> {
  return isUuid(id) ? context.repository.measuredEntry(context.db, id) : undefined;
}
