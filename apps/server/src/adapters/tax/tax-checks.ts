import type { TaxLookupStatus, TaxNumberCheck, TaxValidationStatus } from '@platform/shared';

/**
 * Who decided a check's status: a provider that was asked (even if it then failed to answer), or
 * 'offline' when the local format and check-digit rules decided alone and no provider was asked.
 */
export type TaxCheckSource = 'hmrc' | 'abr' | 'offline';

export type VatCheck = {
  /** valid, invalid or not verified; VAT has no cancelled state. */
  status: TaxValidationStatus;
  source: TaxCheckSource;
  /** What was and was not checked, written for the creator and staff to read. */
  note: string;
  /** From HMRC, on a valid number only. */
  businessName?: string;
  /** HMRC's address on one line, on a valid number only. */
  businessAddress?: string;
  checkedAt: Date;
};

export type AbnCheck = {
  /** valid (Active), cancelled, invalid or not verified, as `abnValidationStatus` maps the lookup. */
  status: TaxValidationStatus;
  /** What the ABR said, or INVALID when the local rules rejected the number; null when nobody answered. */
  lookupStatus: TaxLookupStatus | null;
  source: TaxCheckSource;
  note: string;
  /** The ABR's entity name, on an active or cancelled ABN. */
  entityName?: string;
  checkedAt: Date;
};

export interface VatChecker {
  checkVat(number: string): Promise<VatCheck>;
}

export interface AbnChecker {
  checkAbn(number: string): Promise<AbnCheck>;
}

/** Never throws: a failed call is a 'not verified' check (SPEC §4), logged. */
export interface TaxChecker extends VatChecker, AbnChecker {
  /** Who confirms a number of each type on this install: its register, or Support by hand. */
  numberChecks: { VAT: TaxNumberCheck; ABN: TaxNumberCheck };
}

/** Pino's and Fastify's loggers fit this. Only failures are logged, and never with a secret in them. */
export type TaxCheckLogger = { warn(obj: object, msg: string): void };

export type HmrcSettings = { baseUrl: string; clientId: string; clientSecret: string };
export type AbrSettings = { baseUrl: string; guid: string };
