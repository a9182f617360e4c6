import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReportShare, ReportShareState } from '@platform/shared';
import type { Actor, StaffCaller } from '../../principal';
import type { CampaignFacts } from '../campaigns/campaigns.service';
import type { ReportSharesContext } from './report-shares.context';
import type { ReportShareRow } from './report-shares.repository';

/** Where the web app shows a shared report; the token follows. */
export const SHARED_REPORT_PAGE = '/shared/reports/';

export type ReportSharesCaller = StaffCaller & Pick<Actor, 'requestId'>;

const ID_PART = /^[A-Za-z0-9_-]{22}$/;
const SIGNATURE_PART = /^[A-Za-z0-9_-]{43}$/;

const signatureOf = (linkKey: Buffer, idPart: string) =>
  createHmac('sha256', linkKey).update(idPart).digest();

/**
 * `<the id's 16 bytes, base64url>~<HMAC-SHA256 of that text, base64url>`: nothing but the id is in it. A
 * tilde, not a dot: a page address ending in `.<letters>` is taken for a file, not a page of the web app.
 */
export function tokenOf(linkKey: Buffer, id: string): string {
  const idPart = Buffer.from(id.replaceAll('-', ''), 'hex').toString('base64url');
  return `${idPart}~${signatureOf(linkKey, idPart).toString('base64url')}`;
}

/** The share id a token was signed for, or null for anything not signed with our key. */
export function idOf(linkKey: Buffer, token: string): string | null {
  const [idPart, signaturePart, ...rest] = token.split('~');
  if (!idPart || !signaturePart || rest.length > 0) return null;
  if (!ID_PART.test(idPart) || !SIGNATURE_PART.test(signaturePart)) return null;
  const given = Buffer.from(signaturePart, 'base64url');
  const expected = signatureOf(linkKey, idPart);
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

export async function toShares(
  context: ReportSharesContext,
  rows: readonly ReportShareRow[],
): Promise<ReportShare[]> {
  const ids = [...new Set(rows.map((row) => row.createdBy))];
  const accounts = new Map(
    (await context.authService.findAccountsByIds(ids)).map((account) => [account.id, account]),
  );
  const now = context.clock.now();
  return rows.map((row) => {
    const author = accounts.get(row.createdBy);
    return {
      id: row.id,
      campaignId: row.campaignId,
      url: `${context.publicUrl}${SHARED_REPORT_PAGE}${tokenOf(context.linkKey, row.id)}`,
      state: stateOf(row, now, author?.status === 'ACTIVE'),
      createdAt: row.createdAt.toISOString(),
      createdBy: { id: row.createdBy, name: author ? (author.displayName ?? author.email) : null },
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
    };
  });
}

export async function toShare(context: ReportSharesContext, row: ReportShareRow): Promise<ReportShare> {
  const [share] = await toShares(context, [row]);
  if (!share) throw new Error('a report link was lost on its way out');
  return share;
}

export const targetOf = (campaign: CampaignFacts) => ({
  type: 'campaign',
  id: campaign.id,
  label: campaign.name,
});
