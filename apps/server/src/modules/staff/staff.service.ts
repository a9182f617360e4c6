import { bindUseCases } from '../use-cases';
import type { StaffContext } from './staff.context';
import { acceptInvitation } from './use-cases/accept-invitation';
import { cancelInvitation } from './use-cases/cancel-invitation';
import { disableStaffMember } from './use-cases/disable-staff-member';
import { enableStaffMember } from './use-cases/enable-staff-member';
import { hasInvitedStaff } from './use-cases/has-invited-staff';
import { invitationDetails } from './use-cases/invitation-details';
import { inviteStaff } from './use-cases/invite-staff';
import { listInvitations } from './use-cases/list-invitations';
import { listStaff } from './use-cases/list-staff';
import { resendInvitation } from './use-cases/resend-invitation';
import { staffDirectory } from './use-cases/staff-directory';
import { updateStaffMember } from './use-cases/update-staff-member';

export { INVITATION_LIFETIME_MS, STAFF_RATE_LIMITS } from './staff.policy';

export type StaffService = ReturnType<typeof createStaffService>;

/** Staff accounts: invitations, the directory, roles and reach, disabling and enabling. */
export function createStaffService(dependencies: StaffContext) {
  return bindUseCases(dependencies, {
    hasInvitedStaff,
    list: listStaff,
    directory: staffDirectory,
    listInvitations,
    invite: inviteStaff,
    resendInvitation,
    cancelInvitation,
    update: updateStaffMember,
    disable: disableStaffMember,
    enable: enableStaffMember,
    invitationDetails,
    acceptInvitation,
  });
}
