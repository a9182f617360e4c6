import { LOOKUP_MESSAGES, type Lookup, type LookupKind } from '@platform/shared';
import { errors } from '../../../errors';
import type { Actor } from '../../../principal';
import type { LookupsContext } from '../lookups.context';
import { lookupsRepository as repository } from '../lookups.repository';
import { asConflict, duplicateName, lockedOrMissing, snapshot, target, toLookup } from '../lookup-records';

/** Brings an archived lookup back, if its name is still free (and, for an answer, its question is live). */
export async function restoreLookup(
  { db, clock, audit }: LookupsContext,
  actor: Actor,
  kind: LookupKind,
  id: string,
): Promise<Lookup> {
  return db
    .transaction(async (tx) => {
      const row = await lockedOrMissing(tx, kind, id);
      if (!row.archivedAt) return toLookup(row);
      if (row.parentId && !(await repository.lockedLiveQuestion(tx, row.parentId))) {
        throw errors.conflict(LOOKUP_MESSAGES.restoreQuestionFirst);
      }
      if (await repository.liveNameTaken(tx, { kind, parentId: row.parentId, name: row.name })) {
        throw duplicateName(kind);
      }
      const restored = await repository.update(tx, id, { archivedAt: null, updatedAt: clock.now() });
      await audit.record(tx, {
        actor,
        action: 'lookup.restore',
        target: target(restored),
        before: snapshot(row),
        after: snapshot(restored),
      });
      return toLookup(restored);
    })
    .catch(asConflict(kind));
}
