import { STAFF_MESSAGES, type StaffMember } from '@platform/shared';
import { errors } from '../../../errors';
import type { Actor } from '../../../principal';

import type { StaffContext } from '../staff.context';
import { conflict, existingId, staffView } from '../staff-rules';

export async function enableStaffMember(
  context: StaffContext,
  actor: Actor,
  id: string,
): Promise<StaffMember> {
  const { db, audit, authService } = context;
  const accountId = existingId(id);
  await db.transaction(async (tx) => {
    const target = await authService.findStaffAccount(accountId, tx);
    if (!target) throw errors.notFound();
    if (target.status !== 'INACTIVE') throw conflict(STAFF_MESSAGES.alreadyActive);
    await authService.enableAccount(tx, target.id);
    await audit.record(tx, {
      actor,
      action: 'staff.enable',
      target: { type: 'staff', id: target.id, label: target.email },
      before: { status: 'INACTIVE' },
      after: { status: 'ACTIVE' },
    });
  });
  return staffView(context, accountId);
}
