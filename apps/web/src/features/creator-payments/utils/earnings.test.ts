import type { Payment } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { approvedPayment, payment } from '../../../test/payments';
import { earningsByCampaign, paymentSteps, rewardReason } from './earnings';

const rankBasis = {
  kind: 'RANK',
  rank: 2,
  ranked: 37,
  views: 12_400,
  likes: 800,
  comments: 40,
  shares: 12,
  readAt: '2030-06-03T18:00:00.000Z',
  source: 'youtube-data-api',
  closedAt: '2030-06-04T00:00:00.000Z',
} as const;

/** What a payment of £10.00 was won for: the amount matters only to a pay-per-view reward's cut. */
const PAID = { amountMinor: 1000, currency: 'GBP' } as const;
const reasonOf = (reward: Payment['reward']) => rewardReason(reward, PAID);

const viewsBasis = {
  kind: 'VIEWS',
  views: 12_400,
  ratePerThousand: 300,
  earnedMinor: 3720,
  cappedBy: null,
  validatedAt: '2030-06-10T10:00:00.000Z',
  order: 4,
} as const;
type ViewsCut = 'ENTRY_CAP' | 'CREATOR_CAP' | 'BUDGET' | null;
const viewsReward = (cappedBy: ViewsCut = null): Payment['reward'] => ({
  rule: 'VIEWS',
  rank: null,
  period: null,
  basis: { ...viewsBasis, cappedBy },
});

describe('rewardReason of a pay-per-view reward', () => {
  it('multiplies the validated views by the rate, and says when they were validated', () => {
    expect(rewardReason(viewsReward(), { amountMinor: 3720, currency: 'GBP' })).toBe(
      'Pay per view: 12,400 validated views × £3.00 per 1,000 = £37.20; views validated 10 Jun, 2030 @ 10:00 AM GMT',
    );
  });

  it('says which cap, or the end of the budget, cut the earning to the amount', () => {
    const paid = { amountMinor: 2500, currency: 'GBP' } as const;
    expect(rewardReason(viewsReward('ENTRY_CAP'), paid)).toBe(
      'Pay per view: 12,400 validated views × £3.00 per 1,000 = £37.20, cut to £25.00 by the cap per entry; ' +
        'views validated 10 Jun, 2030 @ 10:00 AM GMT',
    );
    expect(rewardReason(viewsReward('CREATOR_CAP'), paid)).toContain(
      '= £37.20, cut to £25.00 by your cap for the campaign, over all your entries;',
    );
    expect(rewardReason(viewsReward('BUDGET'), paid)).toContain(
      '= £37.20, cut to £25.00 by the end of the campaign’s budget;',
    );
  });

  it('says the budget had run out when nothing was left for the entry', () => {
    expect(rewardReason(viewsReward('BUDGET'), { amountMinor: 0, currency: 'EUR' })).toBe(
      'Pay per view: 12,400 validated views × €3.00 per 1,000 = €37.20, but the campaign’s budget had run out; ' +
        'views validated 10 Jun, 2030 @ 10:00 AM GMT',
    );
  });

  it('names a pay-per-view reward kept without its basis', () => {
    expect(reasonOf({ rule: 'VIEWS', rank: null, period: null, basis: null })).toBe('Pay per view');
  });
});

describe('rewardReason', () => {
  it('gives a first-come slot and how many there were', () => {
    expect(
      reasonOf({ rule: 'SLOT', rank: null, period: null, basis: { kind: 'SLOT', slot: 3, slots: 10 } }),
    ).toBe('Slot 3 of 10 — first come, first served');
  });

  it('gives a prize’s place on the final board, the views it was ranked by, when and where read, and the close', () => {
    expect(reasonOf({ rule: 'PRIZE', rank: 2, period: null, basis: rankBasis })).toBe(
      'Place 2 of 37 on the final leaderboard: 12,400 views, read 03 Jun, 2030 @ 6:00 PM GMT from YouTube, ' +
        'board closed 04 Jun, 2030 @ 12:00 AM GMT',
    );
  });

  it('gives a sprint prize’s period', () => {
    expect(
      reasonOf({
        rule: 'SPRINT_PRIZE',
        rank: 1,
        period: 2,
        basis: { ...rankBasis, rank: 1, ranked: 12, views: 1, source: 'csv-import' },
      }),
    ).toBe(
      'Place 1 of 12 in period 2: 1 view, read 03 Jun, 2030 @ 6:00 PM GMT from the campaign team’s import, ' +
        'period closed 04 Jun, 2030 @ 12:00 AM GMT',
    );
  });

  it('leaves out figures the board did not have', () => {
    expect(
      reasonOf({
        rule: 'PRIZE',
        rank: 3,
        period: null,
        basis: { ...rankBasis, rank: 3, views: null, readAt: null, source: null },
      }),
    ).toBe('Place 3 of 37 on the final leaderboard: board closed 04 Jun, 2030 @ 12:00 AM GMT');
    expect(reasonOf({ rule: 'PRIZE', rank: 2, period: null, basis: { ...rankBasis, source: null } })).toBe(
      'Place 2 of 37 on the final leaderboard: 12,400 views, read 03 Jun, 2030 @ 6:00 PM GMT, ' +
        'board closed 04 Jun, 2030 @ 12:00 AM GMT',
    );
  });

  it('says what a reward won before its reason was kept rewards', () => {
    expect(reasonOf({ rule: 'SLOT', rank: null, period: null, basis: null })).toBe('Entry reward');
    expect(reasonOf({ rule: 'PRIZE', rank: 2, period: null, basis: null })).toBe('Prize for place 2');
    expect(reasonOf({ rule: 'SPRINT_PRIZE', rank: 1, period: 3, basis: null })).toBe(
      'Prize for place 1 in period 3',
    );
  });
});

describe('paymentSteps', () => {
  const approved = approvedPayment();

  it('says since when a payment is pending', () => {
    expect(paymentSteps(payment())).toEqual([{ label: 'Pending since', at: '2030-06-03T10:00:00.000Z' }]);
  });

  it('dates an approved payment’s approval, and a paid one’s payout', () => {
    expect(paymentSteps(approved)).toEqual([
      { label: 'Earned on', at: '2030-06-03T10:00:00.000Z' },
      { label: 'Approved on', at: '2030-06-04T15:30:00.000Z' },
    ]);
    expect(paymentSteps({ ...approved, status: 'PAID', paidAt: '2030-06-05T09:00:00.000Z' })).toEqual([
      { label: 'Earned on', at: '2030-06-03T10:00:00.000Z' },
      { label: 'Approved on', at: '2030-06-04T15:30:00.000Z' },
      { label: 'Paid on', at: '2030-06-05T09:00:00.000Z' },
    ]);
  });

  it('gives a payment paid by hand its day, how it was paid and where to', () => {
    const paid = {
      ...approved,
      status: 'PAID' as const,
      paidAt: '2030-06-06T09:00:00.000Z',
      paidOn: '2030-06-05',
    };
    expect(
      paymentSteps({ ...paid, paidMethod: 'BANK_TRANSFER', paidTo: 'Bank account (GB) ending ••••8901' }).at(
        -1,
      ),
    ).toEqual({
      label: 'Paid on',
      at: '2030-06-05',
      dayOnly: true,
      note: 'by bank transfer to Bank account (GB) ending ••••8901',
    });
    expect(paymentSteps({ ...paid, paidMethod: 'OTHER', paidTo: null }).at(-1)).toEqual({
      label: 'Paid on',
      at: '2030-06-05',
      dayOnly: true,
    });
  });

  it('gives the payout provider’s words for a failed payout, or says it did not go through', () => {
    expect(paymentSteps({ ...approved, status: 'FAILED', failureReason: 'Account closed' }).at(-1)).toEqual({
      label: 'Failed',
      reason: 'Account closed',
    });
    expect(paymentSteps({ ...approved, status: 'FAILED' }).at(-1)).toEqual({
      label: 'Failed',
      reason: 'the transfer to your payout wallet did not go through',
    });
  });

  it('dates a rejection and gives its reason', () => {
    expect(
      paymentSteps(
        payment({
          status: 'REJECTED',
          decidedAt: '2030-06-05T08:00:00.000Z',
          rejectionReason: 'Taken down.',
        }),
      ),
    ).toEqual([
      { label: 'Earned on', at: '2030-06-03T10:00:00.000Z' },
      { label: 'Rejected on', at: '2030-06-05T08:00:00.000Z' },
      { label: 'Rejected', reason: 'Taken down.' },
    ]);
  });
});

describe('earningsByCampaign', () => {
  const winter = (overrides: Partial<Payment>) =>
    payment({ campaignId: 'winter', campaignName: 'Winter Beats', ...overrides });

  it('groups payments by campaign where each campaign’s newest is, keeping their order', () => {
    const [a, b, c] = [payment({ id: 'a' }), winter({ id: 'b' }), payment({ id: 'c' })];
    const groups = earningsByCampaign([a, b, c]);
    expect(groups.map((group) => [group.campaignName, group.payments.map((p) => p.id)])).toEqual([
      ['Summer Sound', ['a', 'c']],
      ['Winter Beats', ['b']],
    ]);
  });

  it('counts only approved money as earned, says apart what waits for approval, and what was paid', () => {
    const [group] = earningsByCampaign([
      payment({ id: 'a', amountMinor: 1_000 }),
      approvedPayment({ id: 'b', amountMinor: 50_000, status: 'PAID' }),
      approvedPayment({ id: 'c', amountMinor: 7_000 }),
      approvedPayment({ id: 'd', amountMinor: 300, status: 'FAILED' }),
      payment({ id: 'e', amountMinor: 2_500, status: 'REJECTED' }),
    ]);
    expect(group).toMatchObject({ earned: '£573.00', waiting: '£10.00', paid: '£500.00' });
  });

  it('says nothing was earned or paid while every payment waits, and nothing earned when every payment was rejected', () => {
    expect(earningsByCampaign([payment()])[0]).toMatchObject({
      earned: '£0.00',
      waiting: '£10.00',
      paid: null,
    });
    expect(earningsByCampaign([payment({ status: 'REJECTED' })])[0]).toMatchObject({
      earned: '£0.00',
      waiting: null,
      paid: null,
    });
  });

  it('keeps each currency’s sum apart', () => {
    const [group] = earningsByCampaign([
      payment({ id: 'a' }),
      payment({ id: 'b', currency: 'EUR', amountMinor: 500 }),
    ]);
    expect(group?.waiting).toBe('£10.00 + €5.00');
  });
});
