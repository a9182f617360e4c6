// The port through which a campaign's budget is topped up with the payments provider (ADR 038): a top-up
// of the platform's balance, and a second look at one still clearing.

/** A top-up for one funding of a campaign. */
export type TopUpRequest = {
  fundingId: string;
  campaignId: string;
  /** Minor units of `currency`. */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** What the platform's statement says it is for. */
  description: string;
};

/** Where a top-up stands, as the provider says. */
export type TopUp = {
  /** The provider's id of the top-up (Stripe: `tu_…`). */
  reference: string;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  /** What the provider said of a top-up that failed, canceled or was reversed. */
  failure: string | null;
};

export interface FundingProvider {
  readonly name: 'stripe';
  /**
   * Asks for the money. Derive `idempotencyKey` from the funding, so a retry after a lost answer never
   * takes the money twice.
   */
  topUp(request: TopUpRequest, idempotencyKey: string): Promise<TopUp>;
  /** Looks again at a top-up that was still clearing. */
  lookUp(reference: string): Promise<TopUp>;
}

/** The provider refused the request itself (a bad amount, no funding source, a refused key). */
export class FundingRejected extends Error {
  override readonly name = 'FundingRejected';
}

/** Nothing is known to have gone wrong with the request: the provider was unreachable, slow or busy. */
export class FundingUnavailable extends Error {
  override readonly name = 'FundingUnavailable';
}
