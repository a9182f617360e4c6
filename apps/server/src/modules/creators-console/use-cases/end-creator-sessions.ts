import type { MessageResponse } from '@platform/shared';
import type { Actor, StaffCaller } from '../../../principal';
import { reachable, targetOf } from '../creator-views';
import type { CreatorsConsoleContext } from '../creators-console.context';

/** POST /server-api/marketing/creators/{id}/end-sessions: every device the creator is signed in on. */
export async function endCreatorSessions(
  context: CreatorsConsoleContext,
  caller: StaffCaller & Pick<Actor, 'requestId'>,
  id: string,
): Promise<MessageResponse> {
  const { db, audit, authService } = context;
  const row = await reachable(context, db, caller, id);
  await db.transaction(async (tx) => {
    await authService.revokeAllSessions(tx, row.id);
    await audit.record(tx, { actor: caller, action: 'creator.end-sessions', target: targetOf(row) });
  });
  return { message: 'The creator is signed out everywhere.' };
}
