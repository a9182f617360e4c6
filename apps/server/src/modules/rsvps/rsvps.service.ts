import { bindUseCases } from '../use-cases';
import type { RsvpsContext } from './rsvps.context';
import { answerInvitation } from './use-cases/answer-invitation';
import { inviteCreators } from './use-cases/invite-creators';
import { isTakingPart } from './use-cases/is-taking-part';
import { joinCampaign } from './use-cases/join-campaign';
import { listCampaignRsvps } from './use-cases/list-campaign-rsvps';
import { listEligibleCreators } from './use-cases/list-eligible-creators';
import { listInvitations } from './use-cases/list-invitations';
import { moveRsvp } from './use-cases/move-rsvp';
import { rsvpsOfCreator } from './use-cases/rsvps-of-creator';
import { searchRsvp } from './use-cases/search-rsvp';

export type RsvpsDependencies = RsvpsContext;

/**
 * Who takes part in which campaign (DESIGN §7): creators join CHALLENGE campaigns by themselves and
 * answer invitations to BESPOKE ones; staff invite, ask again, withdraw and unselect. Every move follows
 * the RSVP machine of packages/shared under the RSVP's row lock, and is audited.
 */
export function createRsvpsService(dependencies: RsvpsDependencies) {
  return bindUseCases(dependencies, {
    join: joinCampaign,
    answer: answerInvitation,
    isTakingPart,
    search: searchRsvp,
    invitations: listInvitations,
    list: listCampaignRsvps,
    eligible: listEligibleCreators,
    invite: inviteCreators,
    move: moveRsvp,
    ofCreatorForStaff: rsvpsOfCreator,
  });
}

export type RsvpsService = ReturnType<typeof createRsvpsService>;
