// zod/mini, like the other contracts the creator's pages load (ADR 009).
import { z } from 'zod/mini';
import { PAYMENT_STATUSES } from '../machines/payment';
import { MARKETING_CURRENCIES } from '../vocabulary/currencies';
import { schema } from './build-schema';
import { FUNDING_STATES } from './campaign-funding';
import { isUuid, pagedResponseSchema, pageQueryFields } from './lists';

export const PAYMENT_REJECTION_MAX_LENGTH = 500;

export const PAYMENT_MESSAGES = {
  reasonRequired: 'Say why the payment is rejected',
  released: 'Withdrawn: the entry that earned it was archived before the payment was approved.',
  campaignUnknown: 'Choose a campaign',
  dateShape: 'Choose a date',
  paymentUnknown: 'Choose a payment',
  referenceRequired: 'Give the payment’s reference',
  paidOnRequired: 'Give the day it was paid',
  paidOnInFuture: 'The day it was paid cannot be in the future',
  paidOnBeforeApproval: 'The day it was paid cannot be before the payment was approved',
  paidMethodRequired: 'Choose how it was paid',
  onlyFailedWithdrawn: 'Only a payment whose payout failed can be withdrawn.',
  payoutInProgress: 'This payment is being sent by the payout provider: it cannot be recorded by hand.',
  creatorDetailsMissing:
    'An invoice cannot be issued: the creator’s name or postal address is missing from their profile.',
  entryHeld:
    'This entry’s earnings are held while its views are checked: the payment waits until the check is decided.',
} as const;

/**
 * Why money paid is taken back (ADR 037): the post was taken down or made private within the campaign's
 * retention, the entry was rejected on a check of its views, or some of its views were found not to be real.
 */
export const CLAWBACK_CAUSES = ['POST_GONE', 'REJECTED_ON_HOLD', 'VIEWS_EXCLUDED'] as const;
export type ClawbackCauseName = (typeof CLAWBACK_CAUSES)[number];

/** How staff paid a payment outside the platform, recorded with its reference and the day. */
export const PAID_METHODS = ['BANK_TRANSFER', 'PAYPAL', 'OTHER'] as const;
export type PaidMethod = (typeof PAID_METHODS)[number];
export const PAID_METHOD_LABELS: Record<PaidMethod, string> = {
  BANK_TRANSFER: 'Bank transfer',
  PAYPAL: 'PayPal',
  OTHER: 'Other',
};

/** How a reward was won (DESIGN §8): a FIRST_COME_FIRST_SERVE slot, a prize by rank, a SPRINT period's prize. */
export const REWARD_RULES = ['SLOT', 'PRIZE', 'SPRINT_PRIZE', 'VIEWS'] as const;
export type RewardRuleName = (typeof REWARD_RULES)[number];

/** What a payment rewards, in words: 'Entry reward', 'Prize for place 2', 'Prize for place 1 in period 3'. */
export function rewardPurpose({
  rule,
  rank,
  period,
}: {
  rule: RewardRuleName;
  rank: number | null;
  period: number | null;
}): string {
  if (rule === 'SLOT') return 'Entry reward';
  if (rule === 'VIEWS') return 'Pay per view';
  const place = rank === null ? 'Prize' : `Prize for place ${rank}`;
  return rule === 'SPRINT_PRIZE' && period !== null ? `${place} in period ${period}` : place;
}

/**
 * Why a reward was won, frozen when it was won: the slot it took of those the budget allowed, or the place
 * on the closed leaderboard with the figures it was ranked by and when they were read.
 */
const rewardBasisSchema = () =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('SLOT'),
      /** 1 for the first slot taken. */
      slot: z.number().check(z.int()),
      slots: z.number().check(z.int()),
    }),
    z.object({
      kind: z.literal('RANK'),
      rank: z.number().check(z.int()),
      /** How many entries the closed board ranked. */
      ranked: z.number().check(z.int()),
      /** The figures it was ranked by; null where the source did not say. */
      views: z.nullable(z.number().check(z.int())),
      likes: z.nullable(z.number().check(z.int())),
      comments: z.nullable(z.number().check(z.int())),
      shares: z.nullable(z.number().check(z.int())),
      /** When the figures were read, and from where; null when the entry had no figures by the close. */
      readAt: z.nullable(z.string()),
      source: z.nullable(z.string()),
      /** When the board closed: the campaign's end, or the SPRINT period's. */
      closedAt: z.string(),
    }),
    z.object({
      kind: z.literal('VIEWS'),
      /** The entry's validated views, and what they earned at the rate before any cap. */
      views: z.number().check(z.int()),
      ratePerThousand: z.number().check(z.int()),
      earnedMinor: z.number().check(z.int()),
      /** What was reserved, and what cut it below the earning: the entry's cap, the creator's, the budget. */
      cappedBy: z.nullable(z.enum(['ENTRY_CAP', 'CREATOR_CAP', 'BUDGET'])),
      validatedAt: z.string(),
      /** Its place in the order figures were validated in: the budget pays them in that order. */
      order: z.number().check(z.int()),
    }),
  ]);
export type RewardBasis = z.infer<ReturnType<typeof rewardBasisSchema>>;

/** Money taken back from a paid payment: how much, why, when, and the credit note that says so. */
const clawbackSchema = () =>
  z.object({
    /** The reward's part and the VAT or GST on it, together: what the creator owes back. */
    amountMinor: z.number().check(z.int()),
    rewardMinor: z.number().check(z.int()),
    taxMinor: z.number().check(z.int()),
    cause: z.enum(CLAWBACK_CAUSES),
    /** Why, in words the creator reads: 'the post was taken down or made private within 30 days of payment'. */
    reason: z.string(),
    /** Of `amountMinor`, what later payouts have kept back so far. */
    recoveredMinor: z.number().check(z.int()),
    creditNoteNumber: z.nullable(z.string()),
    createdAt: z.string(),
  });
export type PaymentClawback = z.infer<ReturnType<typeof clawbackSchema>>;

/** A payment as the creator and staff read it: what it is for, how much, and where it stands. */
export const paymentSchema = schema(() =>
  z.object({
    id: z.string(),
    campaignId: z.string(),
    campaignName: z.string(),
    creatorId: z.string(),
    entryId: z.string(),
    /** Integer minor units of `currency` (pence, cents). */
    amountMinor: z.number().check(z.int()),
    currency: z.enum(MARKETING_CURRENCIES),
    status: z.enum(PAYMENT_STATUSES),
    reward: z.object({
      rule: z.enum(REWARD_RULES),
      rank: z.nullable(z.number().check(z.int())),
      period: z.nullable(z.number().check(z.int())),
      /** Why the entry earned it, as it stood when the reward was won; null for rewards won before it was kept. */
      basis: z.nullable(rewardBasisSchema()),
    }),
    rejectionReason: z.nullable(z.string()),
    /** When the money left the platform (PAID), or null. */
    paidAt: z.nullable(z.string()),
    /** The day staff paid it outside the platform (`YYYY-MM-DD`), or null when a provider sent it. */
    paidOn: z.nullable(z.string()),
    /** How staff paid it outside the platform, or null. */
    paidMethod: z.nullable(z.enum(PAID_METHODS)),
    /** Where it was paid to, masked (`Bank account (GB) ending ••••5678`), when payout details were kept. */
    paidTo: z.nullable(z.string()),
    /** Why the payout failed (FAILED), in the provider's words, or null. */
    failureReason: z.nullable(z.string()),
    /** The self-billed invoice issued when the payment was approved (`SB-2026-000123`), or null. */
    invoiceNumber: z.nullable(z.string()),
    /** The credit note that cancelled the invoice when staff withdrew the payment, or null. */
    creditNoteNumber: z.nullable(z.string()),
    createdAt: z.string(),
    decidedAt: z.nullable(z.string()),
    /** Money taken back after it was paid (ADR 037), or null; always sent by the server. */
    clawback: z.optional(z.nullable(clawbackSchema())),
    /**
     * What was kept back of this payment's payout to recover money taken back earlier, in minor units: the
     * payout sent the amount with its tax less this. Always sent by the server (0 when nothing was kept).
     */
    keptBackMinor: z.optional(z.number().check(z.int())),
  }),
);
export type Payment = z.infer<typeof paymentSchema>;

const day = () => z.iso.date({ error: PAYMENT_MESSAGES.dateShape });

/** POST /server-api/creator/payment/search (SPEC §7): the creator's payments, by status, campaign and dates. */
export const paymentSearchBodySchema = schema(() =>
  // Strict: every field is optional, so a body of anything else must not pass for "no filter".
  z.strictObject({
    status: z.optional(z.enum(PAYMENT_STATUSES, { error: 'Choose a payment status' })),
    campaignId: z.optional(
      z
        .string({ error: PAYMENT_MESSAGES.campaignUnknown })
        .check(z.refine(isUuid, { error: PAYMENT_MESSAGES.campaignUnknown })),
    ),
    /** Created on or after this day (UTC). */
    from: z.optional(day()),
    /** Created on or before this day (UTC). */
    to: z.optional(day()),
  }),
);
export type PaymentSearchBody = z.infer<typeof paymentSearchBodySchema>;
export const paymentSearchResponseSchema = schema(() => z.object({ data: z.array(paymentSchema) }));

/** The console's payments queue. */
export const paymentListQuerySchema = schema(() =>
  z.object({
    ...pageQueryFields,
    status: z.optional(z.enum(PAYMENT_STATUSES, { error: 'Choose a payment status' })),
    campaignId: z.optional(z.string().check(z.refine(isUuid, { error: PAYMENT_MESSAGES.campaignUnknown }))),
  }),
);
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;
/**
 * A payment in the console's queue: the payment, who is paid (name and handle on the campaign's platform),
 * the post that earned it, and where it would be paid to, masked.
 */
export const staffPaymentSchema = schema(() =>
  z.object({
    ...paymentSchema.shape,
    creator: z.object({ name: z.nullable(z.string()), handle: z.nullable(z.string()) }),
    postLink: z.nullable(z.string()),
    /** The creator's payout details, masked, or null when they have given none. */
    payoutDetails: z.nullable(z.string()),
  }),
);
export type StaffPayment = z.infer<typeof staffPaymentSchema>;
export const paymentListResponseSchema = schema(() => pagedResponseSchema(staffPaymentSchema));

/** POST …/marketing/payments/{id}/reject: the reason the creator reads. */
export const paymentRejectionBodySchema = schema(() =>
  z.object({
    reason: z.string({ error: PAYMENT_MESSAGES.reasonRequired }).check(
      z.trim(),
      z.minLength(1, { error: PAYMENT_MESSAGES.reasonRequired }),
      z.maxLength(PAYMENT_REJECTION_MAX_LENGTH, {
        error: `You cannot enter more than ${PAYMENT_REJECTION_MAX_LENGTH} characters`,
      }),
    ),
  }),
);
export type PaymentRejectionBody = z.infer<typeof paymentRejectionBodySchema>;

/** A campaign's money, every figure a sum of the ledger: what its rewards have committed and what is left. */
const payPerViewReachSchema = () =>
  z.object({
    viewsBudgetBuys: z.number().check(z.int()),
    viewsToEntryCap: z.number().check(z.int()),
    creatorsAtCap: z.number().check(z.int()),
    entriesAtCap: z.number().check(z.int()),
  });

export const campaignBudgetSchema = schema(() =>
  z.object({
    campaignId: z.string(),
    currency: z.enum(MARKETING_CURRENCIES),
    budgetMinor: z.number().check(z.int()),
    /** Money received for the budget (fundings that succeeded), and top-ups still clearing (ADR 038). */
    fundedMinor: z.number().check(z.int()),
    pendingFundingMinor: z.number().check(z.int()),
    fundingState: z.enum(FUNDING_STATES),
    /** Reserved by the rewards won so far: the ledger balance of the campaign's rewards. */
    committedMinor: z.number().check(z.int()),
    /** Of what is committed, approved and not yet paid. */
    approvedMinor: z.number().check(z.int()),
    /** Of what is committed, paid. */
    paidMinor: z.number().check(z.int()),
    /** What rewards may still reserve: the budget, never beyond what is funded, less what is reserved. */
    leftMinor: z.number().check(z.int()),
    /** FIRST_COME_FIRST_SERVE only: slots taken and left. */
    slots: z.nullable(z.object({ taken: z.number().check(z.int()), left: z.number().check(z.int()) })),
    /**
     * PAY_PER_VIEW only: the simulator's figures (`payPerViewReach`) for the whole budget and for what is
     * left of it: views bought, views to an entry's cap, creators and entries paid at the cap.
     */
    payPerView: z.nullable(
      z.object({ budget: z.nullable(payPerViewReachSchema()), left: z.nullable(payPerViewReachSchema()) }),
    ),
    pacing: z.object({
      /** Reserved per day over the last 7 days (or since the start, when shorter). */
      burnPerDayMinor: z.number().check(z.int()),
      /** Days until what is left is reserved at that rate; null while nothing is being reserved. */
      runwayDays: z.nullable(z.number()),
      /** The thresholds of BUDGET_ALERT_THRESHOLDS already reached and told. */
      alertsSent: z.array(z.number().check(z.int())),
    }),
  }),
);
export type CampaignBudget = z.infer<typeof campaignBudgetSchema>;

/** A payment's self-billed documents: its invoice, and the credit note that cancels it when it is withdrawn. */
export const INVOICE_DOCUMENT_KINDS = ['INVOICE', 'CREDIT_NOTE'] as const;
export type InvoiceDocumentKind = (typeof INVOICE_DOCUMENT_KINDS)[number];

/** POST /server-api/creator/payment/invoice (SPEC §7): the invoice of one of the caller's payments, as a PDF. */
export const paymentInvoiceBodySchema = schema(() =>
  z.strictObject({
    paymentId: z
      .string({ error: PAYMENT_MESSAGES.paymentUnknown })
      .check(z.refine(isUuid, { error: PAYMENT_MESSAGES.paymentUnknown })),
    /** The invoice (the default), or the credit note that cancelled it. */
    document: z.optional(z.enum(INVOICE_DOCUMENT_KINDS, { error: 'Choose the invoice or its credit note' })),
  }),
);
export type PaymentInvoiceBody = z.infer<typeof paymentInvoiceBodySchema>;

/**
 * POST …/marketing/payments/{id}/paid: a payment staff made outside the platform, with its reference, the
 * day it was paid and how. The server also refuses a day in the future or before the approval.
 */
export const paymentPaidBodySchema = schema(() =>
  z.strictObject({
    paidOn: z.iso.date({ error: PAYMENT_MESSAGES.paidOnRequired }),
    method: z.enum(PAID_METHODS, { error: PAYMENT_MESSAGES.paidMethodRequired }),
    reference: z
      .string({ error: PAYMENT_MESSAGES.referenceRequired })
      .check(
        z.trim(),
        z.minLength(1, { error: PAYMENT_MESSAGES.referenceRequired }),
        z.maxLength(200, { error: 'You cannot enter more than 200 characters' }),
      ),
  }),
);
export type PaymentPaidBody = z.infer<typeof paymentPaidBodySchema>;

/** The most payments one bulk approval may name: a page of the queue. */
export const PAYMENT_BULK_MAX = 100;

export const PAYMENT_BULK_MESSAGES = {
  required: 'Choose at least one payment',
  tooMany: `Choose at most ${PAYMENT_BULK_MAX} payments at a time`,
} as const;

/**
 * POST …/marketing/campaigns/{id}/payments/bulk-approve: many pending payments of a campaign approved at
 * once. Each is approved on its own; one that cannot be (decided meanwhile, of another campaign, its
 * invoice impossible) is reported, not fatal.
 */
export const paymentBulkApproveBodySchema = schema(() =>
  z.strictObject({
    paymentIds: z
      .array(
        z
          .string({ error: PAYMENT_BULK_MESSAGES.required })
          .check(z.refine(isUuid, { error: PAYMENT_BULK_MESSAGES.required })),
        { error: PAYMENT_BULK_MESSAGES.required },
      )
      .check(
        z.minLength(1, { error: PAYMENT_BULK_MESSAGES.required }),
        z.maxLength(PAYMENT_BULK_MAX, { error: PAYMENT_BULK_MESSAGES.tooMany }),
      ),
  }),
);
export type PaymentBulkApproveBody = z.infer<typeof paymentBulkApproveBodySchema>;

export const paymentBulkApproveResultSchema = schema(() =>
  z.object({
    /** The payments approved, in the order asked. */
    approved: z.array(z.string()),
    /** Those not approved, each with why, in the words approving it alone would have answered. */
    failed: z.array(z.object({ paymentId: z.string(), message: z.string() })),
  }),
);
export type PaymentBulkApproveResult = z.infer<typeof paymentBulkApproveResultSchema>;

/** Payout details as the creator and staff see them: how, where, and masked, never in full. */
export const payoutDetailsSummarySchema = schema(() =>
  z.object({
    method: z.enum(['BANK_ACCOUNT', 'PAYPAL']),
    /** The bank account's country; null for PayPal. */
    country: z.nullable(z.string()),
    /** `Bank account (GB) ending ••••5678`, `PayPal j••••@example.com`. */
    masked: z.string(),
    updatedAt: z.string(),
  }),
);
export type PayoutDetailsSummary = z.infer<typeof payoutDetailsSummarySchema>;

/**
 * GET and PUT /server-api/creator/payout-details: the creator's details, masked, and whether the platform
 * needs them (it pays by hand, having no payouts provider).
 */
export const payoutDetailsResponseSchema = schema(() =>
  z.object({ details: z.nullable(payoutDetailsSummarySchema), needed: z.boolean() }),
);
export type PayoutDetailsResponse = z.infer<typeof payoutDetailsResponseSchema>;
