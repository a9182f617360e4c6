import { randomUUID } from 'node:crypto';
import type { CreateReportShare, ReportShare } from '@platform/shared';
import { targetOf, toShare, type ReportSharesCaller } from '../report-links';
import type { ReportSharesContext } from '../report-shares.context';
import { reportSharesRepository as repository } from '../report-shares.repository';

const DAY = 24 * 3600 * 1000;

/** POST …/marketing/campaigns/{id}/report/shares: a new link to the campaign's report. */
export async function createReportShare(
  context: ReportSharesContext,
  caller: ReportSharesCaller,
  campaignId: string,
  input: CreateReportShare,
): Promise<ReportShare> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  const now = context.clock.now();
  const row = await context.db.transaction(async (tx) => {
    const created = await repository.insert(tx, {
      id: randomUUID(),
      campaignId: campaign.id,
      createdBy: caller.accountId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY),
    });
    await context.audit.record(tx, {
      actor: caller,
      action: 'campaign.report.share',
      target: targetOf(campaign),
      after: { share: created.id, expiresAt: created.expiresAt.toISOString() },
    });
    return created;
  });
  return toShare(context, row);
}
