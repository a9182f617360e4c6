import { STAFF_INVITATION_DAYS } from '@platform/shared';
import type { RateLimitRule } from '../../adapters/rate-limit/rate-limiter';

const DAY = 24 * 3600 * 1000;
export const INVITATION_LIFETIME_MS = STAFF_INVITATION_DAYS * DAY;

/** The public invitation calls, per address, counted before any lookup or hashing. */
export const STAFF_RATE_LIMITS = {
  invitationPerIp: { limit: 60, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;
