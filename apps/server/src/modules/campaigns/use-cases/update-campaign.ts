import {
  campaignStatusAllows,
  can,
  CAMPAIGN_MESSAGES,
  ERROR_CODES,
  nextCampaignStatus,
  type CampaignBody,
  type CampaignDetail,
} from '@platform/shared';
import { AppError } from '../../../errors';
import { actorOf, archived, lockInScope, type CampaignsCaller } from '../campaign-access';
import {
  activeTerritoryIds,
  auditedFields,
  checkReferences,
  fieldsOf,
  isMaterialChange,
} from '../campaign-fields';
import { moveCampaign } from '../campaign-moves';
import { campaignDetail } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/**
 * Replaces the campaign's fields. A rejected campaign becomes a draft again; an approved one whose
 * reward, budget or dates change needs CAMPAIGN_EDIT_ACTION and goes back to review (DESIGN §7).
 */
export async function updateCampaign(
  context: CampaignsContext,
  caller: CampaignsCaller,
  id: string,
  body: CampaignBody,
): Promise<CampaignDetail> {
  const { db, clock, audit } = context;
  const active = await activeTerritoryIds(context);
  return db.transaction(async (tx) => {
    const row = await lockInScope(tx, caller, id);
    if (row.archivedAt) throw archived();
    const approved = campaignStatusAllows(row.status, 'approved');
    if (!approved && !campaignStatusAllows(row.status, 'editableFreely')) {
      throw new AppError(409, ERROR_CODES.conflict, CAMPAIGN_MESSAGES.notEditable);
    }
    const material = approved && isMaterialChange(row, body);
    if (material && !can(caller.role, 'EDIT', 'CAMPAIGN_EDIT_ACTION')) {
      throw new AppError(403, ERROR_CODES.forbidden, CAMPAIGN_MESSAGES.editNeedsGrant);
    }
    const { territoryIds, brief } = await checkReferences(
      context,
      tx,
      { caller, body, campaignId: row.id },
      active,
    );
    const fields = fieldsOf(body, brief);
    await repository.update(tx, row.id, { ...fields, updatedAt: clock.now() });
    await repository.replaceTerritories(tx, row.id, territoryIds);
    await audit.record(tx, {
      actor: actorOf(caller),
      action: 'campaign.edit',
      target: { type: 'campaign', id: row.id, label: body.name },
      before: auditedFields(row),
      after: auditedFields({ ...row, ...fields }),
    });
    const edited = { ...row, ...fields };
    const reopened = nextCampaignStatus(row.status, 'edit');
    const resubmitted = material ? nextCampaignStatus(row.status, 'materialChange') : null;
    if (reopened) {
      await moveCampaign(context, tx, edited, reopened, actorOf(caller), { action: 'campaign.edit' });
    } else if (resubmitted) {
      await moveCampaign(context, tx, edited, resubmitted, actorOf(caller), { action: 'campaign.resubmit' });
    }
    return campaignDetail(tx, row.id);
  });
}
