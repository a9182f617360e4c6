import type { DeleteLookupResponse, LookupKind } from '@platform/shared';
import { errors } from '../../../errors';
import type { Actor } from '../../../principal';
import type { LookupsContext } from '../lookups.context';
import { lookupsRepository as repository } from '../lookups.repository';
import {
  archive,
  databaseErrorCode,
  FOREIGN_KEY_VIOLATION,
  lockedOrMissing,
  snapshot,
  target,
  usedElsewhere,
} from '../lookup-records';

/**
 * Deletes a lookup nothing uses; archives one in use (a question with live answers, or one a
 * registered check names), so that what already points at it keeps reading its name.
 */
export async function removeLookup(
  context: LookupsContext,
  actor: Actor,
  kind: LookupKind,
  id: string,
): Promise<DeleteLookupResponse> {
  const { db, audit } = context;
  const [current] = await repository.byIds(db, [id]);
  if (!current || current.kind !== kind) throw errors.notFound();
  const inUseElsewhere = await usedElsewhere(context, current);
  return db.transaction(async (tx) => {
    const row = await lockedOrMissing(tx, kind, id);
    if (inUseElsewhere || (kind === 'question' && (await repository.hasLiveAnswers(tx, id)))) {
      return archive(context, tx, actor, row);
    }
    // In a savepoint: a reference no check reported (picked since the check ran) makes the delete
    // fail, and the lookup is archived instead.
    const deleted = await tx
      .transaction(async (savepoint) => {
        await repository.delete(savepoint, id);
        return true;
      })
      .catch((error: unknown) => {
        if (databaseErrorCode(error) === FOREIGN_KEY_VIOLATION) return false;
        throw error;
      });
    if (!deleted) return archive(context, tx, actor, row);
    await audit.record(tx, {
      actor,
      action: 'lookup.delete',
      target: target(row),
      before: snapshot(row),
      after: null,
    });
    return { outcome: 'deleted' as const };
  });
}
