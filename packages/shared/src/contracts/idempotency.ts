// zod/mini, like every contract the web app may import (ADR 009).
import { z } from 'zod/mini';
import { schema } from './build-schema';

/**
 * The header that makes a write safe to retry (DESIGN §5, ADR 019), as Node reads request headers
 * (lower-case).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** On an answer that is the stored answer to the first request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

// No spaces: two headers that a proxy folded into one ("a, b") are refused rather than taken for a key.
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** 1 to 255 visible ASCII characters: a UUID, or any token a client makes up. */
export const isIdempotencyKey = (value: string): boolean =>
  value.length <= IDEMPOTENCY_KEY_MAX_LENGTH && VISIBLE_ASCII.test(value);

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters, with no spaces.`,
  reused: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
  inProgress: 'The first request with this Idempotency-Key is still being handled. Please try again shortly.',
} as const;

/** The header as the OpenAPI document shows it on every route that takes it. */
export const idempotencyKeyHeadersSchema = schema(() =>
  z.looseObject({
    [IDEMPOTENCY_KEY_HEADER]: z.optional(
      z
        .string()
        .check(
          z.minLength(1),
          z.maxLength(IDEMPOTENCY_KEY_MAX_LENGTH),
          z.regex(VISIBLE_ASCII),
          z.describe(
            'Makes a retry safe: the same key with the same request replays the first answer ' +
              '(with `Idempotent-Replayed: true`) without doing the work again; the same key with another ' +
              'request is 422 IDEMPOTENCY_KEY_REUSED; while the first is still running, a retry waits for ' +
              'its answer (409 IDEMPOTENCY_KEY_IN_PROGRESS if it takes over 10 s). Keys are per caller and ' +
              'route and last 24 hours.',
          ),
        ),
    ),
  }),
);
