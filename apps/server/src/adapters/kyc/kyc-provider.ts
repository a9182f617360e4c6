import type { KycStatus } from '@platform/shared';

/** The creator as the identity provider needs them; names as on the identity document. */
export type KycApplicant = {
  firstName: string;
  lastName: string;
  email: string;
  /** YYYY-MM-DD */
  dateOfBirth?: string;
  /** ISO 3166-1 alpha-2, the country the creator lives in. */
  country?: string;
};

/**
 * An outside identity-check provider (DESIGN §4 adapters/kyc). The built-in manual review by staff is not
 * one: it lives in the creator module and needs no port.
 */
export interface ExternalKycProvider {
  readonly name: 'onfido';
  /** Creates the applicant at the provider (idempotent for our purposes: callers store and reuse the id). */
  createApplicant(applicant: KycApplicant): Promise<{ applicantId: string }>;
  /** A short-lived token for the provider's web SDK, bound to the app's origin (referrer). */
  createSdkToken(applicantId: string, referrer: string): Promise<{ token: string; expiresAt: Date | null }>;
  /** Starts the check once the creator has uploaded their documents in the SDK. */
  createCheck(applicantId: string): Promise<{ checkId: string; status: KycStatus }>;
  /** The check's current outcome, mapped to the spec's KYC status. */
  getCheck(
    checkId: string,
  ): Promise<{ status: KycStatus; result: 'clear' | 'consider' | null; reportsUrl?: string }>;
}

/** Where an adapter reports what an operator should see; a pino or Fastify logger fits. */
export type KycProviderLogger = {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
};

/**
 * The provider could not be asked or did not answer usefully (network, time-out, 429, 5xx, a body we
 * cannot read). Nothing is known to have failed on the creator's side: the caller answers 503 and may
 * retry later.
 */
export class KycProviderUnavailable extends Error {
  override readonly name = 'KycProviderUnavailable';
  readonly operation: string;
  readonly httpStatus: number | undefined;
  /** From the provider's Retry-After, when it sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    message: string,
    details: { operation: string; httpStatus?: number; retryAfterSeconds?: number },
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.operation = details.operation;
    this.httpStatus = details.httpStatus;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/**
 * The provider refused our request (a 4xx other than 429). Retrying the same request will not help.
 * A 401 or 403 means the platform's credentials are wrong, not the creator's data: callers should treat
 * those (`isMisconfiguration`) as a server fault rather than show them to the creator.
 */
export class KycProviderRejected extends Error {
  override readonly name = 'KycProviderRejected';
  readonly operation: string;
  readonly httpStatus: number;
  /** The provider's own error type, e.g. `validation_error`. */
  readonly providerErrorType: string;
  /** The provider's per-field messages (validation errors), as it sent them. */
  readonly fields: Record<string, unknown> | undefined;

  constructor(
    message: string,
    details: {
      operation: string;
      httpStatus: number;
      providerErrorType: string;
      fields?: Record<string, unknown>;
    },
  ) {
    super(message);
    this.operation = details.operation;
    this.httpStatus = details.httpStatus;
    this.providerErrorType = details.providerErrorType;
    this.fields = details.fields;
  }

  get isMisconfiguration(): boolean {
    return this.httpStatus === 401 || this.httpStatus === 403;
  }
}
