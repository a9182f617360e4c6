import { randomUUID } from 'node:crypto';
import type { CreatorNoteBody } from '@platform/shared';
import type { Actor, StaffCaller } from '../../../principal';
import { reachable, targetOf, toNote } from '../creator-views';
import type { CreatorsConsoleContext } from '../creators-console.context';
import { creatorsConsoleRepository as repository } from '../creators-console.repository';

/** POST /server-api/marketing/creators/{id}/notes. */
export async function addCreatorNote(
  context: CreatorsConsoleContext,
  caller: StaffCaller & Pick<Actor, 'requestId'>,
  id: string,
  body: CreatorNoteBody,
) {
  const { db, clock, audit } = context;
  const row = await reachable(context, db, caller, id);
  return db.transaction(async (tx) => {
    const note = await repository.insertNote(tx, {
      id: randomUUID(),
      creatorId: row.id,
      authorId: caller.accountId,
      authorName: caller.email,
      body: body.body,
      createdAt: clock.now(),
    });
    await audit.record(tx, {
      actor: caller,
      action: 'creator.note',
      target: targetOf(row),
      after: { noteId: note.id },
    });
    return toNote(note);
  });
}
