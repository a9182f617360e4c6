import { AUTH_MESSAGES, ERROR_CODES, type FieldError } from '@platform/shared';

// The failures services, adapters and plugins raise alike; plugins/errors.ts turns them into the one
// wire format (DESIGN §5, ADR 003).

/** A failure the caller can act on: it becomes the one error wire format (DESIGN §5). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  validation: (details: FieldError[]) =>
    new AppError(
      400,
      ERROR_CODES.validationFailed,
      details[0]?.message ?? 'The request is not valid.',
      details,
    ),
  unauthenticated: () => new AppError(401, ERROR_CODES.unauthenticated, AUTH_MESSAGES.sessionExpired),
  forbidden: () => new AppError(403, ERROR_CODES.forbidden, 'You do not have permission to do this.'),
  notFound: () => new AppError(404, ERROR_CODES.notFound, 'Not found.'),
  /** A move the record's state does not allow now, in words the caller can act on. */
  conflict: (message: string) => new AppError(409, ERROR_CODES.conflict, message),
  /** A service the platform needs (Redis, say) did not answer: 503, never a bare 500 (DESIGN §5). */
  dependencyUnavailable: (cause: unknown) => {
    const error = new AppError(
      503,
      ERROR_CODES.serviceUnavailable,
      'A service the platform depends on is not answering. Please try again in a moment.',
      undefined,
      { 'retry-after': '5' },
    );
    error.cause = cause;
    return error;
  },
  rateLimited: (retryAfterSeconds: number, code: string = ERROR_CODES.rateLimited, message?: string) =>
    new AppError(
      429,
      code,
      message ?? `Too many attempts. Please try again in ${humanizeSeconds(retryAfterSeconds)}.`,
      undefined,
      { 'retry-after': String(retryAfterSeconds) },
    ),
};

function humanizeSeconds(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
