import type { MessageResponse } from '@platform/shared';
import type { Actor, StaffCaller } from '../../../principal';
import { reachable, targetOf } from '../creator-views';
import type { CreatorsConsoleContext } from '../creators-console.context';

/** POST /server-api/marketing/creators/{id}/resend-verification. */
export async function resendCreatorVerification(
  context: CreatorsConsoleContext,
  caller: StaffCaller & Pick<Actor, 'requestId'>,
  id: string,
): Promise<MessageResponse> {
  const { db, audit, authService } = context;
  const row = await reachable(context, db, caller, id);
  const sent = await authService.sendVerificationFor(row.id, (tx) =>
    audit.record(tx, { actor: caller, action: 'creator.resend-verification', target: targetOf(row) }),
  );
  if (!sent) return { message: 'This email address is verified already.' };
  return { message: 'A new verification email is on its way.' };
}
