import { type InvitationDetails } from '@platform/shared';

import type { StaffContext } from '../staff.context';
import { limitPerAddress, usableInvitation } from '../staff-rules';

/** What the invitation page shows before the person chooses a password. */
export async function invitationDetails(
  context: StaffContext,
  token: string,
  ip: string,
): Promise<InvitationDetails> {
  await limitPerAddress(context, ip);
  const invitation = await usableInvitation(context, token);
  return { email: invitation.email, displayName: invitation.displayName, role: invitation.role };
}
