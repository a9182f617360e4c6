import { describe, expect, it } from 'vitest';
import { readErrorBody } from './error-codes';
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
