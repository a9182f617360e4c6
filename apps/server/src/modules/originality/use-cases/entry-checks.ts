import type { EntryCheck, EntryChecks } from '@platform/shared';
import { hourlySignedLink } from '../../../adapters/storage/hourly-signed-link';
import type { StaffCaller } from '../../../principal';
import { entryChecksRepository, type CheckedEntryRow } from '../entry-checks.repository';
import type { OriginalityContext } from '../originality.context';

type Closest = Awaited<ReturnType<typeof entryChecksRepository.closestOf>>[number];
type Account = EntryCheck['account'];

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || null;

/** Each creator's handle on the platform of each of their entries, and how it was proven theirs. */
async function accountsOf(
  context: OriginalityContext,
  rows: CheckedEntryRow[],
): Promise<Map<string, Account>> {
  const creatorIds = [...new Set(rows.map((row) => row.creatorId))];
  const accounts = new Map<string, Account>();
  await Promise.all(
    creatorIds.map(async (creatorId) => {
      const { items } = await context.handleVerification.ofCreator(creatorId);
      for (const { platform, handle, verified } of items) {
        accounts.set(`${creatorId}:${platform}`, {
          handle,
          verified: verified
            ? { method: verified.method, at: verified.at, accountId: verified.accountId }
            : null,
        });
      }
    }),
  );
  return accounts;
}

async function closestView(
  context: OriginalityContext,
  closest: Closest | undefined,
): Promise<NonNullable<EntryCheck['originality']>['closest']> {
  if (!closest) return null;
  const link = (key: string | null) => (key ? hourlySignedLink(context.storage, context.clock, key) : null);
  const isEntry = closest.entryId !== null;
  return {
    kind: isEntry ? 'ENTRY' : 'CAMPAIGN_FOOTAGE',
    entryId: closest.entryId,
    campaignId: closest.campaignId,
    campaignName: closest.campaignName,
    creatorName: isEntry ? fullName(closest.creatorFirstName, closest.creatorLastName) : null,
    videoUrl: await link(isEntry ? closest.entryVideoKey : closest.assetKey),
    posterUrl: await link(isEntry ? closest.entryPosterKey : closest.assetThumbnailKey),
  };
}

async function originalityView(
  context: OriginalityContext,
  row: CheckedEntryRow,
  closest: Map<string, Closest>,
): Promise<EntryCheck['originality']> {
  if (row.kind !== 'VIDEO') return null;
  const checked = row.originality;
  if (!checked) {
    return {
      status: 'PENDING',
      distance: null,
      closest: null,
      reason: null,
      posterUrl: null,
      clearedBy: null,
    };
  }
  return {
    status: checked.status,
    distance: checked.distance,
    closest: await closestView(
      context,
      checked.closestFingerprintId ? closest.get(checked.closestFingerprintId) : undefined,
    ),
    reason: checked.reason,
    posterUrl: checked.posterKey
      ? await hourlySignedLink(context.storage, context.clock, checked.posterKey)
      : null,
    clearedBy: checked.clearedAt ? (row.clearedByName ?? row.clearedByEmail ?? '') : null,
  };
}

/** What the reviewer decides each entry by, for entries already read (all of a campaign, or one). */
export async function checksOf(context: OriginalityContext, rows: CheckedEntryRow[]): Promise<EntryChecks> {
  const fingerprintIds = rows.flatMap((row) => row.originality?.closestFingerprintId ?? []);
  const [accounts, closest] = await Promise.all([
    accountsOf(context, rows),
    entryChecksRepository.closestOf(context.db, [...new Set(fingerprintIds)]),
  ]);
  const closestById = new Map(closest.map((found) => [found.id, found]));
  return {
    items: await Promise.all(
      rows.map(async (row) => ({
        entryId: row.id,
        account: accounts.get(`${row.creatorId}:${row.platform}`) ?? { handle: null, verified: null },
        post:
          row.kind === 'POST'
            ? {
                publishedAt: row.postPublishedAt?.toISOString() ?? null,
                authorAccountId: row.postAuthorAccountId,
                source: row.postFactsSource,
              }
            : null,
        originality: await originalityView(context, row, closestById),
      })),
    ),
  };
}

/**
 * GET /server-api/marketing/campaigns/{id}/entry-checks: for each entry of a campaign in the caller's
 * scope, whether its account is proven the creator's, what its platform said of the post, and how its
 * video compares with every other entry and the campaign's footage.
 */
export async function entryChecks(
  context: OriginalityContext,
  caller: StaffCaller,
  campaignId: string,
): Promise<EntryChecks> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  return checksOf(context, await entryChecksRepository.ofCampaign(context.db, campaign.id));
}
