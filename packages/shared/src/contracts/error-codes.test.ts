import { describe, expect, it } from 'vitest';
import { ERROR_CODES, readErrorBody } from './error-codes';
import { errorResponseSchema } from './errors';

describe('readErrorBody', () => {
  const valid = {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'This field is required',
      details: [{ field: 'username', message: 'This field is required' }],
      requestId: 'r-1',
    },
  };

  it('reads exactly the bodies the zod schema accepts', () => {
    const bodies: unknown[] = [
      valid,
      { error: { code: 'NOT_FOUND', message: 'Not found.', requestId: 'r-2' } },
      { error: { code: 'X', message: 'm' } },
      { error: { code: 1, message: 'm', requestId: 'r' } },
      { error: { code: 'X', message: 'm', requestId: 'r', details: [{ field: 'a' }] } },
      { error: 'boom' },
      { message: 'Email sent' },
      null,
      'text',
      [],
    ];
    for (const body of bodies) {
      const parsed = errorResponseSchema.safeParse(body);
      expect(readErrorBody(body)).toEqual(parsed.success ? parsed.data.error : null);
    }
  });
});

describe('ERROR_CODES', () => {
  it('holds stable UPPER_SNAKE codes, each used once', () => {
    const codes = Object.values(ERROR_CODES);
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('names the two ways an Idempotency-Key is refused', () => {
    expect(ERROR_CODES.idempotencyKeyReused).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(ERROR_CODES.idempotencyKeyInProgress).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
  });
});
