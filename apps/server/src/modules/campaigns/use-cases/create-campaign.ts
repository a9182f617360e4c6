import { randomUUID } from 'node:crypto';
import type { CampaignBody, CampaignDetail } from '@platform/shared';
import { actorOf, type CampaignsCaller } from '../campaign-access';
import {
  activeTerritoryIds,
  auditedFields,
  checkReferences,
  fieldsOf,
  recordDraftStarted,
} from '../campaign-fields';
import { campaignDetail } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/** A new draft in a team the caller's grant reaches. */
export async function createCampaign(
  context: CampaignsContext,
  caller: CampaignsCaller,
  body: CampaignBody,
): Promise<CampaignDetail> {
  const { db, clock, audit } = context;
  const active = await activeTerritoryIds(context);
  return db.transaction(async (tx) => {
    const { territoryIds, brief } = await checkReferences(
      context,
      tx,
      { caller, body, campaignId: null },
      active,
    );
    const id = randomUUID();
    const now = clock.now();
    const row = { id, ...fieldsOf(body, brief), coverAssetId: null, status: 'DRAFT' as const };
    await repository.insert(tx, { ...row, createdBy: caller.accountId, createdAt: now, updatedAt: now });
    await repository.replaceTerritories(tx, id, territoryIds);
    await recordDraftStarted(tx, id, caller.accountId, now);
    await audit.record(tx, {
      actor: actorOf(caller),
      action: 'campaign.create',
      target: { type: 'campaign', id, label: body.name },
      before: null,
      after: auditedFields(row),
    });
    return campaignDetail(tx, id);
  });
}
