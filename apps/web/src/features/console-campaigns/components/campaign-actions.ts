import {
  campaignStatusAllows,
  can,
  nextCampaignStatus,
  type AccountRole,
  type CampaignStatus,
} from '@platform/shared';

/** What a person may do to a campaign from its page. */
export type CampaignAction =
  | 'edit'
  | 'submit'
  | 'approve'
  | 'reject'
  | 'pause'
  | 'resume'
  | 'unpublish'
  | 'republish'
  | 'copy'
  | 'archive';

/** Statuses in which the campaign's fields may change: not while it waits for review, nor once ended. */
export const isEditableStatus = (status: CampaignStatus) =>
  campaignStatusAllows(status, 'editableFreely') || campaignStatusAllows(status, 'approved');

/** A reviewer: the approve and reject buttons are theirs (DESIGN §6, UI_CAMPAIGN_REVIEW_BUTTON). */
const reviews = (role: AccountRole, action: 'APPROVE' | 'REJECT') =>
  can(role, action, 'CAMPAIGN') && can(role, action, 'UI_CAMPAIGN_REVIEW_BUTTON');

/**
 * The actions offered to `role` on a campaign at `status`: those its grants allow (as the server checks
 * them) and that the campaign's status allows (CAMPAIGN_TRANSITIONS). An archived campaign can only be
 * copied. A role that may only read gets none.
 */
export function campaignActions(
  role: AccountRole,
  campaign: { status: CampaignStatus; archived: boolean },
): CampaignAction[] {
  const { status, archived } = campaign;
  const allowed = (event: Parameters<typeof nextCampaignStatus>[1]) =>
    !archived && nextCampaignStatus(status, event) !== null;
  const actions: CampaignAction[] = [];
  if (!archived && can(role, 'EDIT', 'CAMPAIGN') && isEditableStatus(status)) actions.push('edit');
  if (allowed('submit') && can(role, 'EDIT', 'CAMPAIGN')) actions.push('submit');
  if (allowed('approve') && reviews(role, 'APPROVE')) actions.push('approve');
  if (allowed('reject') && reviews(role, 'REJECT')) actions.push('reject');
  // Pausing and resuming are a CampaignManager's (APPROVE CAMPAIGN in the campaign's teams, ADR 038).
  if (allowed('pause') && can(role, 'APPROVE', 'CAMPAIGN')) actions.push('pause');
  if (allowed('resume') && can(role, 'APPROVE', 'CAMPAIGN')) actions.push('resume');
  if (allowed('unpublish') && can(role, 'APPROVE', 'CAMPAIGN')) actions.push('unpublish');
  if (allowed('republish') && can(role, 'APPROVE', 'CAMPAIGN')) actions.push('republish');
  if (can(role, 'COPY', 'CAMPAIGN')) actions.push('copy');
  // A campaign creators can see (published or live) is taken down before it is archived.
  if (!archived && campaignStatusAllows(status, 'archivable') && can(role, 'ARCHIVE', 'CAMPAIGN')) {
    actions.push('archive');
  }
  return actions;
}

/**
 * Whether `role` may change what was approved (the reward, the budget, the dates) of a campaign at
 * `status`: anyone who may edit it before approval; after it, only with CAMPAIGN_EDIT_ACTION.
 */
export function mayChangeApprovedTerms(role: AccountRole, status: CampaignStatus): boolean {
  return !campaignStatusAllows(status, 'approved') || can(role, 'EDIT', 'CAMPAIGN_EDIT_ACTION');
}

/** Whether the campaign is past approval, so that changing its terms sends it back for review. */
export const isApprovedStatus = (status: CampaignStatus) => campaignStatusAllows(status, 'approved');
