import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyHeadersSchema, isIdempotencyKey } from './idempotency';

describe('isIdempotencyKey', () => {
  it('takes 1 to 255 visible ASCII characters', () => {
    for (const key of ['a', '0c6f3b1e-9f7a-4c1e-8d52-3f0e9b1a2c44', '~!#$%&*+/=?^_`{|}', 'k'.repeat(255)]) {
      expect(isIdempotencyKey(key), key).toBe(true);
    }
  });

  it('refuses an empty or overlong key, spaces, control characters and anything beyond ASCII', () => {
    for (const key of [
      '',
      'k'.repeat(256),
      'a b',
      'a, b',
      'tab\there',
      'line\nbreak',
      'null\u0000',
      'café',
      '\u007f',
    ]) {
      expect(isIdempotencyKey(key), JSON.stringify(key)).toBe(false);
    }
  });

  it('agrees with the header schema the OpenAPI document shows', () => {
    for (const key of ['a', 'k'.repeat(255), '', 'k'.repeat(256), 'a b', 'café']) {
      const parsed = idempotencyKeyHeadersSchema.safeParse({ [IDEMPOTENCY_KEY_HEADER]: key });
      expect(parsed.success, JSON.stringify(key)).toBe(isIdempotencyKey(key));
    }
    expect(idempotencyKeyHeadersSchema.safeParse({ authorization: 'Bearer x' }).success).toBe(true);
  });
});
