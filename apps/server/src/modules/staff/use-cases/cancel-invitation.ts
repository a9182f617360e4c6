import type { Actor } from '../../../principal';
import { staffRepository as repository } from '../staff.repository';

import type { StaffContext } from '../staff.context';
import { lockOpenInvitation } from '../staff-rules';

export async function cancelInvitation(context: StaffContext, actor: Actor, id: string): Promise<void> {
  const { db, clock, audit } = context;
  await db.transaction(async (tx) => {
    const current = await lockOpenInvitation(context, tx, id);
    const now = clock.now();
    await repository.cancel(tx, current.id, now);
    await audit.record(tx, {
      actor,
      action: 'staff.cancel',
      target: { type: 'staff-invitation', id: current.id, label: current.email },
      before: { status: current.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending' },
      after: { status: 'cancelled' },
    });
  });
}
