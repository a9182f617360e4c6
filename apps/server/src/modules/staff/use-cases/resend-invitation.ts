import { STAFF_INVITATION_DAYS, STAFF_MESSAGES, type StaffInvitation } from '@platform/shared';
import { errors } from '../../../errors';
import type { Actor } from '../../../principal';
import { emailTemplates } from '../../email/email.service';
import { staffRepository as repository } from '../staff.repository';

import type { StaffContext } from '../staff.context';
import { conflict, invitationView, lockOpenInvitation, nameOf, newLink } from '../staff-rules';

/** A new link and 7 more days; the link sent before stops working. */
export async function resendInvitation(
  context: StaffContext,
  actor: Actor,
  id: string,
): Promise<StaffInvitation> {
  const { db, clock, audit, authService, emailService } = context;
  const invitedBy = await nameOf(context, actor.accountId);
  const invitation = await db.transaction(async (tx) => {
    const current = await lockOpenInvitation(context, tx, id);
    if (await authService.findAccountByEmail(current.email, tx)) {
      throw conflict(STAFF_MESSAGES.emailTaken, 'email');
    }
    const link = newLink(context, clock.now());
    const renewed = await repository.replaceToken(tx, current.id, link);
    if (!renewed) throw errors.notFound();
    await audit.record(tx, {
      actor,
      action: 'staff.resend',
      target: { type: 'staff-invitation', id: current.id, label: current.email },
      before: { sentAt: current.sentAt.toISOString(), expiresAt: current.expiresAt.toISOString() },
      after: { sentAt: link.sentAt.toISOString(), expiresAt: link.expiresAt.toISOString() },
    });
    await emailService.enqueue(
      tx,
      current.email,
      emailTemplates.staffInvitation({
        url: link.url,
        displayName: current.displayName,
        invitedBy,
        role: current.role,
        expiresInDays: STAFF_INVITATION_DAYS,
      }),
    );
    return renewed;
  });
  emailService.notifyEnqueued();
  return invitationView(context, invitation);
}
