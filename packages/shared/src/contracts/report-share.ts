// zod/mini, like the report it shares (ADR 009).
import { z } from 'zod/mini';
import { schema } from './build-schema';
import { campaignReportSchema } from './report';

/** How long a report link may last: a week unless the sharer says otherwise, at most 90 days. */
export const REPORT_SHARE_DEFAULT_DAYS = 7;
export const REPORT_SHARE_MAX_DAYS = 90;

const DAYS_MESSAGE = `A link lasts from 1 to ${REPORT_SHARE_MAX_DAYS} days.`;

/**
 * MAKER_DISABLED: the staff account that made the link is disabled (or gone), and the link does not open
 * while it is; it works again, until it expires, if the account is enabled again.
 */
export const REPORT_SHARE_STATES = ['ACTIVE', 'EXPIRED', 'REVOKED', 'MAKER_DISABLED'] as const;
export type ReportShareState = (typeof REPORT_SHARE_STATES)[number];

/** POST …/marketing/campaigns/{id}/report/shares. */
export const createReportShareSchema = schema(() =>
  z.strictObject({
    expiresInDays: z._default(
      z
        .number({ error: DAYS_MESSAGE })
        .check(
          z.int({ error: DAYS_MESSAGE }),
          z.minimum(1, { error: DAYS_MESSAGE }),
          z.maximum(REPORT_SHARE_MAX_DAYS, { error: DAYS_MESSAGE }),
        ),
      REPORT_SHARE_DEFAULT_DAYS,
    ),
  }),
);
export type CreateReportShare = z.infer<typeof createReportShareSchema>;

/** A read-only link to one campaign's report, for people without an account. */
export const reportShareSchema = schema(() =>
  z.object({
    id: z.string(),
    campaignId: z.string(),
    /** The link to hand out: the web app's `/shared/reports/{token}`, the token signed by the server. */
    url: z.string(),
    state: z.enum(REPORT_SHARE_STATES),
    createdAt: z.string(),
    createdBy: z.object({ id: z.string(), name: z.nullable(z.string()) }),
    expiresAt: z.string(),
    revokedAt: z.nullable(z.string()),
    /** When someone last opened it; null until then. */
    lastOpenedAt: z.nullable(z.string()),
  }),
);
export type ReportShare = z.infer<typeof reportShareSchema>;

export const reportShareListSchema = schema(() => z.object({ items: z.array(reportShareSchema) }));
export type ReportShareList = z.infer<typeof reportShareListSchema>;

/** GET /server-api/shared-reports/{token}: the one report the link was made for, and until when it works. */
export const sharedReportSchema = schema(() =>
  z.object({ report: campaignReportSchema, expiresAt: z.string() }),
);
export type SharedReport = z.infer<typeof sharedReportSchema>;
