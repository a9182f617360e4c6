import { reservableOf } from '@platform/shared';
import { SCHEDULER_ACTOR } from '../../audit/audit.service';
import type { ClosedBoards, RewardsContext } from '../rewards.context';
import { closuresBy, rankBasis, type Closure } from '../rules';
import { alertBudgetThresholds } from './budget-alerts';

/** What one run of the prize settlement did. */
export type SettlementSummary = { boards: number; prizes: number };

type ClosedBoard = Awaited<ReturnType<ClosedBoards['closedBoard']>>;

/**
 * Gives one closed board's prizes, once: under the campaign's row lock, the board is marked settled
 * (nothing is given when it already was), then each winning place takes its prize while the campaign's
 * budget, as the ledger has it and never beyond what is funded (ADR 038), still holds it.
 */
const settleBoard = (context: RewardsContext, campaignId: string, closure: Closure, board: ClosedBoard) =>
  context.db.transaction(async (tx) => {
    const terms = await context.campaignsService.lockRewardTerms(tx, campaignId);
    if (!terms) return 0;
    const claimed = await context.repository.claimSettlement(tx, {
      campaignId,
      period: closure.period,
      closedAt: closure.closesAt,
      ranked: board.entries,
      prizesGiven: 0,
      settledAt: context.clock.now(),
    });
    if (!claimed) return 0;
    let committed = await context.paymentsService.committedOf(campaignId, tx);
    const reservable = reservableOf(terms.budget, terms.fundedMinor);
    let given = 0;
    for (const place of board.winners) {
      const prize = closure.prizes[place.rank - 1];
      if (prize === undefined || prize <= 0 || committed + prize > reservable) continue;
      await context.paymentsService.awardReward(tx, {
        entry: { id: place.entryId, campaignId, creatorId: place.creatorId },
        rule: closure.period === 0 ? 'PRIZE' : 'SPRINT_PRIZE',
        rank: place.rank,
        period: closure.period === 0 ? null : closure.period,
        amountMinor: prize,
        currency: terms.currency,
        basis: rankBasis(place, board.entries, closure.closesAt),
      });
      committed += prize;
      given += 1;
    }
    if (given > 0) await alertBudgetThresholds(context, tx, terms, committed);
    await context.repository.updateSettlement(
      tx,
      { campaignId, period: closure.period },
      { prizesGiven: given },
    );
    await context.audit.record(tx, {
      actor: SCHEDULER_ACTOR,
      action: 'prizes.settle',
      target: { type: 'campaign', id: campaignId, label: terms.name },
      before: null,
      after: { period: closure.period, closedAt: closure.closesAt.toISOString(), prizesGiven: given },
    });
    return given;
  });

/**
 * The prize settlement (DESIGN §8): every board of a TOP_PRIZES or SPRINT campaign closed at least
 * `prizesSettleAfterMs` ago and not yet settled gives its prizes by its frozen ranks, each board in one
 * transaction. Safe to run twice, or in two workers at once: a board is settled once. The boards are the
 * metrics module's unless others are given.
 */
export async function settleClosedBoards(
  context: RewardsContext,
  boards: ClosedBoards = context.metricsService,
): Promise<SettlementSummary> {
  const closedBy = new Date(context.clock.now().getTime() - context.prizesSettleAfterMs);
  const campaigns = await context.campaignsService.prizeCampaignsBegunBy(closedBy);
  const settlements = await context.repository.settlementsOf(
    context.db,
    campaigns.map((campaign) => campaign.id),
  );
  const settled = new Set(settlements.map((row) => `${row.campaignId}:${row.period}`));
  const summary: SettlementSummary = { boards: 0, prizes: 0 };
  for (const campaign of campaigns) {
    for (const closure of closuresBy(campaign, closedBy)) {
      if (settled.has(`${campaign.id}:${closure.period}`)) continue;
      const board = await boards.closedBoard(
        campaign.id,
        {
          closesAt: closure.closesAt,
          lockDays: campaign.validation.lockDays,
          ...(closure.submittedFrom ? { submittedFrom: closure.submittedFrom } : {}),
          ...(closure.submittedBefore ? { submittedBefore: closure.submittedBefore } : {}),
        },
        closure.prizes.length,
      );
      // Nothing is paid on a provisional or held figure (ADR 037): the board waits for both.
      if (!board.final || (await context.holds.heldAmong(board.entryIds)).size > 0) continue;
      summary.prizes += await settleBoard(context, campaign.id, closure, board);
      summary.boards += 1;
    }
  }
  return summary;
}
