// The port through which creators get paid: their payout wallet, and transfers into it. The onboarding
// link will join `PayoutsProvider` as a further method, raising the same two errors.

export type WalletOwner = {
  creatorId: string;
  email: string;
  /** ISO 3166-1 alpha-2, upper case (`GB`), as the provider expects it. */
  country: string;
  firstName: string;
  lastName: string;
};

export type Wallet = {
  provider: 'stripe' | 'offline';
  walletId: string;
  /** True while the provider still needs something from the creator (Stripe: bank details, identity). */
  needsAction: boolean;
  /** For staff and the creator: what the provider said, or what nothing checked. */
  note: string;
};

/** Money sent to a creator's wallet for one payment. */
export type TransferRequest = {
  walletId: string;
  /** Minor units of `currency`. */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  paymentId: string;
  /** What the creator's statement says it is for. */
  description: string;
};

export type Transfer =
  /** The provider took the transfer; `reference` is its id for it (Stripe: `tr_…`). */
  | { kind: 'sent'; reference: string }
  /** No provider pays here: staff pay outside the platform and record the payment's reference. */
  | { kind: 'offline'; note: string };

export interface PayoutsProvider {
  readonly name: 'stripe' | 'offline';
  /**
   * Creates the creator's payout wallet. `idempotencyKey` makes a retry after a lost answer return the
   * same wallet instead of a second one, so derive it from what the wallet is for (the creator), never
   * from the attempt.
   */
  createWallet(owner: WalletOwner, idempotencyKey: string): Promise<Wallet>;
  /**
   * Sends a payment's money to the creator's wallet. Derive `idempotencyKey` from the payment, so that a
   * retry after a lost answer, a restart or a second worker never pays twice.
   */
  transfer(request: TransferRequest, idempotencyKey: string): Promise<Transfer>;
}

/** What an adapter writes to the log; the app's pino logger fits. */
export type PayoutsLogger = {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export const silentPayoutsLogger: PayoutsLogger = { error: () => {}, warn: () => {} };

/** The provider's own words on a failure, never including a credential. */
export type ProviderErrorDetails = {
  /** HTTP status of the provider's answer, when there was one. */
  status?: number;
  /** Provider's error type (Stripe: `invalid_request_error`, `api_error`, …). */
  type?: string;
  /** Provider's error code (Stripe: `country_unsupported`, `idempotency_key_in_use`, …). */
  code?: string;
  /** The request field the provider objected to. */
  param?: string;
  /** Quote it to the provider's support (Stripe: `req_…`). */
  requestId?: string;
};

/**
 * Nothing is known to have gone wrong with the request itself: the provider was unreachable, too slow,
 * rate-limited us, had an internal error or was busy with the same idempotency key. Retry later with
 * backoff, using the same idempotency key.
 */
export class PayoutsUnavailable extends Error {
  override readonly name = 'PayoutsUnavailable';
  /** The provider's own wait before a retry (`Retry-After`), when it gave one. */
  readonly retryAfterSeconds: number | undefined;
  readonly details: ProviderErrorDetails;

  constructor(
    message: string,
    options: { retryAfterSeconds?: number; details?: ProviderErrorDetails; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details ?? {};
  }
}

/**
 * The provider refused the request: it is malformed, our credentials are wrong, or the account is
 * refused. Sending the same request again will get the same answer.
 */
export class PayoutsRejected extends Error {
  override readonly name = 'PayoutsRejected';
  readonly details: ProviderErrorDetails;

  constructor(message: string, details: ProviderErrorDetails = {}) {
    super(message);
    this.details = details;
  }
}
