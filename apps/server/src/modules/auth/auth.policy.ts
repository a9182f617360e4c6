import type { RateLimitRule } from '../../adapters/rate-limit/rate-limiter';
import type { AuthTokenPurpose } from '../../db/schema/index';

export const HOUR = 3600 * 1000;
export const DAY = 24 * HOUR;

export const TOKEN_LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  'verify-email': DAY,
  'reset-password': HOUR,
  'first-admin': 7 * DAY,
};
export const SESSION_IDLE_MS = DAY;
export const SESSION_ABSOLUTE_MS = { creator: 30 * DAY, staff: 12 * HOUR };
export const PASSWORD_MINIMUM_AGE_MS = DAY;
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export const DEFAULT_AUTH_RATE_LIMITS = {
  signInPerIp: { limit: 100, windowSeconds: 900 },
  signInPerAccount: { limit: 10, windowSeconds: 900 },
  signUpPerIp: { limit: 20, windowSeconds: 3600 },
  signUpPerAccount: { limit: 5, windowSeconds: 3600 },
  forgotPasswordPerIp: { limit: 20, windowSeconds: 900 },
  forgotPasswordPerAccount: { limit: 5, windowSeconds: 3600 },
  verifyPerIp: { limit: 60, windowSeconds: 900 },
  resendVerificationPerAccount: { limit: 5, windowSeconds: 3600 },
  resetPasswordPerIp: { limit: 60, windowSeconds: 900 },
  firstAdminPerIp: { limit: 20, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;
export type AuthRateLimits = typeof DEFAULT_AUTH_RATE_LIMITS;
