import type { SharedReport } from '@platform/shared';
import type { RateLimitRule } from '../../../adapters/rate-limit/rate-limiter';
import { errors } from '../../../errors';
import { idOf } from '../report-links';
import type { ReportSharesContext } from '../report-shares.context';
import { reportSharesRepository as repository } from '../report-shares.repository';

/**
 * Opens of report links per address, counted before the token is even read: each open sums a whole
 * report, and no one without an account should be able to make the server do that without end.
 */
export const REPORT_LINK_RATE_LIMITS = {
  opensPerIp: { limit: 120, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}~[A-Za-z0-9_-]{43}$/;

/**
 * GET /server-api/shared-reports/{token}: the report the link was made for. A token that is malformed,
 * altered, signed for another link, expired or revoked, or whose maker has been disabled, is the same
 * 404, so a caller learns nothing from trying. All of these are read on every open, so each counts from
 * the moment it happens.
 */
export async function openSharedReport(
  context: ReportSharesContext,
  token: string,
  ip: string,
): Promise<SharedReport> {
  const { db, clock } = context;
  // Only a token of the right shape could be one we signed: anything else is refused before it is
  // counted, so junk fills no rate-limit window, while every guess that could succeed is counted.
  if (!TOKEN_SHAPE.test(token)) throw errors.notFound();
  const [decision] = await context.rateLimiter.consume([
    { key: `report-link:ip:${ip}`, rule: REPORT_LINK_RATE_LIMITS.opensPerIp },
  ]);
  if (!decision) throw new Error('the rate limiter decided nothing');
  if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds);
  const id = idOf(context.linkKey, token);
  const share = id ? await repository.findLive(db, id, clock.now()) : undefined;
  if (!id || !share) throw errors.notFound();
  const report = await context.reportsService.sharedCampaignReport(share.campaignId);
  await repository.markOpened(db, id, clock.now());
  return { report, expiresAt: share.expiresAt.toISOString() };
}
