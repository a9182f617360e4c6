import { isUuid } from '@platform/shared';
import type { Executor } from '../../../db/client';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/** The money received for a campaign's budget, and top-ups still clearing (ADR 038). */
export async function fundingOf(
  context: CampaignsContext,
  campaignId: string,
  executor: Executor = context.db,
): Promise<{ succeededMinor: number; pendingMinor: number }> {
  if (!isUuid(campaignId)) return { succeededMinor: 0, pendingMinor: 0 };
  return repository.fundingOf(executor, campaignId);
}
