import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_CAMPAIGN_VALIDATION,
  entryReviewDueAt,
  postIdentity,
  type EntryStatus,
  type MarketingPlatform,
  type MetricsReadingSource,
} from '@platform/shared';
import { campaignEntries, entryMetricReadings } from '../db/schema/index';
import { giveHandle } from './factories';
import type { TestApp } from './harness';

// Entries and readings written straight to their tables, for the metrics, leaderboard and prize tests: each test
// names the platform, status, submission time and figures it is about.

/** A YouTube video id nobody else has: 11 of YouTube's characters. */
export const newYouTubeId = () => randomBytes(8).toString('base64url').slice(0, 11);

const newTikTokId = () => String(7_300_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e15)));

const POST_LINKS: Record<MarketingPlatform, (id: string) => string> = {
  Youtube: (id) => `https://www.youtube.com/watch?v=${id}`,
  TikTok: (id) => `https://www.tiktok.com/@casey/video/${id}`,
  Instagram: (id) => `https://www.instagram.com/p/${id}/`,
};

export type PostEntry = { id: string; postId: string; postLink: string };

/** An entry of a post, approved unless told, submitted now unless told. */
export async function postEntry(
  context: TestApp,
  options: {
    campaignId: string;
    creatorId: string;
    platform?: MarketingPlatform;
    postId?: string;
    status?: EntryStatus;
    submittedAt?: Date;
  },
): Promise<PostEntry> {
  const platform = options.platform ?? 'TikTok';
  const postId = options.postId ?? (platform === 'TikTok' ? newTikTokId() : newYouTubeId());
  const postLink = POST_LINKS[platform](postId);
  const id = randomUUID();
  const submittedAt = options.submittedAt ?? context.clock.now();
  const status = options.status ?? 'APPROVED';
  await giveHandle(context, options.creatorId, platform);
  await context.db.insert(campaignEntries).values({
    id,
    campaignId: options.campaignId,
    creatorId: options.creatorId,
    platform,
    kind: 'POST',
    postLink,
    postIdentity: postIdentity(postLink),
    videoKey: null,
    status,
    rejectionReason: status === 'REJECTED' ? 'LOW_QUALITY' : null,
    rejectionNote: null,
    submittedAt,
    reviewDueAt: status === 'SUBMITTED' ? entryReviewDueAt(submittedAt, DEFAULT_CAMPAIGN_VALIDATION) : null,
    reviewedAt: status === 'SUBMITTED' ? null : submittedAt,
    reviewedBy: null,
    updatedAt: submittedAt,
  });
  return { id, postId, postLink };
}

/** A reading of an entry's figures, read when told (now by default) and stored now. */
export async function recordReading(
  context: TestApp,
  entryId: string,
  figures: {
    views: number | null;
    likes?: number | null;
    comments?: number | null;
    shares?: number | null;
    readAt?: Date;
    source?: MetricsReadingSource;
  },
): Promise<string> {
  const id = randomUUID();
  const now = context.clock.now();
  await context.db.insert(entryMetricReadings).values({
    id,
    entryId,
    views: figures.views,
    likes: figures.likes ?? null,
    comments: figures.comments ?? null,
    shares: figures.shares ?? null,
    source: figures.source ?? 'tiktok-business',
    readAt: figures.readAt ?? now,
    recordedAt: now,
    recordedBy: null,
    corrects: null,
    note: null,
  });
  return id;
}
