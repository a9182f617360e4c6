import { randomUUID } from 'node:crypto';
import { LOOKUP_MESSAGES, type CreateLookupBody, type Lookup, type LookupKind } from '@platform/shared';
import { errors } from '../../../errors';
import type { Actor } from '../../../principal';
import type { LookupsContext } from '../lookups.context';
import { lookupsRepository as repository } from '../lookups.repository';
import { asConflict, blankToNull, duplicateName, snapshot, target, toLookup } from '../lookup-records';

export async function createLookup(
  { db, clock, audit }: LookupsContext,
  actor: Actor,
  kind: LookupKind,
  body: CreateLookupBody,
): Promise<Lookup> {
  if (kind === 'answer' && !body.questionId) {
    throw errors.validation([{ field: 'questionId', message: LOOKUP_MESSAGES.questionRequired }]);
  }
  if (kind !== 'answer' && body.questionId !== undefined) {
    throw errors.validation([{ field: 'questionId', message: LOOKUP_MESSAGES.questionOnlyForAnswers }]);
  }
  const parentId = kind === 'answer' ? (body.questionId ?? null) : null;
  return db
    .transaction(async (tx) => {
      if (parentId && !(await repository.lockedLiveQuestion(tx, parentId))) {
        throw errors.validation([{ field: 'questionId', message: LOOKUP_MESSAGES.questionUnknown }]);
      }
      if (await repository.liveNameTaken(tx, { kind, parentId, name: body.name })) {
        throw duplicateName(kind);
      }
      const now = clock.now();
      const row = await repository.insert(tx, {
        id: randomUUID(),
        kind,
        name: body.name,
        label: blankToNull(body.label),
        infoContent: blankToNull(body.infoContent),
        parentId,
        createdAt: now,
        updatedAt: now,
        archivedAt: null,
      });
      await audit.record(tx, {
        actor,
        action: 'lookup.create',
        target: target(row),
        before: null,
        after: snapshot(row),
      });
      return toLookup(row);
    })
    .catch(asConflict(kind));
}
