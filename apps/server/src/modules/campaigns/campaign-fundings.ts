import { randomUUID } from 'node:crypto';
import { FUNDING_MESSAGES, type CampaignFunding } from '@platform/shared';
import type { Executor } from '../../db/client';
import { errors } from '../../errors';
import type { Actor } from '../../principal';
import type { SCHEDULER_ACTOR } from '../audit/audit.service';
import {
  fundingsRepository,
  type FundingRow,
  type FundingWithRecorder,
} from './campaign-fundings.repository';
import { moveWhenDue } from './campaign-moves';
import type { CampaignsContext } from './campaigns.context';
import { campaignsRepository as repository, type CampaignRow } from './campaigns.repository';

type Recorder = Actor | typeof SCHEDULER_ACTOR;

export const toFunding = (row: FundingWithRecorder): CampaignFunding => ({
  id: row.id,
  amountMinor: row.amountMinor,
  currency: row.currency,
  method: row.method,
  status: row.status,
  reference: row.reference,
  failure: row.failure,
  recordedBy:
    row.recordedBy && row.recordedByEmail ? { id: row.recordedBy, email: row.recordedByEmail } : null,
  recordedAt: row.recordedAt.toISOString(),
  settledAt: row.settledAt?.toISOString() ?? null,
});

/** An ended or archived campaign takes no money: nothing could ever spend it. */
export function assertFundable(row: CampaignRow): void {
  if (row.status === 'ENDED' || row.archivedAt) throw errors.conflict(FUNDING_MESSAGES.notFundable);
}

/**
 * In the transaction that received money for a locked campaign: money beyond the budget raises it by as
 * much. Creators can only gain from it, so it is no change of terms and no second review (ADR 038); it
 * is audited. Answers whether the campaign is now due to go live (PUBLISHED, funded, past its start).
 */
export async function afterMoneyReceived(
  context: CampaignsContext,
  tx: Executor,
  row: CampaignRow,
  actor: Recorder,
): Promise<boolean> {
  const { succeededMinor } = await repository.fundingOf(tx, row.id);
  if (succeededMinor > row.budget) {
    await repository.update(tx, row.id, { budget: succeededMinor, updatedAt: context.clock.now() });
    await context.audit.record(tx, {
      actor,
      action: 'campaign.budget.raise',
      target: { type: 'campaign', id: row.id, label: row.name },
      before: { budget: row.budget },
      after: { budget: succeededMinor, reason: 'Money received beyond the budget' },
    });
  }
  return (
    row.status === 'PUBLISHED' &&
    succeededMinor >= row.budget &&
    row.startsAt.getTime() <= context.clock.now().getTime()
  );
}

/** Records a funding of a locked campaign, audited; answers its id. */
export async function recordFunding(
  context: CampaignsContext,
  tx: Executor,
  row: CampaignRow,
  actor: Recorder,
  funding: Omit<FundingRow, 'id' | 'campaignId' | 'currency' | 'recordedBy' | 'recordedAt'> & { id?: string },
): Promise<string> {
  const id = funding.id ?? randomUUID();
  await fundingsRepository.insert(tx, {
    ...funding,
    id,
    campaignId: row.id,
    currency: row.currency,
    recordedBy: actor.accountId,
    recordedAt: context.clock.now(),
  });
  await context.audit.record(tx, {
    actor,
    action: 'campaign.funding.record',
    target: { type: 'campaign', id: row.id, label: row.name },
    after: {
      fundingId: id,
      method: funding.method,
      status: funding.status,
      amountMinor: funding.amountMinor,
    },
  });
  return id;
}

/**
 * Once the money that covers a campaign past its start has committed, it goes live in its own
 * transaction, as the scheduler would have; were this to fail, the minute's sweep starts it.
 */
export async function startIfDue(context: CampaignsContext, campaignId: string, due: boolean): Promise<void> {
  if (due) await moveWhenDue(context, campaignId);
}
