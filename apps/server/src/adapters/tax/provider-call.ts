import { transportFailureOf } from '../http/provider-http';
import type { TaxCheckLogger } from './tax-checks';

/** Why a provider gave no usable answer; every one of them leaves the number 'not verified' (SPEC §4). */
export type ProviderFailureReason =
  'timeout' | 'network' | 'rate-limited' | 'server-error' | 'unexpected-answer' | 'configuration';

export type ProviderFailureDetail = {
  status?: number;
  /** The provider's own error code or message, with every secret already taken out. */
  providerSays?: string;
  /** Our own words on what went wrong, safe to log. */
  problem?: string;
  lookupStatus?: string;
};

/** Thrown inside a client, caught at its edge and turned into a logged 'not verified' check. */
export class ProviderFailure extends Error {
  constructor(
    readonly reason: ProviderFailureReason,
    readonly detail: ProviderFailureDetail = {},
  ) {
    super(reason);
    this.name = 'ProviderFailure';
  }
}

/**
 * A failure to reach the provider keeps only its kind and Node's code: the messages fetch raises can carry
 * the request URL, and the ABR's URL holds the GUID in its query. Anything else is an answer that could
 * not be read.
 */
export function providerFailureFrom(error: unknown): ProviderFailure {
  if (error instanceof ProviderFailure) return error;
  const transport = transportFailureOf(error);
  if (transport)
    return new ProviderFailure(transport.kind, transport.code ? { problem: transport.code } : {});
  return new ProviderFailure('unexpected-answer');
}

export function failureForStatus(status: number, providerSays?: string): ProviderFailure {
  const reason = status === 429 ? 'rate-limited' : status >= 500 ? 'server-error' : 'unexpected-answer';
  return new ProviderFailure(reason, { status, ...(providerSays ? { providerSays } : {}) });
}

/** What happened, as the start of a sentence for the creator and staff. */
export function describeFailure(provider: string, failure: ProviderFailure, timeoutMs: number): string {
  const status = failure.detail.status;
  switch (failure.reason) {
    case 'timeout':
      return `${provider} did not answer within ${timeoutMs} ms`;
    case 'network':
      return `${provider} could not be reached`;
    case 'rate-limited':
      return `${provider} turned the check away because too many were sent (HTTP 429)`;
    case 'server-error':
      return `${provider} answered with a server error (HTTP ${status})`;
    case 'unexpected-answer':
      return `${provider} gave an answer that could not be read${status ? ` (HTTP ${status})` : ''}`;
    case 'configuration':
      return `${provider} refused this platform's settings${status ? ` (HTTP ${status})` : ''}, a configuration error for staff to fix`;
  }
}

export function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}

export function logProviderFailure(
  logger: TaxCheckLogger,
  context: { provider: 'hmrc' | 'abr'; check: 'vat' | 'abn'; timeoutMs: number },
  failure: ProviderFailure,
): void {
  const message =
    failure.reason === 'configuration'
      ? `The ${context.provider.toUpperCase()} ${context.check.toUpperCase()} check is misconfigured; numbers are left not verified`
      : `The ${context.provider.toUpperCase()} ${context.check.toUpperCase()} check failed; the number is left not verified`;
  logger.warn({ ...context, reason: failure.reason, ...failure.detail }, message);
}
