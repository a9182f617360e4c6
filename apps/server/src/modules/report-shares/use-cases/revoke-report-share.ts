import { isUuid, type ReportShare } from '@platform/shared';
import { errors } from '../../../errors';
import { targetOf, toShare, type ReportSharesCaller } from '../report-links';
import type { ReportSharesContext } from '../report-shares.context';
import { reportSharesRepository as repository } from '../report-shares.repository';

/**
 * POST …/report/shares/{shareId}/revoke: the link stops working at once. Revoking a revoked link
 * changes nothing and keeps when it was first revoked.
 */
export async function revokeReportShare(
  context: ReportSharesContext,
  caller: ReportSharesCaller,
  campaignId: string,
  shareId: string,
): Promise<ReportShare> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  if (!isUuid(shareId)) throw errors.notFound();
  const row = await context.db.transaction(async (tx) => {
    const found = await repository.lockOfCampaign(tx, campaign.id, shareId);
    if (!found) throw errors.notFound();
    if (found.revokedAt) return found;
    const revoked = await repository.revoke(tx, found.id, caller.accountId, context.clock.now());
    await context.audit.record(tx, {
      actor: caller,
      action: 'campaign.report.revoke',
      target: targetOf(campaign),
      before: { share: found.id, expiresAt: found.expiresAt.toISOString() },
    });
    return revoked;
  });
  return toShare(context, row);
}
