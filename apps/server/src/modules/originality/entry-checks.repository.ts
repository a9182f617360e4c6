import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accounts,
  campaignAssets,
  campaignEntries,
  campaigns,
  creators,
  entryOriginality,
  videoFingerprints,
} from '../../db/schema/index';

const entryColumns = {
  id: campaignEntries.id,
  creatorId: campaignEntries.creatorId,
  platform: campaignEntries.platform,
  kind: campaignEntries.kind,
  videoKey: campaignEntries.videoKey,
  status: campaignEntries.status,
  updatedAt: campaignEntries.updatedAt,
  postPublishedAt: campaignEntries.postPublishedAt,
  postAuthorAccountId: campaignEntries.postAuthorAccountId,
  postFactsSource: campaignEntries.postFactsSource,
  originality: entryOriginality,
  clearedByName: accounts.displayName,
  clearedByEmail: accounts.email,
};

export type CheckedEntryRow = Awaited<ReturnType<(typeof entryChecksRepository)['ofCampaign']>>[number];

/** What the review screen shows beside each entry, read across the entries' and campaigns' tables. */
export const entryChecksRepository = {
  /** The campaign's entries (only `entryIds` when given), newest first, with their originality. */
  async ofCampaign(executor: Executor, campaignId: string, entryIds?: string[]) {
    return executor
      .select(entryColumns)
      .from(campaignEntries)
      .leftJoin(entryOriginality, eq(entryOriginality.entryId, campaignEntries.id))
      .leftJoin(accounts, eq(accounts.id, entryOriginality.clearedBy))
      .where(
        and(
          eq(campaignEntries.campaignId, campaignId),
          entryIds ? inArray(campaignEntries.id, entryIds) : undefined,
        ),
      )
      .orderBy(desc(campaignEntries.submittedAt), desc(campaignEntries.id));
  },

  /** What each closest fingerprint is of: an entry (whose, in which campaign) or a campaign's footage. */
  async closestOf(executor: Executor, fingerprintIds: string[]) {
    if (fingerprintIds.length === 0) return [];
    return executor
      .select({
        id: videoFingerprints.id,
        entryId: videoFingerprints.entryId,
        campaignId: videoFingerprints.campaignId,
        campaignName: campaigns.name,
        creatorFirstName: creators.firstName,
        creatorLastName: creators.lastName,
        entryVideoKey: campaignEntries.videoKey,
        entryPosterKey: entryOriginality.posterKey,
        assetKey: campaignAssets.storageKey,
        assetThumbnailKey: campaignAssets.thumbnailKey,
      })
      .from(videoFingerprints)
      .innerJoin(campaigns, eq(campaigns.id, videoFingerprints.campaignId))
      .leftJoin(campaignEntries, eq(campaignEntries.id, videoFingerprints.entryId))
      .leftJoin(entryOriginality, eq(entryOriginality.entryId, videoFingerprints.entryId))
      .leftJoin(creators, eq(creators.accountId, videoFingerprints.creatorId))
      .leftJoin(campaignAssets, eq(campaignAssets.id, videoFingerprints.assetId))
      .where(inArray(videoFingerprints.id, fingerprintIds));
  },

  /** An entry of the campaign, and its originality locked for a change. */
  async lockOfCampaign(executor: Executor, campaignId: string, entryId: string) {
    const [row] = await executor
      .select({ id: campaignEntries.id, originality: entryOriginality })
      .from(campaignEntries)
      .leftJoin(entryOriginality, eq(entryOriginality.entryId, campaignEntries.id))
      .where(and(eq(campaignEntries.id, entryId), eq(campaignEntries.campaignId, campaignId)))
      .for('update', { of: campaignEntries });
    return row;
  },

  /** What an approval of the entry must know of its video, read in the review's transaction. */
  async reviewState(executor: Executor, entryId: string) {
    const [row] = await executor
      .select({
        kind: campaignEntries.kind,
        videoKey: campaignEntries.videoKey,
        updatedAt: campaignEntries.updatedAt,
        originality: entryOriginality,
      })
      .from(campaignEntries)
      .leftJoin(entryOriginality, eq(entryOriginality.entryId, campaignEntries.id))
      .where(eq(campaignEntries.id, entryId));
    return row;
  },

  /** The posters of the creator's own uploaded entries to a campaign. */
  async postersOf(executor: Executor, creatorId: string, campaignId: string) {
    return executor
      .select({ entryId: entryOriginality.entryId, posterKey: entryOriginality.posterKey })
      .from(entryOriginality)
      .innerJoin(campaignEntries, eq(campaignEntries.id, entryOriginality.entryId))
      .where(
        and(
          eq(campaignEntries.creatorId, creatorId),
          eq(campaignEntries.campaignId, campaignId),
          isNotNull(entryOriginality.posterKey),
        ),
      )
      .orderBy(desc(campaignEntries.submittedAt));
  },
};
