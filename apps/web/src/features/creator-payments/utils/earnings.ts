import {
  formatDateTime,
  formatMoney,
  rewardPurpose,
  type PaidMethod,
  type Payment,
  type PaymentStatus,
} from '@platform/shared';
import { formatCount, metricsSourceWords, viewsText } from '../../../lib/metrics-words';

type ViewsBasis = Extract<NonNullable<Payment['reward']['basis']>, { kind: 'VIEWS' }>;

/** What cut a pay-per-view earning to what was reserved, finishing 'cut to £25.00 …'. */
const CAPPED_BY: Record<NonNullable<ViewsBasis['cappedBy']>, string> = {
  ENTRY_CAP: 'by the cap per entry',
  CREATOR_CAP: 'by your cap for the campaign, over all your entries',
  BUDGET: 'by the end of the campaign’s budget',
};

/**
 * A pay-per-view reward: the validated views times the rate, what that came to, what cut it to the amount
 * reserved (ADR 038: the entry's cap, the creator's, or the budget running out), and when they were validated.
 */
function viewsReason(
  basis: ViewsBasis,
  { amountMinor, currency }: Pick<Payment, 'amountMinor' | 'currency'>,
) {
  const money = (minor: number) => formatMoney(minor, currency);
  const sum = `Pay per view: ${formatCount(basis.views)} validated ${basis.views === 1 ? 'view' : 'views'} × ${money(basis.ratePerThousand)} per 1,000 = ${money(basis.earnedMinor)}`;
  let cut = '';
  if (basis.cappedBy === 'BUDGET' && amountMinor === 0) cut = ', but the campaign’s budget had run out';
  else if (basis.cappedBy !== null) cut = `, cut to ${money(amountMinor)} ${CAPPED_BY[basis.cappedBy]}`;
  return `${sum}${cut}; views validated ${formatDateTime(basis.validatedAt, 'long')}`;
}

/**
 * Why a payment was earned, in plain words, from what the reward recorded when it was won: the slot it
 * took, the place on the closed board with the views it was ranked by, when and where they were read, or
 * the validated views a pay-per-view reward paid for. A reward won before that was kept says what it
 * rewards and no more.
 */
export function rewardReason(
  reward: Payment['reward'],
  paid: Pick<Payment, 'amountMinor' | 'currency'>,
): string {
  const { basis } = reward;
  if (basis === null) return rewardPurpose(reward);
  if (basis.kind === 'SLOT') return `Slot ${basis.slot} of ${basis.slots} — first come, first served`;
  if (basis.kind === 'VIEWS') return viewsReason(basis, paid);
  const sprint = reward.rule === 'SPRINT_PRIZE' && reward.period !== null;
  const place = `Place ${basis.rank} of ${basis.ranked} ${sprint ? `in period ${reward.period}` : 'on the final leaderboard'}`;
  const read =
    basis.readAt === null
      ? null
      : `read ${formatDateTime(basis.readAt, 'long')}${basis.source === null ? '' : ` from ${metricsSourceWords(basis.source)}`}`;
  const closed = `${sprint ? 'period' : 'board'} closed ${formatDateTime(basis.closedAt, 'long')}`;
  const figures = [basis.views === null ? null : viewsText(basis.views), read, closed].filter(
    (part): part is string => part !== null,
  );
  return `${place}: ${figures.join(', ')}`;
}

/**
 * One step of where a payment stands: a dated one ('Approved on …'; a day alone when staff said only the
 * day, with how and where it was paid), or one with the words of why.
 */
export type PaymentStep =
  { label: string; at: string; dayOnly?: boolean; note?: string } | { label: string; reason: string };

const FAILED_WITHOUT_REASON = 'the transfer to your payout wallet did not go through';

const PAID_BY: Record<PaidMethod, string | null> = {
  BANK_TRANSFER: 'by bank transfer',
  PAYPAL: 'by PayPal',
  OTHER: null,
};

/** How and where a payment was paid by hand: 'by bank transfer to Bank account (GB) ending ••••8901'. */
function paidNote({ paidMethod, paidTo }: Payment): string | undefined {
  const note = [paidMethod ? PAID_BY[paidMethod] : null, paidTo ? `to ${paidTo}` : null]
    .filter((part): part is string => part !== null)
    .join(' ');
  return note || undefined;
}

/**
 * Where a payment stands, step by step: pending since it was earned; approved (or rejected, with why);
 * then paid, or failed with the payout provider's words.
 */
export function paymentSteps(payment: Payment): PaymentStep[] {
  const { status, createdAt, decidedAt } = payment;
  if (status === 'PENDING') return [{ label: 'Pending since', at: createdAt }];
  const steps: PaymentStep[] = [{ label: 'Earned on', at: createdAt }];
  if (status === 'REJECTED') {
    if (decidedAt) steps.push({ label: 'Rejected on', at: decidedAt });
    if (payment.rejectionReason) steps.push({ label: 'Rejected', reason: payment.rejectionReason });
    return steps;
  }
  if (decidedAt) steps.push({ label: 'Approved on', at: decidedAt });
  if (status === 'PAID' && payment.paidOn) {
    const note = paidNote(payment);
    steps.push({ label: 'Paid on', at: payment.paidOn, dayOnly: true, ...(note ? { note } : {}) });
  } else if (status === 'PAID' && payment.paidAt) {
    steps.push({ label: 'Paid on', at: payment.paidAt });
  }
  if (status === 'FAILED')
    steps.push({ label: 'Failed', reason: payment.failureReason ?? FAILED_WITHOUT_REASON });
  return steps;
}

/** A campaign's payments, newest first, with what they add up to. */
export interface CampaignEarnings {
  campaignId: string;
  campaignName: string;
  payments: Payment[];
  /** The money staff approved (paid, on its way, or a payout to be tried again), in each currency: '£510.00'. */
  earned: string;
  /** What still waits for staff to approve it, or null while nothing does. */
  waiting: string | null;
  /** What has left the platform to the creator, or null while nothing has. */
  paid: string | null;
}

/** Sums in each currency, written one after another: '£510.00', or '£10.00 + €5.00'. */
function totalText(payments: readonly Payment[]): string {
  const sums = new Map<string, number>();
  for (const { currency, amountMinor } of payments)
    sums.set(currency, (sums.get(currency) ?? 0) + amountMinor);
  return [...sums].map(([currency, minor]) => formatMoney(minor, currency)).join(' + ');
}

/** Payments whose money staff approved: a pending one may yet be rejected, a rejected one went back. */
const APPROVED_MONEY: readonly PaymentStatus[] = ['APPROVED', 'PAID', 'FAILED'];

/**
 * Payments grouped by campaign, each campaign where its newest payment is. Only approved money counts as
 * earned; what is pending is said apart, and a rejected payment is listed but counted nowhere.
 */
export function earningsByCampaign(payments: readonly Payment[]): CampaignEarnings[] {
  const groups = new Map<string, { newest: Payment; payments: Payment[] }>();
  for (const payment of payments) {
    const group = groups.get(payment.campaignId);
    if (group) group.payments.push(payment);
    else groups.set(payment.campaignId, { newest: payment, payments: [payment] });
  }
  return [...groups.values()].map(({ newest, payments: campaignPayments }) => {
    const earned = campaignPayments.filter((payment) => APPROVED_MONEY.includes(payment.status));
    const waiting = campaignPayments.filter((payment) => payment.status === 'PENDING');
    const paid = campaignPayments.filter((payment) => payment.status === 'PAID');
    return {
      campaignId: newest.campaignId,
      campaignName: newest.campaignName,
      payments: campaignPayments,
      earned: earned.length > 0 ? totalText(earned) : formatMoney(0, newest.currency),
      waiting: waiting.length > 0 ? totalText(waiting) : null,
      paid: paid.length > 0 ? totalText(paid) : null,
    };
  });
}
