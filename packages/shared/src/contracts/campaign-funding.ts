// zod/mini: the console's campaign page loads these with the rest of the campaign's schemas (ADR 009).
import { z } from 'zod/mini';
import { CONTROL_CHARACTERS_MESSAGE, UNPAIRED_SURROGATES_MESSAGE, maxLengthMessage } from '../rules/messages';
import { hasControlCharacters, hasUnpairedSurrogates } from '../rules/control-characters';
import { MARKETING_CURRENCIES } from '../vocabulary/currencies';
import { schema } from './build-schema';

/**
 * How money reached a campaign's budget (ADR 038): a transfer an Admin saw arrive and recorded with its
 * reference, or a top-up of the platform's balance through the payments provider.
 */
export const FUNDING_METHODS = ['TRANSFER', 'PROVIDER_TOP_UP'] as const;
export type FundingMethod = (typeof FUNDING_METHODS)[number];

/** A provider's top-up may take days to clear; a recorded transfer has arrived. */
export const FUNDING_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type FundingStatus = (typeof FUNDING_STATUSES)[number];

/** Where a campaign's budget stands against the money received for it. */
export const FUNDING_STATES = ['UNFUNDED', 'PARTLY_FUNDED', 'FUNDED'] as const;
export type FundingState = (typeof FUNDING_STATES)[number];

/** The shares of the budget reserved at which the campaign's managers are told, once each (ADR 038). */
export const BUDGET_ALERT_THRESHOLDS = [50, 80, 95] as const;
export type BudgetAlertThreshold = (typeof BUDGET_ALERT_THRESHOLDS)[number];

export const FUNDING_REFERENCE_MAX_LENGTH = 200;
/** 10 billion minor units, as a campaign's budget. */
export const FUNDING_AMOUNT_MAX = 10_000_000_000;

export const FUNDING_MESSAGES = {
  amountRange: 'Enter an amount above zero',
  amountTooLarge: 'This amount is larger than any campaign can have',
  wholeNumber: 'Enter a whole number',
  referenceRequired: 'Give the transfer’s reference, as it appears on the bank statement',
  notFunded: 'This campaign cannot go live until its budget is funded.',
  providerMissing:
    'No payments provider is set up, so a top-up cannot be taken here. An Admin records the bank transfer instead.',
  providerRefused: (words: string) => `The payments provider refused the top-up: ${words}`,
  providerUnavailable: 'The payments provider could not be reached. Nothing was charged; try again shortly.',
  notFundable: 'An ended or archived campaign cannot be funded.',
  budgetSpent: 'The budget is spent: every penny of it has been earned by entries.',
  resumeNeedsTopUp: 'The budget is spent: top it up before resuming.',
} as const;

const amountMinor = () =>
  z
    .number({ error: FUNDING_MESSAGES.amountRange })
    .check(
      z.refine(Number.isInteger, { error: FUNDING_MESSAGES.wholeNumber, abort: true }),
      z.minimum(1, { error: FUNDING_MESSAGES.amountRange }),
      z.maximum(FUNDING_AMOUNT_MAX, { error: FUNDING_MESSAGES.amountTooLarge }),
    );

/** POST …/campaigns/{id}/fundings/transfer: money an Admin saw arrive, with the bank's reference. */
export const transferFundingBodySchema = schema(() =>
  z.strictObject({
    amountMinor: amountMinor(),
    reference: z.string({ error: FUNDING_MESSAGES.referenceRequired }).check(
      z.trim(),
      z.minLength(1, { error: FUNDING_MESSAGES.referenceRequired }),
      z.maxLength(FUNDING_REFERENCE_MAX_LENGTH, { error: maxLengthMessage(FUNDING_REFERENCE_MAX_LENGTH) }),
      z.refine((value) => !hasControlCharacters(value), { error: CONTROL_CHARACTERS_MESSAGE }),
      z.refine((value) => !hasUnpairedSurrogates(value), { error: UNPAIRED_SURROGATES_MESSAGE }),
    ),
  }),
);
export type TransferFundingBody = z.infer<typeof transferFundingBodySchema>;

/** POST …/campaigns/{id}/fundings/top-up: a top-up through the payments provider. */
export const providerFundingBodySchema = schema(() => z.strictObject({ amountMinor: amountMinor() }));
export type ProviderFundingBody = z.infer<typeof providerFundingBodySchema>;

export const campaignFundingSchema = schema(() =>
  z.object({
    id: z.string(),
    amountMinor: z.number(),
    currency: z.enum(MARKETING_CURRENCIES),
    method: z.enum(FUNDING_METHODS),
    status: z.enum(FUNDING_STATUSES),
    /** The bank's reference of a transfer; the provider's id of a top-up (Stripe: `tu_…`). */
    reference: z.string(),
    /** What the provider said of a top-up that failed. */
    failure: z.nullable(z.string()),
    recordedBy: z.nullable(z.object({ id: z.string(), email: z.string() })),
    recordedAt: z.string(),
    /** When the money arrived (a top-up: when the provider said it succeeded). */
    settledAt: z.nullable(z.string()),
  }),
);
export type CampaignFunding = z.infer<typeof campaignFundingSchema>;

/** GET …/campaigns/{id}/fundings: newest first, with whether a provider can take a top-up here. */
export const campaignFundingsResponseSchema = schema(() =>
  z.object({
    items: z.array(campaignFundingSchema),
    providerTopUps: z.boolean(),
  }),
);
export type CampaignFundingsResponse = z.infer<typeof campaignFundingsResponseSchema>;

/** Where a campaign's budget stands against the money received for it. */
export function fundingStateOf(budgetMinor: number, fundedMinor: number): FundingState {
  if (fundedMinor <= 0) return 'UNFUNDED';
  return fundedMinor >= budgetMinor ? 'FUNDED' : 'PARTLY_FUNDED';
}

/**
 * What a campaign's rewards may reserve: the budget, but never more than the money received for it
 * (ADR 038). Money received beyond the budget raises the budget, so this is the budget once it is funded.
 */
export const reservableOf = (budgetMinor: number, fundedMinor: number) =>
  Math.max(Math.min(budgetMinor, fundedMinor), 0);

/** The thresholds that `reservedMinor` of `budgetMinor` has reached, lowest first. */
export const budgetThresholdsReached = (
  reservedMinor: number,
  budgetMinor: number,
): BudgetAlertThreshold[] =>
  budgetMinor > 0
    ? BUDGET_ALERT_THRESHOLDS.filter((threshold) => reservedMinor * 100 >= threshold * budgetMinor)
    : [];
