// zod/mini: the campaign editor loads these with the rest of the campaign's schemas (ADR 009).
import { z } from 'zod/mini';
import { DEFAULT_HOLD_SCORE } from '../rules/view-risk';
import { schema } from './build-schema';

export const VALIDATION_LOCK_DAYS_MAX = 30;
export const REVIEW_DEADLINE_DAYS_MAX = 30;
export const CLAWBACK_RETENTION_DAYS_MAX = 365;
/** However long a campaign's window, an entry's figure is validated this long after the campaign ends. */
export const VALIDATION_AFTER_END_HOURS = 72;

export const CAMPAIGN_VALIDATION_MESSAGES = {
  lockDaysRange: `Enter between 1 and ${VALIDATION_LOCK_DAYS_MAX} days`,
  holdScoreRange: 'Enter a score between 1 and 100',
  reviewDeadlineRange: `Enter between 1 and ${REVIEW_DEADLINE_DAYS_MAX} days`,
  retentionRange: `Enter between 0 and ${CLAWBACK_RETENTION_DAYS_MAX} days`,
  wholeNumber: 'Enter a whole number',
} as const;

const days = (min: number, max: number, outOfRange: string) =>
  z
    .number({ error: outOfRange })
    .check(
      z.refine(Number.isInteger, { error: CAMPAIGN_VALIDATION_MESSAGES.wholeNumber, abort: true }),
      z.minimum(min, { error: outOfRange }),
      z.maximum(max, { error: outOfRange }),
    );

/**
 * How a campaign validates what it pays for (ADR 037): when an entry's figure locks, the risk score above
 * which its earnings are held, how long an entry may wait for review before it is approved on its own,
 * whether reviewers may ask for changes instead of rejecting, and how long after payment a post taken
 * down is clawed back.
 */
export const campaignValidationSchema = schema(() =>
  z.object({
    lockDays: days(1, VALIDATION_LOCK_DAYS_MAX, CAMPAIGN_VALIDATION_MESSAGES.lockDaysRange),
    holdScore: days(1, 100, CAMPAIGN_VALIDATION_MESSAGES.holdScoreRange),
    reviewDeadlineDays: days(1, REVIEW_DEADLINE_DAYS_MAX, CAMPAIGN_VALIDATION_MESSAGES.reviewDeadlineRange),
    changeRequests: z.boolean(),
    retentionDays: days(0, CLAWBACK_RETENTION_DAYS_MAX, CAMPAIGN_VALIDATION_MESSAGES.retentionRange),
  }),
);
export type CampaignValidation = z.infer<typeof campaignValidationSchema>;

export const DEFAULT_CAMPAIGN_VALIDATION: CampaignValidation = {
  lockDays: 7,
  holdScore: DEFAULT_HOLD_SCORE,
  reviewDeadlineDays: 7,
  changeRequests: true,
  retentionDays: 30,
};

const DAY_MS = 86_400_000;

/**
 * An entry's figure counts the views read until the earlier of `lockDays` after it was entered and the
 * campaign's end, and is validated at the earlier of `lockDays` after it was entered and 72 hours after
 * the end: late readings of views before the end may still arrive, and growth after the end is itself a
 * signal (ADR 037).
 */
export function entryFigureLock(
  submittedAt: Date,
  campaignEndsAt: Date,
  validation: Pick<CampaignValidation, 'lockDays'>,
): { countsUntil: Date; validatedAt: Date } {
  const afterWindow = submittedAt.getTime() + validation.lockDays * DAY_MS;
  const afterEnd = campaignEndsAt.getTime() + VALIDATION_AFTER_END_HOURS * 3_600_000;
  return {
    countsUntil: new Date(Math.min(afterWindow, campaignEndsAt.getTime())),
    validatedAt: new Date(Math.min(afterWindow, afterEnd)),
  };
}

/** When an entry still waiting for review is approved on its own, unless it is held. */
export const entryReviewDueAt = (
  submittedAt: Date,
  validation: Pick<CampaignValidation, 'reviewDeadlineDays'>,
) => new Date(submittedAt.getTime() + validation.reviewDeadlineDays * DAY_MS);
