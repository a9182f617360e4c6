import type { Executor } from '../../../db/client';
import type { MetricsContext } from '../metrics.context';
import { validationRepository as repository } from '../validation.repository';

/**
 * Keeps reading paid posts until their clawback retention ends, in the caller's transaction, so that a
 * post taken down or made private after its campaign ended is still seen (ADR 037).
 */
export async function watchPaidPosts(
  context: MetricsContext,
  tx: Executor,
  posts: readonly { entryId: string; until: Date }[],
): Promise<void> {
  await repository.watch(tx, posts, context.clock.now());
}

/** Of the entries, those whose post the platform no longer showed at its last reading. */
export const postsGoneAmong = (context: MetricsContext, entryIds: readonly string[]) =>
  repository.goneAmong(context.db, entryIds);

/** When the entry's figures were first and last read: a window of views to exclude lies between. */
export const readingsSpanOf = (context: MetricsContext, entryId: string) =>
  repository.readingsSpan(context.db, entryId);
