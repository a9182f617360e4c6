import {
  campaignPlatformMessage,
  ENTRY_ERROR_CODES,
  ENTRY_MESSAGES,
  ERROR_CODES,
  isServableScanStatus,
  parsePostLink,
  PLATFORM_LABELS,
  postIdentity,
  postLinkAccount,
  sameHandle,
  VIDEO_THREAT_CODE,
  type MarketingPlatform,
  type PostAccountSource,
} from '@platform/shared';
import { postFactsQuery } from '../../adapters/post-facts/post-facts';
import { processStoredAsset } from '../../adapters/scanner/asset-processing';
import { AppError, errors } from '../../errors';
import type { RequestUser } from '../../principal';
import type { CampaignFacts } from '../campaigns/campaigns.service';
import type { EntriesContext } from './entries.context';

/** Where an upload waits until its entry is sent: the key names the campaign and creator it was signed for. */
export const ugcStagingKey = (campaignId: string, creatorId: string, uploadId: string) =>
  `ugc-uploads/${campaignId}/${creatorId}/${uploadId}`;
const UGC_STAGING_KEY = /^ugc-uploads\/([0-9a-f-]{36})\/([0-9a-f-]{36})\/([0-9a-f-]{36})$/;
const ugcKey = (campaignId: string, uploadId: string) => `ugc/${campaignId}/${uploadId}`;

/**
 * Takes an uploaded video in: it must have been signed for this campaign and creator, and still be
 * waiting; it is moved where no upload URL reaches, scanned, and checked to be an MP4 or MOV. A threat,
 * a failed scan or another kind of file removes it, and the creator is told which.
 */
async function receivedVideo(
  context: EntriesContext,
  user: RequestUser,
  campaignId: string,
  stagingKey: string,
) {
  const { storage, scanner } = context;
  const notUploaded = () =>
    errors.validation([{ field: 'videoKey', message: ENTRY_MESSAGES.videoNotUploaded }]);
  const match = UGC_STAGING_KEY.exec(stagingKey);
  if (!match || match[1] !== campaignId || match[2] !== user.accountId) throw notUploaded();
  const key = ugcKey(campaignId, match[3] as string);
  const moved = await storage.move(stagingKey, key);
  if (!moved) throw notUploaded();
  const processed = await processStoredAsset({ storage, scanner }, { key, fileType: 'video' });
  if (processed.contentMismatch) {
    throw errors.validation([{ field: 'videoKey', message: ENTRY_MESSAGES.videoNotVideo }]);
  }
  if (processed.scanStatus === 'THREATS_FOUND') {
    throw new AppError(422, VIDEO_THREAT_CODE, ENTRY_MESSAGES.videoThreat, [
      { field: 'videoKey', message: ENTRY_MESSAGES.videoThreat },
    ]);
  }
  // Kept unscanned where no scanner is configured, as campaign files are; a scan that could not finish
  // is a 503 to try again.
  if (!isServableScanStatus(processed.scanStatus)) {
    throw new AppError(503, ERROR_CODES.serviceUnavailable, ENTRY_MESSAGES.videoUnscanned);
  }
  return { key, scanned: processed.scanned };
}

/** The post a link names on the campaign's platform, as its platform links it, and its identity. */
async function canonicalPost(context: EntriesContext, link: string, platform: MarketingPlatform) {
  const wrongLink = () =>
    errors.validation([{ field: 'postLink', message: campaignPlatformMessage(PLATFORM_LABELS[platform]) }]);
  const post = parsePostLink(link);
  if (!post || post.platform !== platform) throw wrongLink();
  const resolved = await context.shortLinks.resolve(post.url);
  if (resolved.kind === 'refused') throw wrongLink();
  if (resolved.kind === 'unavailable') {
    throw new AppError(503, ERROR_CODES.serviceUnavailable, ENTRY_MESSAGES.linkUnchecked);
  }
  const final = parsePostLink(resolved.url);
  const identity = final ? postIdentity(final.url) : null;
  if (!final || final.platform !== platform || !identity) throw wrongLink();
  return { url: final.url, identity };
}

/**
 * The account that posted a post: the platform's oEmbed answer where previews are on and it names one,
 * else the account the post's link itself names (a followed TikTok short link's too), on every install.
 * The platform's word comes first: a link's name is whatever its sharer wrote, and goes stale when an
 * account is renamed. Null where nothing names the account (a YouTube link with previews off).
 */
async function postAccountOf(
  context: EntriesContext,
  postUrl: string,
  platform: MarketingPlatform,
): Promise<{ handle: string; namedBy: PostAccountSource } | null> {
  const preview = await context.previews.previewUrl(postUrl, platform);
  if (preview.kind === 'preview' && preview.authorHandle !== undefined) {
    return { handle: preview.authorHandle, namedBy: 'PLATFORM' };
  }
  const named = postLinkAccount(postUrl);
  return named === null ? null : { handle: named, namedBy: 'LINK' };
}

/**
 * The post must be the creator's own (SPEC §8 code 8): where the platform or the link names the posting
 * account, it must be the creator's handle on that platform. Where nothing does, the entry keeps no account
 * and the reviewer sees that its author was not checked; the check never guesses.
 */
async function ownPost(context: EntriesContext, user: RequestUser, link: string, campaign: CampaignFacts) {
  const { platform } = campaign;
  const post = await canonicalPost(context, link, platform);
  const account = await postAccountOf(context, post.url, platform);
  if (account) {
    const own = await context.creatorService.handleOn(user.accountId, platform);
    if (own === null || !sameHandle(own, account.handle)) throw notTheirs();
  }
  const { facts, authorHandle } = await publishedFacts(context, user, campaign, post.url);
  // The platform named the author by the id of the creator's proven account: the author was checked.
  const checked = account ?? (authorHandle ? { handle: authorHandle, namedBy: 'PLATFORM' as const } : null);
  return { ...post, account: checked, facts };
}

const notTheirs = () =>
  new AppError(422, ENTRY_ERROR_CODES.handleNotMapped, ENTRY_MESSAGES.handleNotMapped, [
    { field: 'postLink', message: ENTRY_MESSAGES.handleNotMapped },
  ]);

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * What the platform says of the post (ADR 036), asked with the creator's connected account where there is
 * one: a post published before the campaign started is refused, and one whose author is not the creator's
 * verified account (by the platform's id) is not theirs. A platform that cannot say leaves the facts
 * unknown, for the reviewer to see, and never refuses the entry on a guess. Answers the facts, and the
 * creator's handle where the platform named its proven account as the author.
 */
async function publishedFacts(
  context: EntriesContext,
  user: RequestUser,
  campaign: CampaignFacts,
  postUrl: string,
) {
  const connected = await context.handleVerification.connectedAccountOn(user.accountId, campaign.platform);
  const query = postFactsQuery(postUrl, connected ?? {});
  const facts = query ? await context.postFacts.factsOf(query) : undefined;
  if (facts?.kind !== 'facts') return { facts: null, authorHandle: null };
  if (facts.publishedAt && facts.publishedAt < campaign.startsAt) {
    const message = ENTRY_MESSAGES.publishedBeforeStart(
      DAY.format(facts.publishedAt),
      DAY.format(campaign.startsAt),
    );
    throw errors.validation([{ field: 'postLink', message }]);
  }
  if (!facts.authorAccountId) return { facts, authorHandle: null };
  const verified = await context.handleVerification.verifiedAccountOn(
    context.db,
    user.accountId,
    campaign.platform,
  );
  if (verified.accountId && verified.accountId !== facts.authorAccountId) throw notTheirs();
  return { facts, authorHandle: verified.accountId ? verified.handle : null };
}

/** What an entry sends: a post of the creator's own on the campaign's platform, or a video they uploaded. */
export async function entryContent(
  context: EntriesContext,
  user: RequestUser,
  campaign: CampaignFacts,
  body: { postLink?: string | undefined; videoKey?: string | undefined },
) {
  return body.videoKey !== undefined
    ? { kind: 'VIDEO' as const, ...(await receivedVideo(context, user, campaign.id, body.videoKey)) }
    : { kind: 'POST' as const, ...(await ownPost(context, user, body.postLink ?? '', campaign)) };
}

export type EntryContent = Awaited<ReturnType<typeof entryContent>>;
