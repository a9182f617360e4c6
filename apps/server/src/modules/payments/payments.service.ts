import { randomUUID } from 'node:crypto';
import {
  formatMoney,
  invoiceAmounts,
  invoiceTaxTreatment,
  isUuid,
  nextPaymentStatus,
  PAYMENT_MESSAGES,
  sprintPeriods,
  type CampaignBudget,
  type Paged,
  type PaidMethod,
  type Payment,
  type PaymentEvent,
  type StaffPayment,
  type PaymentListQuery,
  type PaymentSearchBody,
  type InvoiceDocumentKind,
  type RewardBasis,
} from '@platform/shared';
import {
  PayoutsRejected,
  PayoutsUnavailable,
  type PayoutsProvider,
} from '../../adapters/payouts/payouts-provider';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../errors';
import type { RequestUser, StaffCaller } from '../../principal';
import { SCHEDULER_ACTOR, type AuditService } from '../audit/audit.service';
import type { CampaignsService, RewardTerms } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';
import type { ClosedBoardPlace, MetricsService } from '../metrics/metrics.service';
import type { MeasuredEntry } from '../entries/entries.service';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  formatInvoiceNumber,
  InvoiceDocumentError,
  renderInvoicePdf,
  snapshotInvoiceDocument,
  type InvoiceDocument,
  type InvoiceParty,
} from './invoice-document';
import {
  paymentsRepository as repository,
  type InvoiceRow,
  type LedgerLineRow,
  type PaymentRow,
  type RewardRow,
} from './payments.repository';
import type { PayoutDetailsService } from './payout-details.service';

/** A day as `YYYY-MM-DD` in UTC. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The latest day a payment may be said to be paid on, and the earliest: a day is compared across the time
 * zones, so that it is today somewhere (UTC+14 at most) and no earlier than the approval's day anywhere
 * (UTC-12 at least).
 */
export function paidOnBounds(now: Date, approvedAt: Date): { earliest: string; latest: string } {
  return {
    earliest: dayOf(new Date(approvedAt.getTime() - 12 * 3600 * 1000)),
    latest: dayOf(new Date(now.getTime() + 14 * 3600 * 1000)),
  };
}

/** What staff say of a payment they paid by hand. */
export type PaidByHand = { reference: string; paidOn: string; method: PaidMethod };

/** The ledger's accounts: where a reward's money sits between the campaign's budget and the creator. */
export const ledgerAccounts = {
  campaignRewards: (campaignId: string) => `campaign:${campaignId}:rewards`,
  creatorPayable: (creatorId: string) => `creator:${creatorId}:payable`,
  /** VAT or GST a self-billed invoice adds to rewards: the operator's to pay, and to reclaim where it may. */
  taxOnRewards: (kind: string) => `platform:tax:${kind.toLowerCase()}`,
  /** Money that has left the platform for creators' wallets. */
  paidOut: 'platform:payouts',
};

const PAYOUT_BATCH_SIZE = 20;
/** Longer than a batch of transfers can take, each with its own time-out. */
const PAYOUT_CLAIM_SECONDS = 300;
/** About a day and a half of retries, then the payment is FAILED and staff see why. */
export const PAYOUT_MAX_ATTEMPTS = 10;
const NO_WALLET_RETRY_SECONDS = 3600;

/** Retries back off from a minute, doubling, up to six hours; the provider's Retry-After when longer. */
export function payoutRetryDelaySeconds(attempt: number, retryAfterSeconds?: number): number {
  return Math.max(Math.min(60 * 2 ** (attempt - 1), 6 * 3600), retryAfterSeconds ?? 0);
}

export const PAYOUT_NOTES = {
  noWallet: 'The creator has no payout wallet yet: it is tried again hourly.',
  exhausted: (error: string) =>
    `The payout provider could not be reached after ${PAYOUT_MAX_ATTEMPTS} attempts: ${error}`,
} as const;

/** An entry as the rewards need it. */
export type RewardedEntry = { id: string; campaignId: string; creatorId: string };

const DAY_MS = 24 * 3600 * 1000;

/** What the prize settlement needs of the leaderboards (the metrics module, which is built after this one). */
export type ClosedBoards = Pick<MetricsService, 'closedBoard'>;

/** One board that closes: a TOP_PRIZES campaign's (period 0) or a SPRINT period's. */
type Closure = {
  period: number;
  closesAt: Date;
  submittedFrom?: Date;
  submittedBefore?: Date;
  prizes: readonly number[];
};

/** What one run of the prize settlement did. */
export type SettlementSummary = { boards: number; prizes: number };

/** How many FIRST_COME_FIRST_SERVE slots the budget can pay: never more than it holds, whatever `slots` says. */
export function slotCapacity(terms: Pick<RewardTerms, 'budget' | 'reward'>): number {
  if (terms.reward.type !== 'FIRST_COME_FIRST_SERVE' || terms.reward.amountPerEntry <= 0) return 0;
  return Math.min(terms.reward.slots, Math.floor(terms.budget / terms.reward.amountPerEntry));
}

export type PaymentsDependencies = {
  db: Database;
  clock: Clock;
  audit: AuditService;
  campaignsService: Pick<
    CampaignsService,
    'lockRewardTerms' | 'staffCampaignFacts' | 'campaignNames' | 'rewardTerms' | 'prizeCampaignsBegunBy'
  >;
  notifications: Pick<NotificationsService, 'notify'>;
  creatorService: Pick<CreatorService, 'invoiceSupplier' | 'payoutWallet' | 'withCreators'>;
  payouts: PayoutsProvider;
  /** Where creators are paid by hand, masked for the queue and for the payment recorded paid. */
  payoutDetails: Pick<PayoutDetailsService, 'maskedOf' | 'destinationOf'>;
  /**
   * How long after a board closes its prizes are given (PRIZES_SETTLE_AFTER_MINUTES): time for figures
   * read before the close to arrive by import or webhook.
   */
  prizesSettleAfterMs: number;
  /** The platform's operator, who issues the self-billed invoices (INVOICE_ISSUER_*). */
  invoiceIssuer: {
    name: string;
    addressLines: string[];
    vatNumber: string | undefined;
    abn: string | undefined;
    prefix: string;
  };
};

/** Credit notes are numbered in a series of their own (ADR 022): `SBCN-2026-000001` beside `SB-2026-000123`. */
export const creditNotePrefix = (invoicePrefix: string) => `${invoicePrefix}CN`;

const numberOf = (invoice: InvoiceRow | undefined) => (invoice ? formatInvoiceNumber(invoice) : null);

/** The place a prize was won at, with the figures it was ranked by, for the creator to read. */
function rankBasis(place: ClosedBoardPlace, entries: number, closedAt: Date): RewardBasis {
  return {
    kind: 'RANK',
    rank: place.rank,
    ranked: entries,
    views: place.views,
    likes: place.likes,
    comments: place.comments,
    shares: place.shares,
    readAt: place.readAt?.toISOString() ?? null,
    source: place.source,
    closedAt: closedAt.toISOString(),
  };
}

/** The boards of a prize campaign that have closed by `closedBy`: its one board, or its SPRINT periods'. */
export function closuresBy(
  campaign: Pick<RewardTerms, 'reward'> & { startsAt: Date; endsAt: Date },
  closedBy: Date,
): Closure[] {
  const { reward } = campaign;
  if (reward.type === 'TOP_PRIZES') {
    return campaign.endsAt <= closedBy
      ? [{ period: 0, closesAt: campaign.endsAt, prizes: reward.prizes }]
      : [];
  }
  if (reward.type !== 'SPRINT') return [];
  return sprintPeriods(campaign.startsAt, campaign.endsAt, reward.periodDays).flatMap((period, index) =>
    period.endsAt <= closedBy
      ? [
          {
            period: index + 1,
            closesAt: period.endsAt,
            submittedFrom: period.startsAt,
            submittedBefore: period.endsAt,
            prizes: reward.prizes,
          },
        ]
      : [],
  );
}

const REWARD_LINES: Record<RewardRow['rule'], (reward: RewardRow) => string> = {
  SLOT: () => 'Entry reward: first come, first served',
  PRIZE: (reward) => `Prize for place ${reward.rank ?? '?'} on the leaderboard`,
  SPRINT_PRIZE: (reward) => `Prize for place ${reward.rank ?? '?'} in period ${reward.period ?? '?'}`,
};

/**
 * Rewards, payments and the ledger (DESIGN §8, ADR 023). An approved entry of a FIRST_COME_FIRST_SERVE
 * campaign takes a slot, under the campaign's row lock, while the budget and the slots allow; the slot
 * becomes a PENDING payment and a ledger transaction moving its amount from the campaign's budget to what
 * the creator is owed. Staff approve or reject payments; a rejection, or an archived entry whose payment
 * was not yet approved, gives the money and the slot back by a reversing transaction. Nothing is ever
 * updated in the ledger: balances are sums.
 */
export function createPaymentsService(dependencies: PaymentsDependencies) {
  const {
    db,
    clock,
    audit,
    campaignsService,
    notifications,
    creatorService,
    invoiceIssuer,
    payouts,
    payoutDetails,
    prizesSettleAfterMs,
  } = dependencies;

  /** The campaign's entries' posts, from the entries module, which is built after this one. */
  let postsOf: (campaignId: string) => Promise<Pick<MeasuredEntry, 'id' | 'postLink'>[]> = async () => [];

  /** An approved payment's money leaves the platform: PAID, with the reference, and so booked. */
  const settlePaid = async (
    tx: Executor,
    payment: PaymentRow,
    amountMinor: number,
    reference: string,
    actor: Parameters<AuditService['record']>[1]['actor'],
    byHand?: { paidOn: string; method: PaidMethod; paidTo: string | null },
  ) => {
    const to = nextPaymentStatus(payment.status, 'paid');
    if (!to) throw errors.conflict(`This payment is ${payment.status.toLowerCase()}: it cannot be paid now.`);
    const now = clock.now();
    await repository.updatePayment(tx, payment.id, { status: to, updatedAt: now });
    await repository.updatePayout(tx, payment.id, {
      reference,
      sentAt: now,
      nextAttemptAt: null,
      ...(byHand ? { paidOn: byHand.paidOn, paidMethod: byHand.method, paidTo: byHand.paidTo } : {}),
    });
    await post(tx, {
      kind: 'payment.paid',
      currency: payment.currency,
      rewardId: payment.rewardId,
      paymentId: payment.id,
      lines: [
        { account: ledgerAccounts.creatorPayable(payment.creatorId), amountMinor },
        { account: ledgerAccounts.paidOut, amountMinor: -amountMinor },
      ],
    });
    await audit.record(tx, {
      actor,
      action: 'payment.paid',
      target: { type: 'payment', id: payment.id, label: reference },
      before: { status: payment.status },
      after: { status: to, amountMinor, reference, ...(byHand ?? {}) },
    });
  };

  /** An approved payment that cannot be paid: FAILED, with why, for staff to see. */
  const settleFailed = async (tx: Executor, payment: PaymentRow, reason: string) => {
    const to = nextPaymentStatus(payment.status, 'fail');
    if (!to) return;
    const now = clock.now();
    await repository.updatePayment(tx, payment.id, { status: to, updatedAt: now });
    await repository.updatePayout(tx, payment.id, { note: reason, nextAttemptAt: null });
    await audit.record(tx, {
      actor: SCHEDULER_ACTOR,
      action: 'payment.fail',
      target: { type: 'payment', id: payment.id, label: payment.campaignId },
      before: { status: payment.status },
      after: { status: to, reason },
    });
  };

  /**
   * Issues the self-billed invoice of an approved payment in the approving transaction (ADR 022): the next
   * number of the series for the year, the creator's details and tax as they are now, frozen. VAT or GST on
   * top of the reward is owed to the creator too, and booked so. A payment whose invoice cannot be issued
   * (the creator's address missing, tax in a currency with no rate to the tax authority's) is not approved.
   */
  const issueInvoice = async (tx: Executor, payment: PaymentRow, reward: RewardRow, campaignName: string) => {
    const supplier = await creatorService.invoiceSupplier(tx, payment.creatorId);
    if (!supplier) throw errors.conflict(PAYMENT_MESSAGES.creatorDetailsMissing);
    const treatment = invoiceTaxTreatment({
      country: supplier.country,
      taxRegistration: supplier.taxRegistration,
    });
    const now = clock.now();
    const issueDate = now.toISOString().slice(0, 10);
    const year = Number(issueDate.slice(0, 4));
    const supplierNumber = supplier.taxRegistration?.number ?? '';
    const taxNumbers: Record<typeof treatment.kind, Pick<InvoiceParty, 'taxNumber'>[]> = {
      UK_VAT: [
        { taxNumber: { type: 'VAT', number: supplierNumber } },
        invoiceIssuer.vatNumber ? { taxNumber: { type: 'VAT', number: invoiceIssuer.vatNumber } } : {},
      ],
      AU_GST: [
        { taxNumber: { type: 'ABN', number: supplierNumber } },
        invoiceIssuer.abn ? { taxNumber: { type: 'ABN', number: invoiceIssuer.abn } } : {},
      ],
      NONE: [{}, {}],
    };
    const [supplierTax = {}, issuerTax = {}] = taxNumbers[treatment.kind];
    const sequence = await repository.nextInvoiceSequence(tx, invoiceIssuer.prefix, year);
    const draft: InvoiceDocument = {
      kind: 'INVOICE',
      number: { prefix: invoiceIssuer.prefix, year, sequence },
      issueDate,
      supplyDate: reward.createdAt.toISOString().slice(0, 10),
      issuer: { name: invoiceIssuer.name, addressLines: invoiceIssuer.addressLines, ...issuerTax },
      supplier: { name: supplier.name, addressLines: supplier.addressLines, ...supplierTax },
      campaignName,
      lines: [{ description: REWARD_LINES[reward.rule](reward), netMinor: payment.amountMinor }],
      currency: payment.currency,
      amounts: invoiceAmounts(payment.amountMinor, treatment),
      treatment,
    };
    let document: InvoiceDocument;
    try {
      document = snapshotInvoiceDocument(draft);
    } catch (error) {
      if (error instanceof InvoiceDocumentError) {
        throw errors.conflict(`An invoice cannot be issued: ${error.problems.join('; ')}.`);
      }
      throw error;
    }
    await repository.insertInvoice(tx, {
      id: randomUUID(),
      paymentId: payment.id,
      kind: 'INVOICE',
      prefix: document.number.prefix,
      year: document.number.year,
      sequence: document.number.sequence,
      document,
      issuedAt: now,
    });
    if (document.amounts.taxMinor > 0) {
      await post(tx, {
        kind: 'invoice.tax',
        currency: payment.currency,
        rewardId: reward.id,
        paymentId: payment.id,
        lines: [
          { account: ledgerAccounts.taxOnRewards(treatment.kind), amountMinor: document.amounts.taxMinor },
          {
            account: ledgerAccounts.creatorPayable(payment.creatorId),
            amountMinor: -document.amounts.taxMinor,
          },
        ],
      });
    }
    return document;
  };

  const post = async (
    tx: Executor,
    movement: {
      kind: string;
      currency: LedgerLineRow['currency'];
      lines: { account: string; amountMinor: number }[];
      rewardId: string;
      paymentId: string;
    },
  ) => {
    const total = movement.lines.reduce((sum, line) => sum + line.amountMinor, 0);
    if (total !== 0) throw new Error(`ledger transaction ${movement.kind} does not balance: ${total}`);
    const transactionId = randomUUID();
    const now = clock.now();
    await repository.insertLedgerLines(
      tx,
      movement.lines.map((line) => ({
        id: randomUUID(),
        transactionId,
        account: line.account,
        amountMinor: line.amountMinor,
        currency: movement.currency,
        kind: movement.kind,
        rewardId: movement.rewardId,
        paymentId: movement.paymentId,
        createdAt: now,
      })),
    );
  };

  /** Gives a reward's money back to the campaign, and frees its slot. */
  const giveBack = async (tx: Executor, reward: RewardRow, payment: PaymentRow, kind: string) => {
    await repository.releaseReward(tx, reward.id, clock.now());
    await post(tx, {
      kind,
      currency: reward.currency,
      rewardId: reward.id,
      paymentId: payment.id,
      lines: [
        { account: ledgerAccounts.creatorPayable(reward.creatorId), amountMinor: reward.amountMinor },
        { account: ledgerAccounts.campaignRewards(reward.campaignId), amountMinor: -reward.amountMinor },
      ],
    });
  };

  const toPayments = async (rows: PaymentRow[]): Promise<Payment[]> => {
    const rewardsById = await repository.rewardsById(
      db,
      rows.map((row) => row.rewardId),
    );
    const names = await campaignsService.campaignNames([...new Set(rows.map((row) => row.campaignId))]);
    const invoicesByPayment = await repository.invoicesOf(
      db,
      rows.map((row) => row.id),
    );
    const creditNotesByPayment = await repository.invoicesOf(
      db,
      rows.filter((row) => row.status === 'REJECTED').map((row) => row.id),
      'CREDIT_NOTE',
    );
    const payoutsByPayment = await repository.payoutsOf(
      db,
      rows.filter((row) => row.status === 'PAID' || row.status === 'FAILED').map((row) => row.id),
    );
    return rows.map((row) => {
      const reward = rewardsById.get(row.rewardId);
      return {
        id: row.id,
        campaignId: row.campaignId,
        campaignName: names.get(row.campaignId) ?? '',
        creatorId: row.creatorId,
        entryId: reward?.entryId ?? '',
        amountMinor: row.amountMinor,
        currency: row.currency,
        status: row.status,
        reward: {
          rule: reward?.rule ?? 'SLOT',
          rank: reward?.rank ?? null,
          period: reward?.period ?? null,
          basis: reward?.basis ?? null,
        },
        rejectionReason: row.rejectionReason,
        paidAt: row.status === 'PAID' ? (payoutsByPayment.get(row.id)?.sentAt?.toISOString() ?? null) : null,
        paidOn: row.status === 'PAID' ? (payoutsByPayment.get(row.id)?.paidOn ?? null) : null,
        paidMethod: row.status === 'PAID' ? (payoutsByPayment.get(row.id)?.paidMethod ?? null) : null,
        paidTo: row.status === 'PAID' ? (payoutsByPayment.get(row.id)?.paidTo ?? null) : null,
        failureReason: row.status === 'FAILED' ? (payoutsByPayment.get(row.id)?.note ?? null) : null,
        invoiceNumber: numberOf(invoicesByPayment.get(row.id)),
        creditNoteNumber: numberOf(creditNotesByPayment.get(row.id)),
        createdAt: row.createdAt.toISOString(),
        decidedAt: row.decidedAt?.toISOString() ?? null,
      };
    });
  };

  /** A reward won: the reward, its PENDING payment, and the money moved from the campaign to the creator. */
  const award = async (
    tx: Executor,
    won: Pick<RewardRow, 'rule' | 'rank' | 'period' | 'amountMinor' | 'currency'> & {
      entry: RewardedEntry;
      basis: RewardBasis;
    },
  ) => {
    const now = clock.now();
    const reward: RewardRow = {
      id: randomUUID(),
      campaignId: won.entry.campaignId,
      entryId: won.entry.id,
      creatorId: won.entry.creatorId,
      rule: won.rule,
      rank: won.rank,
      period: won.period,
      amountMinor: won.amountMinor,
      currency: won.currency,
      status: 'ACTIVE',
      basis: won.basis,
      createdAt: now,
      releasedAt: null,
    };
    await repository.insertReward(tx, reward);
    const payment: PaymentRow = {
      id: randomUUID(),
      rewardId: reward.id,
      campaignId: reward.campaignId,
      creatorId: reward.creatorId,
      amountMinor: reward.amountMinor,
      currency: reward.currency,
      status: 'PENDING',
      rejectionReason: null,
      createdAt: now,
      decidedAt: null,
      decidedBy: null,
      updatedAt: now,
    };
    await repository.insertPayment(tx, payment);
    await post(tx, {
      kind: 'reward.won',
      currency: reward.currency,
      rewardId: reward.id,
      paymentId: payment.id,
      lines: [
        { account: ledgerAccounts.campaignRewards(reward.campaignId), amountMinor: reward.amountMinor },
        { account: ledgerAccounts.creatorPayable(reward.creatorId), amountMinor: -reward.amountMinor },
      ],
    });
  };

  /**
   * Gives one closed board's prizes, once: under the campaign's row lock, the board is marked settled
   * (nothing is given when it already was), then each winning place takes its prize while the campaign's
   * budget, as the ledger has it, still holds it.
   */
  const settleBoard = async (
    campaignId: string,
    closure: Closure,
    board: Awaited<ReturnType<ClosedBoards['closedBoard']>>,
  ): Promise<number> =>
    db.transaction(async (tx) => {
      const terms = await campaignsService.lockRewardTerms(tx, campaignId);
      if (!terms) return 0;
      const claimed = await repository.claimSettlement(tx, {
        campaignId,
        period: closure.period,
        closedAt: closure.closesAt,
        ranked: board.entries,
        prizesGiven: 0,
        settledAt: clock.now(),
      });
      if (!claimed) return 0;
      let committed = await repository.balanceOf(tx, ledgerAccounts.campaignRewards(campaignId));
      let given = 0;
      for (const place of board.winners) {
        const prize = closure.prizes[place.rank - 1];
        if (prize === undefined || prize <= 0 || committed + prize > terms.budget) continue;
        await award(tx, {
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
      await repository.updateSettlement(tx, { campaignId, period: closure.period }, { prizesGiven: given });
      await audit.record(tx, {
        actor: SCHEDULER_ACTOR,
        action: 'prizes.settle',
        target: { type: 'campaign', id: campaignId, label: terms.name },
        before: null,
        after: { period: closure.period, closedAt: closure.closesAt.toISOString(), prizesGiven: given },
      });
      return given;
    });

  /** Approve or reject one payment of a campaign in the caller's scope. */
  const decide = async (caller: StaffCaller, id: string, event: 'approve' | 'reject', reason?: string) => {
    const found = isUuid(id) ? await repository.findPayment(db, id) : undefined;
    if (!found) throw errors.notFound();
    const campaign = await campaignsService.staffCampaignFacts(caller, found.campaignId);
    const decided = await db.transaction(async (tx) => {
      // Reward, then payment: the order an archived entry's release locks them in, so the two never wait on
      // each other.
      const reward = await repository.lockReward(tx, found.rewardId);
      const payment = await repository.lockPayment(tx, id);
      if (!payment || !reward) throw errors.notFound();
      const to = nextPaymentStatus(payment.status, event satisfies PaymentEvent);
      if (!to) {
        throw errors.conflict(
          `This payment is ${payment.status.toLowerCase()}: it cannot be ${event === 'approve' ? 'approved' : 'rejected'} now.`,
        );
      }
      const now = clock.now();
      const moved = await repository.updatePayment(tx, id, {
        status: to,
        decidedAt: now,
        decidedBy: caller.accountId,
        rejectionReason: event === 'reject' ? (reason ?? null) : null,
        updatedAt: now,
      });
      if (event === 'reject') await giveBack(tx, reward, payment, 'payment.rejected');
      if (event === 'approve') {
        const invoice = await issueInvoice(tx, moved, reward, campaign.name);
        await repository.insertPayout(tx, {
          paymentId: moved.id,
          amountMinor: invoice.amounts.grossMinor,
          nextAttemptAt: clock.now(),
          attempts: 0,
          reference: null,
          note: null,
          sentAt: null,
          paidOn: null,
          paidMethod: null,
          paidTo: null,
          exportedAt: null,
          exportedDetails: null,
          exportedMasked: null,
          createdAt: clock.now(),
        });
      }
      await audit.record(tx, {
        actor: caller,
        action: `payment.${event}`,
        target: { type: 'payment', id, label: campaign.name },
        before: { status: payment.status },
        after: { status: to, amountMinor: payment.amountMinor, ...(reason ? { reason } : {}) },
      });
      await notifications.notify(tx, {
        accountId: payment.creatorId,
        event: event === 'approve' ? 'PAYMENT_APPROVED' : 'PAYMENT_REJECTED',
        campaignId: payment.campaignId,
        campaignName: campaign.name,
        amount: formatMoney(payment.amountMinor, payment.currency),
        rejection: event === 'reject' && reason ? { reason: null, note: reason } : null,
      });
      return moved;
    });
    const [shown] = await toPayments([decided]);
    if (!shown) throw errors.notFound();
    return shown;
  };

  return {
    /**
     * Called in the transaction that approves an entry: a FIRST_COME_FIRST_SERVE campaign gives it a slot
     * while its budget and slots allow. Prizes (TOP_PRIZES, SPRINT) are won by rank when the leaderboard
     * closes, not here.
     */
    async entryApproved(tx: Executor, entry: RewardedEntry): Promise<void> {
      const terms = await campaignsService.lockRewardTerms(tx, entry.campaignId);
      if (!terms || terms.reward.type !== 'FIRST_COME_FIRST_SERVE') return;
      const taken = await repository.activeSlots(tx, terms.id);
      const slots = slotCapacity(terms);
      if (taken >= slots) return;
      await award(tx, {
        entry,
        rule: 'SLOT',
        rank: null,
        period: null,
        amountMinor: terms.reward.amountPerEntry,
        currency: terms.currency,
        basis: { kind: 'SLOT', slot: taken + 1, slots },
      });
    },

    /**
     * Called in the transaction that archives an entry: a slot or prize whose payment nobody approved yet is given
     * back, and the payment withdrawn with the reason. An approved payment stays the creator's.
     */
    async entryArchived(tx: Executor, entry: RewardedEntry): Promise<void> {
      for (const reward of await repository.lockActiveRewardsOf(tx, entry.id)) {
        const payment = await repository.lockPaymentOfReward(tx, reward.id);
        if (!payment || nextPaymentStatus(payment.status, 'cancel') === null) continue;
        const now = clock.now();
        await repository.updatePayment(tx, payment.id, {
          status: 'REJECTED',
          rejectionReason: PAYMENT_MESSAGES.released,
          decidedAt: now,
          updatedAt: now,
        });
        await giveBack(tx, reward, payment, 'reward.released');
      }
    },

    /**
     * The prize settlement (DESIGN §8): every board of a TOP_PRIZES or SPRINT campaign closed at least
     * `prizesSettleAfterMs` ago and not yet settled gives its prizes by its frozen ranks, each board in one
     * transaction. Safe to run twice, or in two workers at once: a board is settled once.
     */
    async settleClosedBoards(boards: ClosedBoards): Promise<SettlementSummary> {
      const closedBy = new Date(clock.now().getTime() - prizesSettleAfterMs);
      const campaigns = await campaignsService.prizeCampaignsBegunBy(closedBy);
      const settled = new Set(
        (
          await repository.settlementsOf(
            db,
            campaigns.map((campaign) => campaign.id),
          )
        ).map((row) => `${row.campaignId}:${row.period}`),
      );
      const summary: SettlementSummary = { boards: 0, prizes: 0 };
      for (const campaign of campaigns) {
        for (const closure of closuresBy(campaign, closedBy)) {
          if (settled.has(`${campaign.id}:${closure.period}`)) continue;
          const board = await boards.closedBoard(
            campaign.id,
            {
              closesAt: closure.closesAt,
              ...(closure.submittedFrom ? { submittedFrom: closure.submittedFrom } : {}),
              ...(closure.submittedBefore ? { submittedBefore: closure.submittedBefore } : {}),
            },
            closure.prizes.length,
          );
          summary.prizes += await settleBoard(campaign.id, closure, board);
          summary.boards += 1;
        }
      }
      return summary;
    },

    /** POST /server-api/creator/payment/search (SPEC §7): the creator's payments, newest first, in `data`. */
    async search(user: RequestUser, body: PaymentSearchBody): Promise<{ data: Payment[] }> {
      const rows = await repository.ofCreator(db, user.accountId, {
        ...(body.status ? { status: body.status } : {}),
        ...(body.campaignId ? { campaignId: body.campaignId } : {}),
        ...(body.from ? { from: new Date(`${body.from}T00:00:00.000Z`) } : {}),
        ...(body.to ? { before: new Date(Date.parse(`${body.to}T00:00:00.000Z`) + DAY_MS) } : {}),
      });
      return { data: await toPayments(rows) };
    },

    /** The console's payments of a campaign in the caller's scope, newest first. */
    async ofCampaign(
      caller: StaffCaller,
      campaignId: string,
      query: PaymentListQuery,
    ): Promise<Paged<StaffPayment>> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      const { rows, total } = await repository.ofCampaign(db, {
        campaignId: campaign.id,
        ...(query.status ? { status: query.status } : {}),
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const shown = await creatorService.withCreators(await toPayments(rows), campaign.platform);
      const links = new Map((await postsOf(campaign.id)).map((entry) => [entry.id, entry.postLink]));
      const masked = await payoutDetails.maskedOf(rows.map((row) => row.creatorId));
      // A payment already exported goes where the export said, whatever the creator changed since.
      const exported = await repository.payoutsOf(
        db,
        rows.map((row) => row.id),
      );
      const items = shown.map(({ creator, ...payment }) => ({
        ...payment,
        creator: { name: creator.name, handle: creator.handle },
        postLink: links.get(payment.entryId) ?? null,
        payoutDetails: exported.get(payment.id)?.exportedMasked ?? masked.get(payment.creatorId) ?? null,
      }));
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    /** Lets the queue name the post that earned each payment (the entries module is built after this one). */
    usePosts(reader: (campaignId: string) => Promise<Pick<MeasuredEntry, 'id' | 'postLink'>[]>): void {
      postsOf = reader;
    },

    /** A campaign's budget and what its rewards have committed: sums of the ledger. */
    async budgetOf(caller: StaffCaller, campaignId: string): Promise<CampaignBudget> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      const terms = await campaignsService.rewardTerms(campaign.id);
      if (!terms) throw errors.notFound();
      const committed = await repository.balanceOf(db, ledgerAccounts.campaignRewards(campaign.id));
      const taken = await repository.activeSlots(db, campaign.id);
      const totals = await repository.totalsByStatusOf(db, campaign.id);
      return {
        campaignId: campaign.id,
        currency: terms.currency,
        budgetMinor: terms.budget,
        committedMinor: committed,
        // A payout that failed is still the creator's until staff withdraw it: approved, not paid.
        approvedMinor: (totals.get('APPROVED') ?? 0) + (totals.get('FAILED') ?? 0),
        paidMinor: totals.get('PAID') ?? 0,
        leftMinor: terms.budget - committed,
        slots:
          terms.reward.type === 'FIRST_COME_FIRST_SERVE'
            ? { taken, left: Math.max(slotCapacity(terms) - taken, 0) }
            : null,
      };
    },

    /**
     * POST /server-api/creator/payment/invoice (SPEC §7): the PDF of the invoice of one of the creator's
     * payments, and the name to save it under; a payment not approved has none (404).
     */
    async invoicePdf(
      user: RequestUser,
      paymentId: string,
      kind: InvoiceDocumentKind = 'INVOICE',
    ): Promise<{ fileName: string; pdf: Buffer }> {
      const payment = await repository.findPayment(db, paymentId);
      if (!payment || payment.creatorId !== user.accountId) throw errors.notFound();
      const invoice = (await repository.invoicesOf(db, [payment.id], kind)).get(payment.id);
      if (!invoice) throw errors.notFound();
      return {
        fileName: `${formatInvoiceNumber(invoice)}.pdf`,
        pdf: await renderInvoicePdf(invoice.document as InvoiceDocument),
      };
    },

    /**
     * Sends each due payout through the provider, with the payment as idempotency key: PAID when it took
     * it, FAILED when it refused it (or stayed unreachable through every retry), a retry with backoff when
     * it could not answer. The offline default sends nothing: the payout waits for staff to record it.
     * Returns how many were handled.
     */
    async deliverDuePayouts(): Promise<number> {
      const due = await db.transaction((tx) =>
        repository.claimDuePayouts(tx, clock.now(), PAYOUT_BATCH_SIZE, PAYOUT_CLAIM_SECONDS),
      );
      for (const payout of due) {
        const payment = await repository.findPayment(db, payout.paymentId);
        if (!payment || payment.status !== 'APPROVED') {
          await repository.updatePayout(db, payout.paymentId, { nextAttemptAt: null });
          continue;
        }
        const wallet = await creatorService.payoutWallet(payment.creatorId);
        if (!wallet) {
          await repository.updatePayout(db, payout.paymentId, {
            note: PAYOUT_NOTES.noWallet,
            nextAttemptAt: new Date(clock.now().getTime() + NO_WALLET_RETRY_SECONDS * 1000),
          });
          continue;
        }
        const names = await campaignsService.campaignNames([payment.campaignId]);
        try {
          const transfer = await payouts.transfer(
            {
              walletId: wallet.walletId,
              amountMinor: payout.amountMinor,
              currency: payment.currency,
              paymentId: payment.id,
              description: `${names.get(payment.campaignId) ?? 'Campaign'} reward`,
            },
            `payout:${payment.id}`,
          );
          await db.transaction(async (tx) => {
            const current = await repository.lockPayment(tx, payment.id);
            if (!current) return;
            if (transfer.kind === 'offline') {
              await repository.updatePayout(tx, payment.id, { note: transfer.note, nextAttemptAt: null });
              return;
            }
            await settlePaid(tx, current, payout.amountMinor, transfer.reference, SCHEDULER_ACTOR);
          });
        } catch (error) {
          if (error instanceof PayoutsRejected) {
            await db.transaction(async (tx) => {
              const current = await repository.lockPayment(tx, payment.id);
              if (current) await settleFailed(tx, current, error.message);
            });
            continue;
          }
          if (!(error instanceof PayoutsUnavailable)) throw error;
          const attempts = payout.attempts + 1;
          if (attempts >= PAYOUT_MAX_ATTEMPTS) {
            await db.transaction(async (tx) => {
              const current = await repository.lockPayment(tx, payment.id);
              if (current) await settleFailed(tx, current, PAYOUT_NOTES.exhausted(error.message));
            });
            continue;
          }
          await repository.updatePayout(db, payment.id, {
            attempts,
            note: error.message,
            nextAttemptAt: new Date(
              clock.now().getTime() + payoutRetryDelaySeconds(attempts, error.retryAfterSeconds) * 1000,
            ),
          });
        }
      }
      return due.length;
    },

    /**
     * Staff record an approved payment they paid outside the platform (the offline default has no
     * provider to send it): PAID, with their reference, the day and how, and where it went (masked).
     */
    async recordPaid(caller: StaffCaller, id: string, byHand: PaidByHand): Promise<Payment> {
      const found = isUuid(id) ? await repository.findPayment(db, id) : undefined;
      if (!found) throw errors.notFound();
      await campaignsService.staffCampaignFacts(caller, found.campaignId);
      const paid = await db.transaction(async (tx) => {
        const payment = await repository.lockPayment(tx, id);
        const payout = await repository.lockPayout(tx, id);
        if (!payment || !payout) {
          throw errors.conflict('Only an approved payment can be recorded as paid.');
        }
        // With a provider, a payout still scheduled may be on its way: only the provider settles it.
        if (payouts.name !== 'offline' && payout.nextAttemptAt !== null) {
          throw errors.conflict(PAYMENT_MESSAGES.payoutInProgress);
        }
        if (payment.status === 'APPROVED' && payment.decidedAt) {
          const { earliest, latest } = paidOnBounds(clock.now(), payment.decidedAt);
          if (byHand.paidOn > latest) {
            throw errors.validation([{ field: 'paidOn', message: PAYMENT_MESSAGES.paidOnInFuture }]);
          }
          if (byHand.paidOn < earliest) {
            throw errors.validation([{ field: 'paidOn', message: PAYMENT_MESSAGES.paidOnBeforeApproval }]);
          }
        }
        await settlePaid(tx, payment, payout.amountMinor, byHand.reference, caller, {
          paidOn: byHand.paidOn,
          method: byHand.method,
          paidTo: await payoutDetails.destinationOf(tx, payment),
        });
        return repository.findPayment(tx, id);
      });
      const [shown] = await toPayments(paid ? [paid] : []);
      if (!shown) throw errors.notFound();
      return shown;
    },

    /**
     * Staff give up on a payment whose payout failed: it is REJECTED with their reason, a credit note
     * cancels its invoice (an issued invoice never changes, ADR 022), and the reward, with any VAT or GST
     * its invoice added, goes back out of what the creator is owed: the money returns to the campaign.
     */
    async withdraw(caller: StaffCaller, id: string, reason: string): Promise<Payment> {
      const found = isUuid(id) ? await repository.findPayment(db, id) : undefined;
      if (!found) throw errors.notFound();
      const campaign = await campaignsService.staffCampaignFacts(caller, found.campaignId);
      const withdrawn = await db.transaction(async (tx) => {
        const reward = await repository.lockReward(tx, found.rewardId);
        const payment = await repository.lockPayment(tx, id);
        if (!payment || !reward) throw errors.notFound();
        const to = nextPaymentStatus(payment.status, 'withdraw');
        if (!to) throw errors.conflict(PAYMENT_MESSAGES.onlyFailedWithdrawn);
        const invoice = (await repository.invoicesOf(tx, [payment.id])).get(payment.id);
        if (!invoice) throw errors.conflict(PAYMENT_MESSAGES.onlyFailedWithdrawn);
        const now = clock.now();
        const moved = await repository.updatePayment(tx, id, {
          status: to,
          decidedAt: now,
          decidedBy: caller.accountId,
          rejectionReason: reason,
          updatedAt: now,
        });
        await repository.updatePayout(tx, id, { nextAttemptAt: null });
        const original = invoice.document as InvoiceDocument;
        const issueDate = now.toISOString().slice(0, 10);
        const year = Number(issueDate.slice(0, 4));
        const prefix = creditNotePrefix(invoice.prefix);
        const creditNote = snapshotInvoiceDocument({
          ...original,
          kind: 'CREDIT_NOTE',
          number: { prefix, year, sequence: await repository.nextInvoiceSequence(tx, prefix, year) },
          issueDate,
          corrects: { number: original.number, issueDate: original.issueDate },
          reason,
        });
        await repository.insertInvoice(tx, {
          id: randomUUID(),
          paymentId: payment.id,
          kind: 'CREDIT_NOTE',
          prefix: creditNote.number.prefix,
          year: creditNote.number.year,
          sequence: creditNote.number.sequence,
          document: creditNote,
          issuedAt: now,
        });
        if (creditNote.amounts.taxMinor > 0) {
          await post(tx, {
            kind: 'credit-note.tax',
            currency: payment.currency,
            rewardId: reward.id,
            paymentId: payment.id,
            lines: [
              {
                account: ledgerAccounts.creatorPayable(payment.creatorId),
                amountMinor: creditNote.amounts.taxMinor,
              },
              {
                account: ledgerAccounts.taxOnRewards(creditNote.treatment.kind),
                amountMinor: -creditNote.amounts.taxMinor,
              },
            ],
          });
        }
        await giveBack(tx, reward, payment, 'payment.withdrawn');
        await audit.record(tx, {
          actor: caller,
          action: 'payment.withdraw',
          target: { type: 'payment', id, label: campaign.name },
          before: { status: payment.status },
          after: { status: to, reason, creditNote: formatInvoiceNumber(creditNote.number) },
        });
        await notifications.notify(tx, {
          accountId: payment.creatorId,
          event: 'PAYMENT_REJECTED',
          campaignId: payment.campaignId,
          campaignName: campaign.name,
          amount: formatMoney(payment.amountMinor, payment.currency),
          rejection: { reason: null, note: reason },
        });
        return moved;
      });
      const [shown] = await toPayments([withdrawn]);
      if (!shown) throw errors.notFound();
      return shown;
    },

    approve: (caller: StaffCaller, id: string) => decide(caller, id, 'approve'),
    reject: (caller: StaffCaller, id: string, reason: string) => decide(caller, id, 'reject', reason),

    /** A creator's payments, newest first, for the console's creator page (whose route checks the scope). */
    ofCreatorForStaff: async (creatorId: string): Promise<Payment[]> =>
      toPayments(await repository.ofCreator(db, creatorId, {})),

    /**
     * What a campaign's rewards have committed (its ledger balance) and when that last moved, for its report,
     * whose route checks the scope.
     */
    campaignLedger: async (
      campaignId: string,
    ): Promise<{ committedMinor: number; lastLineAt: Date | null }> => {
      const { balance, lastAt } = await repository.balanceWithTimeOf(
        db,
        ledgerAccounts.campaignRewards(campaignId),
      );
      return { committedMinor: balance, lastLineAt: lastAt };
    },

    /** What a campaign's rewards had committed at the end of each UTC day from `from` to `to`, for forecasts. */
    campaignCommittedByDay: async (
      campaignId: string,
      from: string,
      to: string,
    ): Promise<{ date: string; committedMinor: number }[]> =>
      (await repository.balanceByDayOf(db, ledgerAccounts.campaignRewards(campaignId), from, to)).map(
        ({ date, balance }) => ({ date, committedMinor: balance }),
      ),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
