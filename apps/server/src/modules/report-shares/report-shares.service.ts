import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  isUuid,
  type CreateReportShare,
  type ReportShare,
  type ReportShareList,
  type ReportShareState,
  type SharedReport,
} from '@platform/shared';
import type { RateLimiter, RateLimitRule } from '../../adapters/rate-limit/rate-limiter';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import type { Actor, StaffCaller } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { CampaignFacts, CampaignsService } from '../campaigns/campaigns.service';
import type { ReportsService } from '../reports/reports.service';
import { reportSharesRepository as repository, type ReportShareRow } from './report-shares.repository';

const DAY = 24 * 3600 * 1000;

/** Where the web app shows a shared report; the token follows. */
export const SHARED_REPORT_PAGE = '/shared/reports/';

/**
 * Opens of report links per address, counted before the token is even read: each open sums a whole
 * report, and no one without an account should be able to make the server do that without end.
 */
export const REPORT_LINK_RATE_LIMITS = {
  opensPerIp: { limit: 120, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

export type ReportSharesDependencies = {
  db: Database;
  clock: Clock;
  audit: Pick<AuditService, 'record'>;
  campaignsService: Pick<CampaignsService, 'staffCampaignFacts'>;
  reportsService: Pick<ReportsService, 'sharedCampaignReport'>;
  authService: Pick<AuthService, 'findAccountsByIds'>;
  rateLimiter: RateLimiter;
  /** The key links are signed with; of their own, so a link's signature is good for nothing else. */
  linkKey: Buffer;
  publicUrl: string;
};

type ReportSharesCaller = StaffCaller & Pick<Actor, 'requestId'>;

const ID_PART = /^[A-Za-z0-9_-]{22}$/;
const SIGNATURE_PART = /^[A-Za-z0-9_-]{43}$/;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}~[A-Za-z0-9_-]{43}$/;

export function createReportSharesService({
  db,
  clock,
  audit,
  campaignsService,
  reportsService,
  authService,
  rateLimiter,
  linkKey,
  publicUrl,
}: ReportSharesDependencies) {
  const signatureOf = (idPart: string) => createHmac('sha256', linkKey).update(idPart).digest();

  /**
   * `<the id's 16 bytes, base64url>~<HMAC-SHA256 of that text, base64url>`: nothing but the id is in it. A
   * tilde, not a dot: a page address ending in `.<letters>` is taken for a file, not a page of the web app.
   */
  function tokenOf(id: string): string {
    const idPart = Buffer.from(id.replaceAll('-', ''), 'hex').toString('base64url');
    return `${idPart}~${signatureOf(idPart).toString('base64url')}`;
  }

  /** The share id a token was signed for, or null for anything not signed with our key. */
  function idOf(token: string): string | null {
    const [idPart, signaturePart, ...rest] = token.split('~');
    if (!idPart || !signaturePart || rest.length > 0) return null;
    if (!ID_PART.test(idPart) || !SIGNATURE_PART.test(signaturePart)) return null;
    const given = Buffer.from(signaturePart, 'base64url');
    const expected = signatureOf(idPart);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const hex = Buffer.from(idPart, 'base64url').toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** Revoked or expired for good, before a maker's disabling, which lasts only until they are enabled. */
  const stateOf = (row: ReportShareRow, now: Date, makerActive: boolean): ReportShareState => {
    if (row.revokedAt) return 'REVOKED';
    if (row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
    return makerActive ? 'ACTIVE' : 'MAKER_DISABLED';
  };

  async function toShares(rows: readonly ReportShareRow[]): Promise<ReportShare[]> {
    const ids = [...new Set(rows.map((row) => row.createdBy))];
    const accounts = new Map(
      (await authService.findAccountsByIds(ids)).map((account) => [account.id, account]),
    );
    const now = clock.now();
    return rows.map((row) => {
      const author = accounts.get(row.createdBy);
      return {
        id: row.id,
        campaignId: row.campaignId,
        url: `${publicUrl}${SHARED_REPORT_PAGE}${tokenOf(row.id)}`,
        state: stateOf(row, now, author?.status === 'ACTIVE'),
        createdAt: row.createdAt.toISOString(),
        createdBy: { id: row.createdBy, name: author ? (author.displayName ?? author.email) : null },
        expiresAt: row.expiresAt.toISOString(),
        revokedAt: row.revokedAt?.toISOString() ?? null,
        lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
      };
    });
  }

  async function toShare(row: ReportShareRow): Promise<ReportShare> {
    const [share] = await toShares([row]);
    if (!share) throw new Error('a report link was lost on its way out');
    return share;
  }

  const targetOf = (campaign: CampaignFacts) => ({ type: 'campaign', id: campaign.id, label: campaign.name });

  return {
    /** POST …/marketing/campaigns/{id}/report/shares: a new link to the campaign's report. */
    async create(
      caller: ReportSharesCaller,
      campaignId: string,
      input: CreateReportShare,
    ): Promise<ReportShare> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const created = await repository.insert(tx, {
          id: randomUUID(),
          campaignId: campaign.id,
          createdBy: caller.accountId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + input.expiresInDays * DAY),
        });
        await audit.record(tx, {
          actor: caller,
          action: 'campaign.report.share',
          target: targetOf(campaign),
          after: { share: created.id, expiresAt: created.expiresAt.toISOString() },
        });
        return created;
      });
      return toShare(row);
    },

    /** GET …/marketing/campaigns/{id}/report/shares: every link made to the campaign's report, newest first. */
    async list(caller: StaffCaller, campaignId: string): Promise<ReportShareList> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      return { items: await toShares(await repository.ofCampaign(db, campaign.id)) };
    },

    /**
     * POST …/report/shares/{shareId}/revoke: the link stops working at once. Revoking a revoked link
     * changes nothing and keeps when it was first revoked.
     */
    async revoke(caller: ReportSharesCaller, campaignId: string, shareId: string): Promise<ReportShare> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      if (!isUuid(shareId)) throw errors.notFound();
      const row = await db.transaction(async (tx) => {
        const found = await repository.lockOfCampaign(tx, campaign.id, shareId);
        if (!found) throw errors.notFound();
        if (found.revokedAt) return found;
        const revoked = await repository.revoke(tx, found.id, caller.accountId, clock.now());
        await audit.record(tx, {
          actor: caller,
          action: 'campaign.report.revoke',
          target: targetOf(campaign),
          before: { share: found.id, expiresAt: found.expiresAt.toISOString() },
        });
        return revoked;
      });
      return toShare(row);
    },

    /**
     * GET /server-api/shared-reports/{token}: the report the link was made for. A token that is malformed,
     * altered, signed for another link, expired or revoked, or whose maker has been disabled, is the same
     * 404, so a caller learns nothing from trying. All of these are read on every open, so each counts from
     * the moment it happens.
     */
    async open(token: string, ip: string): Promise<SharedReport> {
      // Only a token of the right shape could be one we signed: anything else is refused before it is
      // counted, so junk fills no rate-limit window, while every guess that could succeed is counted.
      if (!TOKEN_SHAPE.test(token)) throw errors.notFound();
      const [decision] = await rateLimiter.consume([
        { key: `report-link:ip:${ip}`, rule: REPORT_LINK_RATE_LIMITS.opensPerIp },
      ]);
      if (!decision) throw new Error('the rate limiter decided nothing');
      if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds);
      const id = idOf(token);
      const share = id ? await repository.findLive(db, id, clock.now()) : undefined;
      if (!id || !share) throw errors.notFound();
      const report = await reportsService.sharedCampaignReport(share.campaignId);
      await repository.markOpened(db, id, clock.now());
      return { report, expiresAt: share.expiresAt.toISOString() };
    },
  };
}

export type ReportSharesService = ReturnType<typeof createReportSharesService>;
