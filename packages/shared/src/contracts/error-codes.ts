import type { ErrorResponse, FieldError } from './errors';

// Kept apart from the zod schemas so that the client's error handling, on every page, does not load zod.

/** Stable codes that are not in the spec's catalogue. */
export const ERROR_CODES = {
  validationFailed: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  hintInvalid: 'HINT_INVALID',
  hintUsed: 'HINT_USED',
  hintExpired: 'HINT_EXPIRED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL',
  requestTimeout: 'REQUEST_TIMEOUT',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  badUrl: 'BAD_URL',
  urlTooLong: 'URL_TOO_LONG',
  malformedRequest: 'MALFORMED_REQUEST',
  tooManyConnections: 'TOO_MANY_CONNECTIONS',
  setupClosed: 'SETUP_CLOSED',
  /** The right password for an account that is deactivated (a creator) or disabled (staff). */
  accountDeactivated: 'ACCOUNT_DEACTIVATED',
  /** A creator's data the server refused, listed field by field (SPEC §5: 'Please verify the following field(s): ...'). */
  invalidFields: 'INVALID_FIELDS',
  /** A provider's webhook whose signature does not verify. */
  signatureInvalid: 'SIGNATURE_INVALID',
  /** An Idempotency-Key sent again with a different request (ADR 019). */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** An Idempotency-Key whose first request had not answered within the wait (ADR 019). */
  idempotencyKeyInProgress: 'IDEMPOTENCY_KEY_IN_PROGRESS',
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isFieldError = (value: unknown): value is FieldError =>
  isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';

/** The error of a response body in the wire format of DESIGN §5, or null for any other body. */
export function readErrorBody(body: unknown): ErrorResponse['error'] | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, details, requestId } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string' || typeof requestId !== 'string') return null;
  if (details !== undefined && !(Array.isArray(details) && details.every(isFieldError))) return null;
  return { code, message, requestId, ...(details ? { details } : {}) };
}
