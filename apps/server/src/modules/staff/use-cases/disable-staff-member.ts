import { STAFF_MESSAGES, type StaffMember } from '@platform/shared';
import { errors } from '../../../errors';
import type { Actor } from '../../../principal';

import type { StaffContext } from '../staff.context';
import { conflict, existingId, staffView } from '../staff-rules';

/** The account can no longer sign in, and its sessions end at once. */
export async function disableStaffMember(
  context: StaffContext,
  actor: Actor,
  id: string,
): Promise<StaffMember> {
  const { db, audit, authService } = context;
  const accountId = existingId(id);
  await db.transaction(async (tx) => {
    const admins = await authService.lockActiveAdmins(tx);
    const target = await authService.findStaffAccount(accountId, tx);
    if (!target) throw errors.notFound();
    if (target.id === actor.accountId) throw conflict(STAFF_MESSAGES.ownAccount);
    if (target.status === 'INACTIVE') throw conflict(STAFF_MESSAGES.alreadyDisabled);
    if (target.role === 'Admin' && admins.filter((adminId) => adminId !== target.id).length === 0) {
      throw conflict(STAFF_MESSAGES.lastAdmin);
    }
    await authService.disableAccount(tx, target.id);
    await audit.record(tx, {
      actor,
      action: 'staff.disable',
      target: { type: 'staff', id: target.id, label: target.email },
      before: { status: 'ACTIVE' },
      after: { status: 'INACTIVE', sessionsEnded: true },
    });
  });
  return staffView(context, accountId);
}
