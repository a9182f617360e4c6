import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import {
  CAMPAIGN_ASSET_ACCEPT,
  campaignPlatformMessage,
  ENTRY_ERROR_CODES,
  ENTRY_MESSAGES,
  ERROR_CODES,
  isServableScanStatus,
  isUuid,
  nextEntryStatus,
  parsePostLink,
  PLATFORM_LABELS,
  postIdentity,
  postLinkAccount,
  sameHandle,
  UPLOAD_MAX_BYTES,
  VIDEO_THREAT_CODE,
  type CampaignEntry,
  type CampaignEntryListQuery,
  type Entry,
  type EntryBody,
  type EntryCount,
  type EntryRejectionBody,
  type EntryReviewEvent,
  type EntryReviseBody,
  type EntryBulkResult,
  type MarketingPlatform,
  type NotificationEvent,
  type Paged,
  type PostAccountSource,
  type UgcUpload,
} from '@platform/shared';
import type { FileScanner } from '../../adapters/scanner/file-scanner';
import type { FileStorage } from '../../adapters/storage/file-storage';
import { hourlySignedLink } from '../../adapters/storage/hourly-signed-link';
import type { ShortLinkResolver } from '../../adapters/post-links/short-link-resolver';
import type { PostPreviews } from '../../adapters/post-links/post-previews';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { RequestUser, StaffCaller } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import type { CampaignFacts, CampaignsService } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PaymentsService } from '../payments/payments.service';
import type { RsvpsService } from '../rsvps/rsvps.service';
import { isUniqueViolation } from '../../db/unique-violation';
import { processStoredAsset } from '../../adapters/scanner/asset-processing';
import {
  entriesRepository as repository,
  POST_IDENTITY_INDEX,
  type EntryRow,
  type MeasuredEntry,
} from './entries.repository';

export type { MeasuredEntry };

const toEntry = (row: EntryRow): Entry => ({
  id: row.id,
  campaignId: row.campaignId,
  creatorId: row.creatorId,
  platform: row.platform,
  kind: row.kind,
  postLink: row.postLink,
  videoKey: row.videoKey,
  status: row.status,
  rejection: row.rejectionReason ? { reason: row.rejectionReason, note: row.rejectionNote } : null,
  submittedAt: row.submittedAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

export type StaffEntryMove = 'approve' | 'reject' | 'archive';

const ENTRY_NOTIFICATION_EVENTS: Record<
  EntryRow['kind'],
  Partial<Record<EntryRow['status'], NotificationEvent>>
> = {
  POST: {
    SUBMITTED: 'POST_SUBMITTED',
    APPROVED: 'POST_APPROVED',
    REJECTED: 'POST_REJECTED',
    ARCHIVED: 'POST_ARCHIVED',
  },
  VIDEO: { SUBMITTED: 'VIDEO_SUBMITTED', APPROVED: 'VIDEO_APPROVED', REJECTED: 'VIDEO_REJECTED' },
};

/** How long a creator has to send their video once the upload URL is signed. */
const UGC_UPLOAD_URL_SECONDS = 60 * 60;

/** Where an upload waits until its entry is sent: the key names the campaign and creator it was signed for. */
const ugcStagingKey = (campaignId: string, creatorId: string, uploadId: string) =>
  `ugc-uploads/${campaignId}/${creatorId}/${uploadId}`;
const UGC_STAGING_KEY = /^ugc-uploads\/([0-9a-f-]{36})\/([0-9a-f-]{36})\/([0-9a-f-]{36})$/;
const ugcKey = (campaignId: string, uploadId: string) => `ugc/${campaignId}/${uploadId}`;

/** How many entry writes run at once, and how many may wait (ENTRY_WRITES_CONCURRENT, ENTRY_WRITES_QUEUED). */
export type EntryWriteLimits = { concurrent: number; queued: number };
const RETRY_AFTER_BUSY_SECONDS = 30;

export type EntriesDependencies = {
  db: Database;
  clock: Clock;
  audit: AuditService;
  campaignsService: Pick<CampaignsService, 'creatorCampaignFacts' | 'staffCampaignFacts'>;
  rsvpsService: Pick<RsvpsService, 'isTakingPart'>;
  creatorService: Pick<CreatorService, 'withCreators' | 'handleOn'>;
  shortLinks: ShortLinkResolver;
  previews: PostPreviews;
  storage: FileStorage;
  scanner: FileScanner;
  writeLimits: EntryWriteLimits;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Rewards follow reviews: an approval may win a slot, an archive may give one back (ADR 023). */
  rewards: Pick<PaymentsService, 'entryApproved' | 'entryArchived'>;
};

/**
 * Entries by post link (DESIGN §7, SPEC §5): a creator taking part in a live campaign enters a post on its
 * platform, once across every campaign (a TikTok short link is followed to its post first); staff approve,
 * reject with a reason, or archive; a rejected entry is revised by its creator and reviewed again.
 */
export function createEntriesService(dependencies: EntriesDependencies) {
  const { db, clock, audit, campaignsService, rsvpsService, creatorService, shortLinks, previews } =
    dependencies;
  const { storage, scanner, notifications, rewards } = dependencies;

  /**
   * Tells the creator what became of their entry (SPEC §4 events), in the transaction that moved it. An
   * archived video has no event of its own in the spec, so only posts are told of archiving.
   */
  const tellCreator = (tx: Executor, row: EntryRow, campaign: { id: string; name: string }) => {
    const event = ENTRY_NOTIFICATION_EVENTS[row.kind][row.status];
    if (!event) return Promise.resolve();
    return notifications.notify(tx, {
      accountId: row.creatorId,
      event,
      campaignId: campaign.id,
      campaignName: campaign.name,
      rejection:
        row.status === 'REJECTED' && row.rejectionReason
          ? { reason: row.rejectionReason, note: row.rejectionNote }
          : null,
    });
  };
  const { writeLimits } = dependencies;
  const writes = pLimit(writeLimits.concurrent);

  /** Runs an entry write when there is room for it, or answers code 16 at once when there is none. */
  const gated = <Result>(write: () => Promise<Result>): Promise<Result> => {
    if (writes.activeCount >= writeLimits.concurrent && writes.pendingCount >= writeLimits.queued) {
      return Promise.reject(
        new AppError(503, ENTRY_ERROR_CODES.highTraffic, ENTRY_MESSAGES.highTraffic, undefined, {
          'retry-after': String(RETRY_AFTER_BUSY_SECONDS),
        }),
      );
    }
    return writes(write);
  };

  /**
   * Takes an uploaded video in: it must have been signed for this campaign and creator, and still be
   * waiting; it is moved where no upload URL reaches, scanned, and checked to be an MP4 or MOV. A threat,
   * a failed scan or another kind of file removes it, and the creator is told which.
   */
  const receivedVideo = async (user: RequestUser, campaignId: string, stagingKey: string) => {
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
  };

  /** The post a link names on the campaign's platform, as its platform links it, and its identity. */
  const canonicalPost = async (link: string, platform: MarketingPlatform) => {
    const wrongLink = () =>
      errors.validation([{ field: 'postLink', message: campaignPlatformMessage(PLATFORM_LABELS[platform]) }]);
    const post = parsePostLink(link);
    if (!post || post.platform !== platform) throw wrongLink();
    const resolved = await shortLinks.resolve(post.url);
    if (resolved.kind === 'refused') throw wrongLink();
    if (resolved.kind === 'unavailable') {
      throw new AppError(503, ERROR_CODES.serviceUnavailable, ENTRY_MESSAGES.linkUnchecked);
    }
    const final = parsePostLink(resolved.url);
    const identity = final ? postIdentity(final.url) : null;
    if (!final || final.platform !== platform || !identity) throw wrongLink();
    return { url: final.url, identity };
  };

  /**
   * The account that posted a post: the platform's oEmbed answer where previews are on and it names one,
   * else the account the post's link itself names (a followed TikTok short link's too), on every install.
   * The platform's word comes first: a link's name is whatever its sharer wrote, and goes stale when an
   * account is renamed. Null where nothing names the account (a YouTube link with previews off).
   */
  const postAccountOf = async (
    postUrl: string,
    platform: MarketingPlatform,
  ): Promise<{ handle: string; namedBy: PostAccountSource } | null> => {
    const preview = await previews.previewUrl(postUrl, platform);
    if (preview.kind === 'preview' && preview.authorHandle !== undefined) {
      return { handle: preview.authorHandle, namedBy: 'PLATFORM' };
    }
    const named = postLinkAccount(postUrl);
    return named === null ? null : { handle: named, namedBy: 'LINK' };
  };

  /**
   * The post must be the creator's own (SPEC §8 code 8): where the platform or the link names the posting
   * account, it must be the creator's handle on that platform. Where nothing does, the entry keeps no account
   * and the reviewer sees that its author was not checked; the check never guesses.
   */
  const ownPost = async (user: RequestUser, link: string, platform: MarketingPlatform) => {
    const post = await canonicalPost(link, platform);
    const account = await postAccountOf(post.url, platform);
    if (account) {
      const own = await creatorService.handleOn(user.accountId, platform);
      if (own === null || !sameHandle(own, account.handle)) {
        throw new AppError(422, ENTRY_ERROR_CODES.handleNotMapped, ENTRY_MESSAGES.handleNotMapped, [
          { field: 'postLink', message: ENTRY_MESSAGES.handleNotMapped },
        ]);
      }
    }
    return { ...post, account };
  };

  /** A campaign the creator may see and takes part in, or why they may not enter it. */
  const enterable = async (user: RequestUser, campaignId: string): Promise<CampaignFacts> => {
    const campaign = await campaignsService.creatorCampaignFacts(user.accountId, campaignId);
    if (!campaign) throw errors.notFound();
    if (!(await rsvpsService.isTakingPart(user.accountId, campaign.id)))
      throw errors.conflict(ENTRY_MESSAGES.notTakingPart);
    if (campaign.status !== 'LIVE') throw errors.conflict(ENTRY_MESSAGES.notLive);
    return campaign;
  };

  const moveEntry = async (
    tx: Executor,
    row: EntryRow,
    event: EntryReviewEvent,
    actor: RequestUser,
    patch: Partial<EntryRow>,
    campaign: { id: string; name: string },
  ): Promise<EntryRow> => {
    const to = nextEntryStatus(row.status, event);
    if (!to)
      throw errors.conflict(
        `This entry is ${row.status.toLowerCase()}: it cannot be ${event === 'revise' ? 'revised' : `${event}d`} now.`,
      );
    const moved = await repository.update(tx, row.id, { ...patch, status: to, updatedAt: clock.now() });
    await audit.record(tx, {
      actor,
      action: `entry.${event}`,
      target: { type: 'entry', id: row.id, label: campaign.name },
      before: { status: row.status, postLink: row.postLink },
      after: {
        status: to,
        postLink: moved.postLink,
        ...(moved.rejectionReason && to === 'REJECTED' ? { reason: moved.rejectionReason } : {}),
      },
    });
    await tellCreator(tx, moved, campaign);
    return moved;
  };

  const reviewOne = (
    caller: StaffCaller,
    campaign: CampaignFacts,
    entryId: string,
    move: StaffEntryMove,
    rejection?: EntryRejectionBody,
  ): Promise<Entry> =>
    db.transaction(async (tx) => {
      const row = isUuid(entryId) ? await repository.lockById(tx, entryId) : undefined;
      if (!row || row.campaignId !== campaign.id) throw errors.notFound();
      const now = clock.now();
      const patch: Partial<EntryRow> =
        move === 'reject'
          ? {
              rejectionReason: rejection?.reason ?? 'OTHER',
              rejectionNote: rejection?.note || null,
              reviewedAt: now,
              reviewedBy: caller.accountId,
            }
          : move === 'approve'
            ? { reviewedAt: now, reviewedBy: caller.accountId }
            : {};
      // The rewards take the campaign's row lock before anything else of this move touches the campaign
      // (the notification's row refers to it): two approvals then queue on one lock, never on each other.
      if (move === 'approve' && row.status === 'SUBMITTED') await rewards.entryApproved(tx, row);
      if (move === 'archive' && row.status === 'APPROVED') await rewards.entryArchived(tx, row);
      return toEntry(await moveEntry(tx, row, move, caller, patch, campaign));
    });

  return {
    /**
     * POST /server-api/campaigns/entry: a post link, or a video uploaded to the URL `uploadUrl` signed,
     * entered to a live campaign the creator takes part in.
     */
    submit(user: RequestUser, body: EntryBody): Promise<Entry> {
      return gated(async () => {
        const campaign = await enterable(user, body.campaignId);
        if (body.platform !== campaign.platform) {
          throw errors.validation([
            { field: 'platform', message: campaignPlatformMessage(PLATFORM_LABELS[campaign.platform]) },
          ]);
        }
        const content =
          body.videoKey !== undefined
            ? { kind: 'VIDEO' as const, ...(await receivedVideo(user, campaign.id, body.videoKey)) }
            : { kind: 'POST' as const, ...(await ownPost(user, body.postLink ?? '', campaign.platform)) };
        try {
          return await db.transaction(async (tx) => {
            const now = clock.now();
            const row = await repository.insertNew(tx, {
              id: randomUUID(),
              campaignId: campaign.id,
              creatorId: user.accountId,
              platform: campaign.platform,
              kind: content.kind,
              postLink: content.kind === 'POST' ? content.url : null,
              postIdentity: content.kind === 'POST' ? content.identity : null,
              postAccount: content.kind === 'POST' ? (content.account?.handle ?? null) : null,
              postAccountNamedBy: content.kind === 'POST' ? (content.account?.namedBy ?? null) : null,
              videoKey: content.kind === 'VIDEO' ? content.key : null,
              status: 'SUBMITTED',
              rejectionReason: null,
              rejectionNote: null,
              submittedAt: now,
              reviewedAt: null,
              reviewedBy: null,
              updatedAt: now,
            });
            if (!row) throw errors.conflict(ENTRY_MESSAGES.postAlreadyEntered);
            await audit.record(tx, {
              actor: user,
              action: 'entry.submit',
              target: { type: 'entry', id: row.id, label: campaign.name },
              after: {
                status: row.status,
                ...(content.kind === 'POST'
                  ? { postLink: row.postLink, postAccount: row.postAccount }
                  : { video: row.videoKey, scanned: content.scanned }),
              },
            });
            await tellCreator(tx, row, campaign);
            return toEntry(row);
          });
        } catch (error) {
          if (content.kind === 'VIDEO') await storage.delete(content.key);
          throw error;
        }
      });
    },

    /**
     * PATCH /server-api/campaigns/entry/{id}: a rejected entry's new post link (or, for a video, another
     * upload), back in the review queue.
     */
    revise(user: RequestUser, id: string, body: EntryReviseBody): Promise<Entry> {
      return gated(async () => {
        const found = isUuid(id) ? await repository.findById(db, id) : undefined;
        if (!found || found.creatorId !== user.accountId) throw errors.notFound();
        const campaign = await enterable(user, found.campaignId);
        if (found.status !== 'REJECTED') throw errors.conflict(ENTRY_MESSAGES.notRevisable);
        const sentAs = body.videoKey !== undefined ? 'VIDEO' : 'POST';
        if (sentAs !== found.kind) {
          throw errors.validation([
            { field: sentAs === 'VIDEO' ? 'videoKey' : 'postLink', message: ENTRY_MESSAGES.sameKind },
          ]);
        }
        const content =
          body.videoKey !== undefined
            ? { kind: 'VIDEO' as const, ...(await receivedVideo(user, campaign.id, body.videoKey)) }
            : { kind: 'POST' as const, ...(await ownPost(user, body.postLink ?? '', campaign.platform)) };
        try {
          const revised = await db.transaction(async (tx) => {
            const current = await repository.lockById(tx, id);
            if (!current) throw errors.notFound();
            const patch = {
              ...(content.kind === 'POST'
                ? {
                    postLink: content.url,
                    postIdentity: content.identity,
                    postAccount: content.account?.handle ?? null,
                    postAccountNamedBy: content.account?.namedBy ?? null,
                  }
                : { videoKey: content.key }),
              rejectionReason: null,
              rejectionNote: null,
              submittedAt: clock.now(),
              reviewedAt: null,
              reviewedBy: null,
            };
            return toEntry(await moveEntry(tx, current, 'revise', user, patch, campaign));
          });
          // The video it replaced is nobody's entry any more.
          if (content.kind === 'VIDEO' && found.videoKey) await storage.delete(found.videoKey);
          return revised;
        } catch (error) {
          if (content.kind === 'VIDEO') await storage.delete(content.key);
          if (isUniqueViolation(error, POST_IDENTITY_INDEX))
            throw errors.conflict(ENTRY_MESSAGES.postAlreadyEntered);
          throw error;
        }
      });
    },

    /**
     * GET /server-api/campaigns/{id}/ugc-upload-url (SPEC §7): a URL to PUT one video to (MP4 or MOV, at
     * most 250 MB), and the key to enter it with.
     */
    async uploadUrl(user: RequestUser, campaignId: string): Promise<UgcUpload> {
      const campaign = await enterable(user, campaignId);
      const key = ugcStagingKey(campaign.id, user.accountId, randomUUID());
      const signed = await storage.signedUrl({
        method: 'PUT',
        key,
        expiresInSeconds: UGC_UPLOAD_URL_SECONDS,
        contentTypes: CAMPAIGN_ASSET_ACCEPT.video.mimeTypes,
        maxBytes: UPLOAD_MAX_BYTES,
      });
      return { url: signed.url, key };
    },

    /**
     * GET /server-api/campaigns/{id}/ugc-url (SPEC §7, text): where the creator watches their video for the
     * campaign (the entry named, or their latest), or '' when they have sent none.
     */
    async videoUrl(user: RequestUser, campaignId: string, entryId?: string): Promise<string> {
      const campaign = await campaignsService.creatorCampaignFacts(user.accountId, campaignId);
      if (!campaign) throw errors.notFound();
      const video = (await repository.ofCreator(db, user.accountId, campaign.id)).find(
        (row) =>
          row.kind === 'VIDEO' && row.videoKey !== null && (entryId === undefined || row.id === entryId),
      );
      return video?.videoKey ? hourlySignedLink(storage, clock, video.videoKey) : '';
    },

    /** The creator's entries to a campaign they may see, newest first (SPEC §7: reads `data`). */
    async mine(user: RequestUser, campaignId: string): Promise<{ data: Entry[] }> {
      const campaign = await campaignsService.creatorCampaignFacts(user.accountId, campaignId);
      if (!campaign) throw errors.notFound();
      return { data: (await repository.ofCreator(db, user.accountId, campaign.id)).map(toEntry) };
    },

    /** GET /server-api/campaigns/{id}/entry-count: the campaign's entries that count (none rejected). */
    async count(user: RequestUser, campaignId: string): Promise<EntryCount> {
      const campaign = await campaignsService.creatorCampaignFacts(user.accountId, campaignId);
      if (!campaign) throw errors.notFound();
      return { campaignId: campaign.id, totalCount: await repository.countOf(db, campaign.id) };
    },

    /** Approved entries' posts in campaigns live now, whose figures the metrics refresh reads (ADR 024). */
    approvedPostsOfLiveCampaigns: (): Promise<MeasuredEntry[]> => repository.approvedPostsOfLiveCampaigns(db),

    /** One entry as the metrics module reads it, whatever its status. */
    measuredEntry: async (id: string): Promise<MeasuredEntry | undefined> =>
      isUuid(id) ? repository.measuredEntry(db, id) : undefined,

    /** Every entry of a campaign, for a staff import of figures to name by id or post. */
    measuredOfCampaign: (campaignId: string): Promise<MeasuredEntry[]> =>
      repository.measuredOfCampaign(db, campaignId),

    /** The entries of posts, by the posts' identities (`postIdentity`), for figures a partner sends. */
    measuredOfPosts: (identities: readonly string[]): Promise<MeasuredEntry[]> =>
      repository.measuredOfPosts(db, identities),

    /** How many entries count in each campaign, for the creator's campaign cards. */
    countOf: (campaignId: string) => repository.countOf(db, campaignId),

    /** The campaigns with entries waiting for review: how many each, and when the newest arrived. */
    async waitingForReview(): Promise<{ campaignId: string; waiting: number; newestSubmittedAt: Date }[]> {
      return (await repository.waitingByCampaign(db)).flatMap((row) =>
        row.newestSubmittedAt ? [{ ...row, newestSubmittedAt: row.newestSubmittedAt }] : [],
      );
    },

    /** GET /server-api/campaigns/entry/preview-url/{link}: the post's preview image, or '' without one. */
    async previewUrl(link: string): Promise<string> {
      const post = parsePostLink(link);
      if (!post || post.platform === 'Snapchat') return '';
      const preview = await previews.previewUrl(post.url, post.platform);
      return preview.kind === 'preview' ? preview.thumbnailUrl : '';
    },

    /** The console's review queue of a campaign, newest first, with who entered each. */
    async list(
      caller: StaffCaller,
      campaignId: string,
      query: CampaignEntryListQuery,
    ): Promise<Paged<CampaignEntry>> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      const { rows, total } = await repository.list(db, {
        campaignId: campaign.id,
        ...(query.status ? { status: query.status } : {}),
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const withVideos = await Promise.all(
        rows.map(async (row) => ({
          ...toEntry(row),
          postAccount:
            row.postAccount !== null && row.postAccountNamedBy !== null
              ? { handle: row.postAccount, namedBy: row.postAccountNamedBy }
              : null,
          videoUrl: row.videoKey ? await hourlySignedLink(storage, clock, row.videoKey) : null,
        })),
      );
      return {
        items: await creatorService.withCreators(withVideos, campaign.platform),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Approve, reject (with a reason) or archive one entry of a campaign in the caller's scope. */
    async review(
      caller: StaffCaller,
      campaignId: string,
      entryId: string,
      move: StaffEntryMove,
      rejection?: EntryRejectionBody,
    ): Promise<Entry> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      return reviewOne(caller, campaign, entryId, move, rejection);
    },

    /**
     * One move for many entries of a campaign, each in its own transaction: an entry that cannot move
     * (reviewed meanwhile, not of this campaign) is reported with the words a single move would answer,
     * and the others still move.
     */
    async reviewMany(
      caller: StaffCaller,
      campaignId: string,
      entryIds: readonly string[],
      move: StaffEntryMove,
      rejection?: EntryRejectionBody,
    ): Promise<EntryBulkResult> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      const results: EntryBulkResult['results'] = [];
      for (const entryId of new Set(entryIds)) {
        try {
          results.push({
            entryId,
            entry: await reviewOne(caller, campaign, entryId, move, rejection),
            message: null,
          });
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          results.push({ entryId, entry: null, message: error.message });
        }
      }
      return { results };
    },

    /** The creator's entries to each of these campaigns, newest first, for the console's creator page. */
    ofCreatorForStaff: async (creatorId: string, campaignIds: readonly string[]): Promise<Entry[]> => {
      const entries: Entry[] = [];
      for (const campaignId of campaignIds) {
        entries.push(...(await repository.ofCreator(db, creatorId, campaignId)).map(toEntry));
      }
      return entries;
    },
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
