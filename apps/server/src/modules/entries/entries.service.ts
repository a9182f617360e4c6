import { randomUUID } from 'node:crypto';
import {
  campaignPlatformMessage,
  ENTRY_MESSAGES,
  ERROR_CODES,
  isUuid,
  nextEntryStatus,
  parsePostLink,
  PLATFORM_LABELS,
  postIdentity,
  type CampaignEntry,
  type CampaignEntryListQuery,
  type Entry,
  type EntryBody,
  type EntryCount,
  type EntryRejectionBody,
  type EntryReviewEvent,
  type EntryReviseBody,
  type MarketingPlatform,
  type Paged,
} from '@platform/shared';
import type { ShortLinkResolver } from '../../adapters/post-links/short-link-resolver';
import type { PostPreviews } from '../../adapters/post-links/post-previews';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { RequestUser, StaffCaller } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import type { CampaignFacts, CampaignsService } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';
import type { RsvpsService } from '../rsvps/rsvps.service';
import { isUniqueViolation } from '../../db/unique-violation';
import { entriesRepository as repository, POST_IDENTITY_INDEX, type EntryRow } from './entries.repository';

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

export type EntriesDependencies = {
  db: Database;
  clock: Clock;
  audit: AuditService;
  campaignsService: Pick<CampaignsService, 'creatorCampaignFacts' | 'staffCampaignFacts'>;
  rsvpsService: Pick<RsvpsService, 'isTakingPart'>;
  creatorService: Pick<CreatorService, 'withCreators'>;
  shortLinks: ShortLinkResolver;
  previews: PostPreviews;
};

/**
 * Entries by post link (DESIGN §7, SPEC §5): a creator taking part in a live campaign enters a post on its
 * platform, once across every campaign (a TikTok short link is followed to its post first); staff approve,
 * reject with a reason, or archive; a rejected entry is revised by its creator and reviewed again.
 */
export function createEntriesService(dependencies: EntriesDependencies) {
  const { db, clock, audit, campaignsService, rsvpsService, creatorService, shortLinks, previews } =
    dependencies;

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
    label: string,
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
      target: { type: 'entry', id: row.id, label },
      before: { status: row.status, postLink: row.postLink },
      after: {
        status: to,
        postLink: moved.postLink,
        ...(moved.rejectionReason && to === 'REJECTED' ? { reason: moved.rejectionReason } : {}),
      },
    });
    return moved;
  };

  return {
    /** POST /server-api/campaigns/entry: a post link entered to a live campaign the creator takes part in. */
    async submit(user: RequestUser, body: EntryBody): Promise<Entry> {
      const campaign = await enterable(user, body.campaignId);
      if (body.platform !== campaign.platform) {
        throw errors.validation([
          { field: 'platform', message: campaignPlatformMessage(PLATFORM_LABELS[campaign.platform]) },
        ]);
      }
      const post = await canonicalPost(body.postLink, campaign.platform);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const row = await repository.insertNew(tx, {
          id: randomUUID(),
          campaignId: campaign.id,
          creatorId: user.accountId,
          platform: campaign.platform,
          kind: 'POST',
          postLink: post.url,
          postIdentity: post.identity,
          videoKey: null,
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
          after: { status: row.status, postLink: row.postLink },
        });
        return toEntry(row);
      });
    },

    /** PATCH /server-api/campaigns/entry/{id}: a rejected entry's new link, back in the review queue. */
    async revise(user: RequestUser, id: string, body: EntryReviseBody): Promise<Entry> {
      const found = isUuid(id) ? await repository.findById(db, id) : undefined;
      if (!found || found.creatorId !== user.accountId) throw errors.notFound();
      const campaign = await enterable(user, found.campaignId);
      if (found.status !== 'REJECTED') throw errors.conflict(ENTRY_MESSAGES.notRevisable);
      const post = await canonicalPost(body.postLink, campaign.platform);
      try {
        return await db.transaction(async (tx) => {
          const current = await repository.lockById(tx, id);
          if (!current) throw errors.notFound();
          const patch = {
            postLink: post.url,
            postIdentity: post.identity,
            rejectionReason: null,
            rejectionNote: null,
            submittedAt: clock.now(),
            reviewedAt: null,
            reviewedBy: null,
          };
          return toEntry(await moveEntry(tx, current, 'revise', user, patch, campaign.name));
        });
      } catch (error) {
        if (isUniqueViolation(error, POST_IDENTITY_INDEX))
          throw errors.conflict(ENTRY_MESSAGES.postAlreadyEntered);
        throw error;
      }
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

    /** How many entries count in each campaign, for the creator's campaign cards. */
    countOf: (campaignId: string) => repository.countOf(db, campaignId),

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
      return {
        items: await creatorService.withCreators(rows.map(toEntry), campaign.platform),
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
      return db.transaction(async (tx) => {
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
        return toEntry(await moveEntry(tx, row, move, caller, patch, campaign.name));
      });
    },
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
