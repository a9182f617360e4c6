import type { EntriesContext } from '../entries.context';
import type { MeasuredEntry } from '../entries.repository';

/** The entries of posts, by the posts' identities (`postIdentity`), for figures a partner sends. */
export function measuredOfPosts(
  context: EntriesContext,
  identities: readonly string[],
): Promise<MeasuredEntry[]> {
  return context.repository.measuredOfPosts(context.db, identities);
}
