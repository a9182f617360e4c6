import { AUTH_CODE_MESSAGES, isAuthCode, ERROR_CODES } from '@platform/shared';
import { CLIENT_ERROR_CODES, isApiError } from './api-client';

/** The spec's message for a catalogue code (SPEC §8), if the error carries one. */
export function catalogueMessage(error: unknown): string | undefined {
  return isApiError(error) && isAuthCode(error.code) ? AUTH_CODE_MESSAGES[error.code] : undefined;
}

export function isUnreachable(error: unknown): boolean {
  return isApiError(error) && (error.code === CLIENT_ERROR_CODES.network || error.status >= 500);
}

export interface ErrorMessageOptions {
  /** The flow's failure message (SPEC §8). */
  fallback: string;
  /** Shown instead of the fallback when the server could not be reached or failed. */
  whenUnreachable?: string;
}

/**
 * What to tell the person about a failed call: the catalogue message for a known code, the server's own
 * words when rate limited (they say when to try again), and the flow's failure message otherwise.
 */
export function errorMessage(error: unknown, { fallback, whenUnreachable }: ErrorMessageOptions): string {
  const mapped = catalogueMessage(error);
  if (mapped) return mapped;
  if (isApiError(error) && error.code === ERROR_CODES.rateLimited) return error.message;
  if (whenUnreachable && isUnreachable(error)) return whenUnreachable;
  return fallback;
}
