import { randomUUID } from 'node:crypto';
import {
  normalizeEmail,
  STAFF_INVITATION_DAYS,
  STAFF_MESSAGES,
  type MarketingRole,
  type StaffInvitation,
} from '@platform/shared';
import type { Actor } from '../../../principal';
import { emailTemplates } from '../../email/email.service';
import { staffRepository as repository, type Invitation } from '../staff.repository';

import type { StaffContext } from '../staff.context';
import {
  checkedMemberships,
  conflict,
  invitationView,
  membershipErrors,
  nameOf,
  names,
  newLink,
  unique,
} from '../staff-rules';

export async function inviteStaff(
  context: StaffContext,
  actor: Actor,
  input: {
    email: string;
    displayName: string;
    role: MarketingRole;
    teamIds: string[];
    territoryIds: string[];
  },
): Promise<StaffInvitation> {
  const { db, clock, audit, authService, emailService } = context;
  const email = normalizeEmail(input.email);
  const teamIds = unique(input.teamIds);
  const territoryIds = unique(input.territoryIds);
  membershipErrors(context, input.role, teamIds.length, territoryIds.length);
  const invitedBy = await nameOf(context, actor.accountId);
  const invitation = await db.transaction(async (tx) => {
    const { teams, territories } = await checkedMemberships(context, tx, teamIds, territoryIds);
    await repository.lockInvitationsTo(tx, email);
    if (await authService.findAccountByEmail(email, tx)) throw conflict(STAFF_MESSAGES.emailTaken, 'email');
    const earlier = await repository.findOpenInvitationByEmail(tx, email);
    if (earlier) {
      const expired = earlier.expiresAt.getTime() <= clock.now().getTime();
      throw conflict(
        expired ? STAFF_MESSAGES.invitationExpiredExists : STAFF_MESSAGES.invitationPending,
        'email',
      );
    }
    const now = clock.now();
    const link = newLink(context, now);
    const created: Invitation = {
      id: randomUUID(),
      email,
      displayName: input.displayName,
      role: input.role,
      teamIds,
      territoryIds,
      tokenHash: link.tokenHash,
      invitedBy: actor.accountId,
      createdAt: now,
      sentAt: link.sentAt,
      expiresAt: link.expiresAt,
      acceptedAt: null,
      cancelledAt: null,
      accountId: null,
    };
    await repository.insertInvitation(tx, created);
    await audit.record(tx, {
      actor,
      action: 'staff.invite',
      target: { type: 'staff-invitation', id: created.id, label: email },
      before: null,
      after: {
        email,
        displayName: input.displayName,
        role: input.role,
        teams: names(teams),
        territories: names(territories),
        expiresAt: link.expiresAt.toISOString(),
      },
    });
    await emailService.enqueue(
      tx,
      email,
      emailTemplates.staffInvitation({
        url: link.url,
        displayName: input.displayName,
        invitedBy,
        role: input.role,
        expiresInDays: STAFF_INVITATION_DAYS,
      }),
    );
    return created;
  });
  emailService.notifyEnqueued();
  return invitationView(context, invitation);
}
