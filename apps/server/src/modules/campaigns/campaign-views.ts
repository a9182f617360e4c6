import {
  campaignAssetUrl,
  isServableScanStatus,
  maxPayout,
  reservableOf,
  type CampaignAsset,
  type CampaignDetail,
  type CampaignSummary,
  type CreatorCampaignCard,
  type CreatorCampaignDetail,
} from '@platform/shared';
import type { Executor } from '../../db/client';
import { errors } from '../../errors';
import {
  campaignsRepository as repository,
  type CampaignAssetRow,
  type CampaignRow,
  type CampaignWithTeam,
} from './campaigns.repository';

/** A file's public description; its path only once it may be served (scanned clean, or never scanned). */
export function toCampaignAsset(row: CampaignAssetRow): CampaignAsset {
  const servable = isServableScanStatus(row.scanStatus);
  return {
    id: row.id,
    fileType: row.fileType,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    scanned: row.scanned,
    scanStatus: row.scanStatus,
    path: servable ? row.storageKey : null,
    thumbnailPath: servable ? row.thumbnailKey : null,
    url: servable ? campaignAssetUrl(row.storageKey) : null,
    thumbnailUrl: servable && row.thumbnailKey ? campaignAssetUrl(row.thumbnailKey) : null,
  };
}

/** What the RSVP, entry and leaderboard rules read of a campaign. */
export type CampaignFacts = Pick<
  CampaignRow,
  | 'id'
  | 'name'
  | 'brandOrArtist'
  | 'type'
  | 'status'
  | 'platform'
  | 'startsAt'
  | 'endsAt'
  | 'reward'
  | 'validation'
> & { archived: boolean };

/**
 * What a campaign pays: its reward rule within its budget, in its currency (minor units), its status, and
 * the money received for it: rewards never reserve beyond `min(budget, fundedMinor)` (ADR 038).
 */
export type RewardTerms = Pick<
  CampaignRow,
  'id' | 'name' | 'teamId' | 'status' | 'currency' | 'budget' | 'reward' | 'startsAt' | 'endsAt'
> & { fundedMinor: number };

export const factsOf = (row: CampaignRow): CampaignFacts => ({
  id: row.id,
  name: row.name,
  brandOrArtist: row.brandOrArtist,
  type: row.type,
  status: row.status,
  platform: row.platform,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  reward: row.reward,
  validation: row.validation,
  archived: row.archivedAt !== null,
});

export const rewardTermsOf = (row: CampaignRow): Omit<RewardTerms, 'fundedMinor'> => ({
  id: row.id,
  name: row.name,
  teamId: row.teamId,
  status: row.status,
  currency: row.currency,
  budget: row.budget,
  reward: row.reward,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
});

type CoverPaths = { coverImagePath: string | null; coverThumbnailPath: string | null };

/** The cover's served paths, once its file may be served: the image, and the thumbnail lists show. */
export const coverOf = (row: CampaignRow, assets: readonly CampaignAssetRow[]): CoverPaths => {
  const cover = assets.find((asset) => asset.id === row.coverAssetId);
  return cover && isServableScanStatus(cover.scanStatus)
    ? { coverImagePath: cover.storageKey, coverThumbnailPath: cover.thumbnailKey }
    : { coverImagePath: null, coverThumbnailPath: null };
};

export const toSummary = (row: CampaignWithTeam, cover: CoverPaths): CampaignSummary => ({
  id: row.id,
  name: row.name,
  brandOrArtist: row.brandOrArtist,
  platform: row.platform,
  type: row.type,
  status: row.status,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  currency: row.currency,
  budget: row.budget,
  ...cover,
  rewardType: row.reward.type,
  team: { id: row.teamId, name: row.teamName },
  archived: row.archivedAt !== null,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * A creator's card of a campaign, but for its entries' count, which the entries module keeps, and what is
 * left of its budget, which needs the ledger: `reservableMinor` is what its rewards may reserve at all
 * (ADR 038), for the reader of the ledger to take what they reserved from.
 */
export type CreatorCampaignCardFacts = Omit<CreatorCampaignCard, 'campaignEntriesCount' | 'budgetLeft'> & {
  reservableMinor: number;
};

export type CreatorCampaignDetailFacts = Omit<
  CreatorCampaignDetail,
  'campaignEntriesCount' | 'budgetLeft'
> & {
  reservableMinor: number;
};

/** `fundedMinor`: the money received for its budget (SUCCEEDED fundings). */
export const creatorCard = (
  row: CampaignRow,
  assets: readonly CampaignAssetRow[],
  fundedMinor: number,
): CreatorCampaignCardFacts => {
  const payPerView = row.reward.type === 'PAY_PER_VIEW' ? row.reward : null;
  // Pay per view has no sum of slots or prizes: the budget is the most it pays.
  const ceiling = payPerView
    ? row.budget
    : maxPayout(row.reward, row.currency, row.startsAt, row.endsAt)?.total;
  return {
    id: row.id,
    name: row.name,
    brandOrArtist: row.brandOrArtist,
    platform: row.platform,
    type: row.type,
    status: row.status as CreatorCampaignCard['status'],
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    rewardType: row.reward.type,
    maxPayout: { amount: ceiling ?? 0, currency: row.currency },
    ratePerThousand: payPerView?.ratePerThousand ?? null,
    pausedReason: row.status === 'PAUSED' ? row.pausedReason : null,
    reservableMinor: reservableOf(row.budget, fundedMinor),
    ...coverOf(row, assets),
  };
};

/** A campaign as staff read it: its fields, territories, files and history. */
export async function campaignDetail(executor: Executor, id: string): Promise<CampaignDetail> {
  const row = await repository.findById(executor, id);
  if (!row) throw errors.notFound();
  // One after another: `executor` is often a transaction, whose one connection runs one query at a
  // time anyway, and node-postgres warns of (and will refuse) a query sent while another is running.
  const territories = await repository.territoriesOf(executor, id);
  const assets = await repository.assetsOf(executor, id);
  const history = await repository.historyOf(executor, id);
  return {
    ...toSummary(row, coverOf(row, assets)),
    brief: row.brief,
    territories,
    reward: row.reward,
    requirements: row.requirements,
    validation: row.validation,
    coverAssetId: row.coverAssetId,
    // A file asked for but never sent is not the campaign's: it waits, unlisted, for its upload.
    assets: assets.filter((asset) => asset.uploadedAt !== null).map(toCampaignAsset),
    rejectionReason: row.status === 'REJECTED' ? row.rejectionReason : null,
    pausedReason: row.status === 'PAUSED' ? row.pausedReason : null,
    history: history.map((entry) => ({
      at: entry.at.toISOString(),
      from: entry.from,
      to: entry.to,
      by: entry.byId && entry.byEmail ? { id: entry.byId, email: entry.byEmail } : null,
      reason: entry.reason,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}
