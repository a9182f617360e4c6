import { staffRepository as repository } from '../staff.repository';

import type { StaffContext } from '../staff.context';

/** Whether an invitation has gone out to someone and was not cancelled, whether or not it was accepted. */
export const hasInvitedStaff = (context: StaffContext) => repository.hasUncancelledInvitation(context.db);
