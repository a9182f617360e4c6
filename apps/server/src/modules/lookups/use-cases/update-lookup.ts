import { LOOKUP_MESSAGES, type Lookup, type LookupKind, type UpdateLookupBody } from '@platform/shared';
import { errors } from '../../../errors';
import type { Actor } from '../../../principal';
import type { LookupsContext } from '../lookups.context';
import { lookupsRepository as repository } from '../lookups.repository';
import {
  asConflict,
  blankToNull,
  duplicateName,
  lockedOrMissing,
  snapshot,
  target,
  toLookup,
} from '../lookup-records';

/** Changes the fields sent; an archived lookup must be restored first. */
export async function updateLookup(
  { db, clock, audit }: LookupsContext,
  actor: Actor,
  kind: LookupKind,
  id: string,
  body: UpdateLookupBody,
): Promise<Lookup> {
  return db
    .transaction(async (tx) => {
      const row = await lockedOrMissing(tx, kind, id);
      if (row.archivedAt) throw errors.conflict(LOOKUP_MESSAGES.editArchived);
      const next = {
        name: body.name ?? row.name,
        label: body.label === undefined ? row.label : blankToNull(body.label),
        infoContent: body.infoContent === undefined ? row.infoContent : blankToNull(body.infoContent),
      };
      if (next.name === row.name && next.label === row.label && next.infoContent === row.infoContent) {
        return toLookup(row);
      }
      if (
        next.name !== row.name &&
        (await repository.liveNameTaken(tx, { kind, parentId: row.parentId, name: next.name, exceptId: id }))
      ) {
        throw duplicateName(kind);
      }
      const updated = await repository.update(tx, id, { ...next, updatedAt: clock.now() });
      await audit.record(tx, {
        actor,
        action: 'lookup.update',
        target: target(updated),
        before: snapshot(row),
        after: snapshot(updated),
      });
      return toLookup(updated);
    })
    .catch(asConflict(kind));
}
