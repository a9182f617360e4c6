import type { Executor } from '../../../db/client';
import { emailTemplates } from '../../email/email.service';
import type { NotificationsContext } from '../notifications.context';
import type { NotifyInput } from '../notification-facts';
import { tell } from '../telling';

/**
 * Tells the creator of `event` in the caller's transaction `tx`, and only there: the feed row, the
 * email (in the outbox) and the push (PENDING for the push job) are written or rolled back with the
 * change that causes them. Reads the creator's choice and email address through `tx` too.
 */
export async function notifyCreator(
  context: NotificationsContext,
  tx: Executor,
  input: NotifyInput,
): Promise<{ id: string }> {
  const told = await tell(context, tx, input);
  // A deactivated account keeps its feed but is written to no more.
  if (told.email) {
    await context.emailService.enqueue(
      tx,
      told.email,
      emailTemplates.notification({
        title: told.title,
        body: told.body,
        url: `${context.publicUrl}${told.link ?? '/'}`,
        audience: told.audience,
      }),
    );
  }
  return { id: told.id };
}
