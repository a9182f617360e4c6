import type { Entry } from '@platform/shared';
import type { EntriesContext } from '../entries.context';
import { toEntry } from '../entry-moves';

/** The creator's entries to each of these campaigns, newest first, for the console's creator page. */
export async function entriesOfCreator(
  context: EntriesContext,
  creatorId: string,
  campaignIds: readonly string[],
): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (const campaignId of campaignIds) {
    entries.push(...(await context.repository.ofCreator(context.db, creatorId, campaignId)).map(toEntry));
  }
  return entries;
}
