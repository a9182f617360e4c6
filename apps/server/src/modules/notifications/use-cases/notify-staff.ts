import type { Executor } from '../../../db/client';
import type { NotificationsContext } from '../notifications.context';
import type { StaffNotifyInput } from '../notification-facts';
import { staffEmail, staffWhoMay, tell } from '../telling';

/**
 * Tells the staff who must act (ADR 031), in the caller's transaction `tx` as `notify` does: each gets
 * the feed row and, as they chose, the email. Answers whom it told.
 */
export async function notifyStaff(
  context: NotificationsContext,
  tx: Executor,
  input: StaffNotifyInput,
): Promise<string[]> {
  const { work, campaign, among, except, ...facts } = input;
  const left = new Set(except ?? []);
  const reached = await staffWhoMay(context, tx, work, campaign);
  const recipients = reached.filter(
    (accountId) => !left.has(accountId) && (among === undefined || among.includes(accountId)),
  );
  for (const accountId of recipients) {
    const told = await tell(context, tx, {
      ...facts,
      accountId,
      campaignId: campaign?.id ?? null,
      campaignName: campaign?.name ?? '',
    });
    if (told.email) await context.emailService.enqueue(tx, told.email, staffEmail(context, told));
  }
  return recipients;
}
