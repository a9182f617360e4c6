import { randomUUID } from 'node:crypto';
import {
  campaignAssetKey,
  campaignAssetUrl,
  CAMPAIGN_APPROVED_STATUSES,
  CAMPAIGN_ASSET_ACCEPT,
  CAMPAIGN_ASSET_MESSAGES,
  FILE_UPLOAD_MESSAGES,
  UPLOAD_MAX_BYTES,
  campaignAssetTypeOf,
  fileExtension,
  grantScope,
  type CampaignAssetUploadBody,
  type CampaignAssetUploadResponse,
  CAMPAIGN_MESSAGES,
  CREATOR_VISIBLE_CAMPAIGN_STATUSES,
  ERROR_CODES,
  REQUIRED_MESSAGE,
  can,
  isServableScanStatus,
  isUuid,
  maxPayout,
  nextCampaignStatus,
  sanitizeRichText,
  countryCoverage,
  territoryCoverage,
  type CountryCoverage,
  type CampaignAsset,
  type CampaignBody,
  type CampaignDetail,
  type CampaignEvent,
  type CampaignListQuery,
  type CampaignStatus,
  type CampaignSummary,
  type CreatorCampaignCard,
  type CreatorCampaignDetail,
  type Paged,
} from '@platform/shared';
import type { FileScanner } from '../../adapters/scanner/file-scanner';
import { FileTooLargeError, type FileStorage } from '../../adapters/storage/file-storage';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { Actor, RequestUser, StaffCaller } from '../../principal';
import { SCHEDULER_ACTOR, type AuditService } from '../audit/audit.service';
import type { CreatorService } from '../creator/creator.service';
import type { CampaignReach, NotificationsService } from '../notifications/notifications.service';
import type { TeamsService } from '../teams/teams.service';
import type { TerritoriesService } from '../territories/territories.service';
import { processStoredAsset } from '../../adapters/scanner/asset-processing';
import {
  campaignsRepository as repository,
  type CampaignAssetRow,
  type CampaignRow,
  type CampaignWithTeam,
} from './campaigns.repository';

export type CampaignsService = ReturnType<typeof createCampaignsService>;

/** A published campaign's times, for the scheduler to queue its start and its end. */
export type PlannedCampaign = { id: string; startsAt: Date; endsAt: Date };

/**
 * Where a published campaign's start and end are queued to run at their times: pg-boss jobs
 * (`src/jobs/campaign-schedule.ts`). Told once the change that published it has committed; it never
 * throws, since a move it could not queue is still made by the worker's catch-up and sweep.
 */
export type CampaignScheduler = { planned(campaign: PlannedCampaign): Promise<void> };

/** Tells the staff who must act of a campaign's move, in its transaction (ADR 031). */
export type StaffNotifier = NotificationsService['notifyStaff'];

/** Tells a creator of an event, in the transaction of the change (ADR 020). */
export type CreatorNotifier = NotificationsService['notify'];

/** How long a marketer's browser has to start sending a file once it has its URL. */
const ASSET_UPLOAD_URL_SECONDS = 30 * 60;

/** Where a campaign's file waits for its checks, and where it is kept (and served from) after them. */
const stagingKeyOf = (assetId: string) => `campaign-uploads/${assetId}`;
const assetKeyOf = (campaignId: string, assetId: string, fileName: string) =>
  campaignAssetKey(campaignId, assetId, fileExtension(fileName));

/** A staff caller of a campaign route, with the request id the audit log records. */
export type CampaignsCaller = StaffCaller & { requestId?: string };

const actorOf = (caller: CampaignsCaller): Actor => ({
  accountId: caller.accountId,
  email: caller.email,
  role: caller.role,
  ...(caller.requestId ? { requestId: caller.requestId } : {}),
});

/** The people's moves; `start` and `end` are the scheduler's alone. */
export type CampaignAction = Exclude<CampaignEvent, 'start' | 'end' | 'edit' | 'materialChange'>;

const notAllowed = (status: CampaignStatus) =>
  new AppError(409, ERROR_CODES.conflict, CAMPAIGN_MESSAGES.transitionNotAllowed(status));

const archived = () => new AppError(409, ERROR_CODES.conflict, CAMPAIGN_MESSAGES.archived);

/** Whether a change touches what was approved: the reward, the budget or the dates (DESIGN §7). */
function isMaterialChange(row: CampaignRow, body: CampaignBody): boolean {
  return (
    row.currency !== body.currency ||
    row.budget !== body.budget ||
    row.startsAt.getTime() !== new Date(body.startsAt).getTime() ||
    row.endsAt.getTime() !== new Date(body.endsAt).getTime() ||
    JSON.stringify(row.reward) !== JSON.stringify(body.reward)
  );
}

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
  'id' | 'name' | 'brandOrArtist' | 'type' | 'status' | 'platform' | 'startsAt' | 'endsAt' | 'reward'
> & { archived: boolean };

/** What a campaign pays: its reward rule within its budget, in its currency (minor units). */
export type RewardTerms = Pick<CampaignRow, 'id' | 'name' | 'currency' | 'budget' | 'reward'>;

const factsOf = (row: CampaignRow): CampaignFacts => ({
  id: row.id,
  name: row.name,
  brandOrArtist: row.brandOrArtist,
  type: row.type,
  status: row.status,
  platform: row.platform,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  reward: row.reward,
  archived: row.archivedAt !== null,
});

type CoverPaths = { coverImagePath: string | null; coverThumbnailPath: string | null };

/** The cover's served paths, once its file may be served: the image, and the thumbnail lists show. */
const coverOf = (row: CampaignRow, assets: readonly CampaignAssetRow[]): CoverPaths => {
  const cover = assets.find((asset) => asset.id === row.coverAssetId);
  return cover && isServableScanStatus(cover.scanStatus)
    ? { coverImagePath: cover.storageKey, coverThumbnailPath: cover.thumbnailKey }
    : { coverImagePath: null, coverThumbnailPath: null };
};

const toSummary = (row: CampaignWithTeam, cover: CoverPaths): CampaignSummary => ({
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

export function createCampaignsService(dependencies: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  teamsService: TeamsService;
  territoriesService: TerritoriesService;
  creatorService: CreatorService;
  storage: FileStorage;
  scanner: FileScanner;
}) {
  const { db, clock, audit, teamsService, territoriesService, creatorService, storage, scanner } =
    dependencies;
  /** Set by the process once its job queue runs (`useScheduler`); without one, only sweeps move campaigns. */
  let scheduler: CampaignScheduler | undefined;
  /** Until the entries module answers, a campaign has no entries to count. */
  let entryCounts: (campaignId: string) => Promise<number> = async () => 0;
  /** Where staff are told of campaigns to review and of their review's outcome (the notifications module). */
  let staffNotifier: StaffNotifier | undefined;
  /** Where creators are told of a campaign for their artist going live (the notifications module). */
  let creatorNotifier: CreatorNotifier | undefined;

  /**
   * Tells, in the transaction that makes the campaign LIVE, each ACTIVE creator in its territories who
   * chose the artist it is for (its "Brand or artist" names an artist of the catalogue) at ARTIST_SELECTION.
   */
  const tellCreatorsOfLive = async (tx: Executor, row: CampaignRow) => {
    if (!creatorNotifier) return;
    const artist = row.brandOrArtist.trim();
    const fans = await creatorService.activeCreatorsOfArtistNamed(artist, tx);
    if (fans.length === 0) return;
    const territories = await territoriesService.countriesOf(await repository.territoryIdsOf(tx, row.id), tx);
    for (const fan of fans) {
      const country = fan.country;
      if (!country || !territories.some((codes) => territoryCoverage(codes, country) > 0)) continue;
      await creatorNotifier(tx, {
        accountId: fan.accountId,
        event: 'CAMPAIGN_LIVE',
        campaignId: row.id,
        campaignName: row.name,
        subject: artist,
      });
    }
  };

  const reachOf = async (tx: Executor, row: CampaignRow): Promise<CampaignReach> => ({
    id: row.id,
    name: row.name,
    teamId: row.teamId,
    territoryIds: await repository.territoryIdsOf(tx, row.id),
  });

  /**
   * Tells, in the move's transaction, the staff who must act on it (ADR 031): a campaign sent for review
   * (or back to it) reaches those who may approve it; an approval or a rejection reaches whoever sent it for
   * review and whoever created it, if they may still see it. Nobody is told of their own move.
   */
  const tellStaffOfMove = async (
    tx: Executor,
    row: CampaignRow,
    to: CampaignStatus,
    actor: Actor | typeof SCHEDULER_ACTOR,
    reason: string | undefined,
  ) => {
    if (!staffNotifier) return;
    const link = `/console/campaigns/${row.id}`;
    const except = [actor.accountId];
    if (to === 'PENDING') {
      await staffNotifier(tx, {
        event: 'CAMPAIGN_SUBMITTED',
        work: { action: 'APPROVE', resource: 'CAMPAIGN' },
        campaign: await reachOf(tx, row),
        link,
        except,
      });
      return;
    }
    if (row.status !== 'PENDING' || (to !== 'PUBLISHED' && to !== 'REJECTED')) return;
    const sentForReview = (await repository.historyOf(tx, row.id)).findLast(
      (entry) => entry.to === 'PENDING',
    );
    const among = [sentForReview?.byId, row.createdBy].filter((id): id is string => Boolean(id));
    if (among.length === 0) return;
    await staffNotifier(tx, {
      event: to === 'PUBLISHED' ? 'CAMPAIGN_APPROVED' : 'CAMPAIGN_REJECTED',
      work: { action: 'READ', resource: 'CAMPAIGN' },
      campaign: await reachOf(tx, row),
      link,
      among,
      except,
      ...(to === 'REJECTED' && reason ? { rejection: { reason: null, note: reason } } : {}),
    });
  };

  /** Whether the caller's scope reaches the campaign; anything else reads as missing (404). */
  const inScope = async (executor: Executor, caller: StaffCaller, row: CampaignRow): Promise<boolean> => {
    switch (caller.scope.kind) {
      case 'all':
        return true;
      case 'team':
        return caller.scope.teamIds.includes(row.teamId);
      case 'territory': {
        const reach = new Set(caller.scope.territoryIds);
        return (await repository.territoryIdsOf(executor, row.id)).some((id) => reach.has(id));
      }
    }
  };

  const lockInScope = async (tx: Executor, caller: StaffCaller, id: string): Promise<CampaignRow> => {
    const row = isUuid(id) ? await repository.lockById(tx, id) : undefined;
    if (!row || !(await inScope(tx, caller, row))) throw errors.notFound();
    return row;
  };

  const detail = async (executor: Executor, id: string): Promise<CampaignDetail> => {
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
      coverAssetId: row.coverAssetId,
      // A file asked for but never sent is not the campaign's: it waits, unlisted, for its upload.
      assets: assets.filter((asset) => asset.uploadedAt !== null).map(toCampaignAsset),
      rejectionReason: row.status === 'REJECTED' ? row.rejectionReason : null,
      history: history.map((entry) => ({
        at: entry.at.toISOString(),
        from: entry.from,
        to: entry.to,
        by: entry.byId && entry.byEmail ? { id: entry.byId, email: entry.byEmail } : null,
        reason: entry.reason,
      })),
      createdAt: row.createdAt.toISOString(),
    };
  };

  /** Read before a write's transaction opens: on the embedded database, one connection serves both. */
  const activeTerritoryIds = async () =>
    new Set((await territoriesService.activeForCreators()).map((territory) => territory.id));

  /**
   * The body's references, checked in the transaction: a live team the caller's grant reaches, live
   * territories, a cover that is an image of this campaign. Field errors are 400s, as the schema's are.
   */
  const checkReferences = async (
    tx: Executor,
    caller: StaffCaller,
    body: CampaignBody,
    campaignId: string | null,
    activeTerritoryIds: ReadonlySet<string>,
  ) => {
    const problems: { field: string; message: string }[] = [];
    const [team] = await teamsService.liveTeams([body.teamId], tx);
    const teamReachable =
      caller.scope.kind === 'all' ||
      (caller.scope.kind === 'team' && caller.scope.teamIds.includes(body.teamId));
    if (!team || !teamReachable) problems.push({ field: 'teamId', message: CAMPAIGN_MESSAGES.teamUnknown });
    const territoryIds = [...new Set(body.territoryIds)];
    if (!territoryIds.every((id) => activeTerritoryIds.has(id))) {
      problems.push({ field: 'territoryIds', message: CAMPAIGN_MESSAGES.territoryUnknown });
    }
    if (body.coverAssetId !== null) {
      const assets = campaignId ? await repository.assetsOf(tx, campaignId) : [];
      const cover = assets.find((asset) => asset.id === body.coverAssetId);
      if (!cover || cover.uploadedAt === null) {
        problems.push({ field: 'coverAssetId', message: CAMPAIGN_MESSAGES.assetUnknown });
      } else if (cover.fileType !== 'image' || !isServableScanStatus(cover.scanStatus)) {
        problems.push({ field: 'coverAssetId', message: CAMPAIGN_MESSAGES.coverNotImage });
      }
    }
    const brief = sanitizeRichText(body.brief).trim();
    if (brief === '') problems.push({ field: 'brief', message: REQUIRED_MESSAGE });
    if (problems.length > 0) throw errors.validation(problems);
    return { territoryIds, brief };
  };

  const fieldsOf = (body: CampaignBody, brief: string) => ({
    teamId: body.teamId,
    name: body.name,
    brandOrArtist: body.brandOrArtist,
    brief,
    platform: body.platform,
    type: body.type,
    currency: body.currency,
    budget: body.budget,
    startsAt: new Date(body.startsAt),
    endsAt: new Date(body.endsAt),
    reward: body.reward,
    requirements: body.requirements,
    coverAssetId: body.coverAssetId,
  });

  const auditedFields = (
    row: Pick<CampaignRow, 'status' | 'name' | 'budget' | 'currency' | 'startsAt' | 'endsAt' | 'reward'>,
  ) => ({
    status: row.status,
    name: row.name,
    budget: row.budget,
    currency: row.currency,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    reward: row.reward,
  });

  /** Moves a locked campaign to `to`, in its history and the audit log. */
  const move = async (
    tx: Executor,
    row: CampaignRow,
    to: CampaignStatus,
    actor: Actor | typeof SCHEDULER_ACTOR,
    options: { action: string; reason?: string },
  ) => {
    const now = clock.now();
    await repository.update(tx, row.id, {
      status: to,
      updatedAt: now,
      ...(to === 'REJECTED' ? { rejectionReason: options.reason ?? null } : {}),
    });
    await repository.recordStatus(tx, {
      id: randomUUID(),
      campaignId: row.id,
      fromStatus: row.status,
      toStatus: to,
      byAccountId: actor.accountId,
      reason: options.reason ?? null,
      at: now,
    });
    await audit.record(tx, {
      actor,
      action: options.action,
      target: { type: 'campaign', id: row.id, label: row.name },
      before: { status: row.status },
      after: { status: to, ...(options.reason ? { reason: options.reason } : {}) },
    });
    await tellStaffOfMove(tx, row, to, actor, options.reason);
    if (to === 'LIVE') await tellCreatorsOfLive(tx, row);
  };

  /**
   * Makes the scheduler's moves of one campaign whose time has come, under its row lock, in one
   * transaction: PUBLISHED to LIVE at its start, LIVE to ENDED at its end (both, when it was approved
   * after its end). The status and times are read again under the lock, by this clock, so a job that is
   * stale (the campaign changed since it was queued), repeated or early moves nothing, and two workers
   * never move one campaign twice. Answers how many moves it made.
   */
  const moveWhenDue = (id: string): Promise<number> =>
    db.transaction(async (tx) => {
      let row = await repository.lockById(tx, id);
      let moves = 0;
      while (row) {
        const now = clock.now().getTime();
        const event =
          row.status === 'PUBLISHED' && row.startsAt.getTime() <= now
            ? 'start'
            : row.status === 'LIVE' && row.endsAt.getTime() <= now
              ? 'end'
              : null;
        const to = event && nextCampaignStatus(row.status, event);
        if (!event || !to) break;
        await move(tx, row, to, SCHEDULER_ACTOR, { action: `campaign.${event}` });
        row = { ...row, status: to };
        moves += 1;
      }
      return moves;
    });

  /** The territories a creator's country belongs to (the territory naming it, and any global one). */
  const territoriesOfCountry = async (country: string | null): Promise<string[]> => {
    if (!country) return [];
    return (await territoriesService.activeForCreators())
      .filter((territory) => territoryCoverage(territory.countryCodeISO2, country) > 0)
      .map((territory) => territory.id);
  };

  const creatorCard = (
    row: CampaignRow,
    assets: readonly CampaignAssetRow[],
    entriesCount: number,
  ): CreatorCampaignCard => {
    const ceiling = maxPayout(row.reward, row.currency, row.startsAt, row.endsAt);
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
      maxPayout: { amount: ceiling?.total ?? 0, currency: row.currency },
      ...coverOf(row, assets),
      campaignEntriesCount: entriesCount,
    };
  };

  /** The creator's campaigns: only once ACTIVE, only of their territories, only those creators may see. */
  /** The campaigns a creator may see (one of them when `id` is given). */
  const creatorCampaigns = async (accountId: string, id?: string) => {
    const creator = await creatorService.campaignEligibility(accountId);
    if (!creator || creator.onboardingStatus !== 'ACTIVE') return [];
    return repository.forCreator(db, {
      territoryIds: await territoriesOfCountry(creator.country),
      statuses: CREATOR_VISIBLE_CAMPAIGN_STATUSES,
      ...(id ? { id } : {}),
    });
  };

  return {
    async list(caller: StaffCaller, query: CampaignListQuery): Promise<Paged<CampaignSummary>> {
      const search = query.search?.trim();
      const { rows, total } = await repository.list(db, {
        teamIds: caller.scope.kind === 'team' ? caller.scope.teamIds : null,
        territoryIds: caller.scope.kind === 'territory' ? caller.scope.territoryIds : null,
        ...(query.status ? { status: query.status } : {}),
        ...(query.teamId ? { teamId: query.teamId } : {}),
        ...(query.platform ? { platform: query.platform } : {}),
        ...(query.from ? { from: new Date(query.from) } : {}),
        ...(query.to ? { to: new Date(query.to) } : {}),
        ...(search ? { search } : {}),
        includeArchived: query.includeArchived === 'true',
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const items = await Promise.all(
        rows.map(async (row) => toSummary(row, coverOf(row, await repository.assetsOf(db, row.id)))),
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    async get(caller: StaffCaller, id: string): Promise<CampaignDetail> {
      const row = isUuid(id) ? await repository.findById(db, id) : undefined;
      if (!row || !(await inScope(db, caller, row))) throw errors.notFound();
      return detail(db, id);
    },

    async create(caller: CampaignsCaller, body: CampaignBody): Promise<CampaignDetail> {
      const active = await activeTerritoryIds();
      return db.transaction(async (tx) => {
        const { territoryIds, brief } = await checkReferences(tx, caller, body, null, active);
        const id = randomUUID();
        const now = clock.now();
        const row = { id, ...fieldsOf(body, brief), coverAssetId: null, status: 'DRAFT' as const };
        await repository.insert(tx, { ...row, createdBy: caller.accountId, createdAt: now, updatedAt: now });
        await repository.replaceTerritories(tx, id, territoryIds);
        await repository.recordStatus(tx, {
          id: randomUUID(),
          campaignId: id,
          fromStatus: null,
          toStatus: 'DRAFT',
          byAccountId: caller.accountId,
          reason: null,
          at: now,
        });
        await audit.record(tx, {
          actor: actorOf(caller),
          action: 'campaign.create',
          target: { type: 'campaign', id, label: body.name },
          before: null,
          after: auditedFields(row),
        });
        return detail(tx, id);
      });
    },

    /**
     * Replaces the campaign's fields. A rejected campaign becomes a draft again; an approved one whose
     * reward, budget or dates change needs CAMPAIGN_EDIT_ACTION and goes back to review (DESIGN §7).
     */
    async update(caller: CampaignsCaller, id: string, body: CampaignBody): Promise<CampaignDetail> {
      const active = await activeTerritoryIds();
      return db.transaction(async (tx) => {
        const row = await lockInScope(tx, caller, id);
        if (row.archivedAt) throw archived();
        const approved = (CAMPAIGN_APPROVED_STATUSES as readonly CampaignStatus[]).includes(row.status);
        if (!approved && row.status !== 'DRAFT' && row.status !== 'REJECTED') {
          throw new AppError(409, ERROR_CODES.conflict, CAMPAIGN_MESSAGES.notEditable);
        }
        const material = approved && isMaterialChange(row, body);
        if (material && !can(caller.role, 'EDIT', 'CAMPAIGN_EDIT_ACTION')) {
          throw new AppError(403, ERROR_CODES.forbidden, CAMPAIGN_MESSAGES.editNeedsGrant);
        }
        const { territoryIds, brief } = await checkReferences(tx, caller, body, row.id, active);
        const fields = fieldsOf(body, brief);
        await repository.update(tx, row.id, { ...fields, updatedAt: clock.now() });
        await repository.replaceTerritories(tx, row.id, territoryIds);
        await audit.record(tx, {
          actor: actorOf(caller),
          action: 'campaign.edit',
          target: { type: 'campaign', id: row.id, label: body.name },
          before: auditedFields(row),
          after: auditedFields({ ...row, ...fields }),
        });
        const edited = { ...row, ...fields };
        if (row.status === 'REJECTED') {
          await move(tx, edited, 'DRAFT', actorOf(caller), { action: 'campaign.edit' });
        } else if (material) {
          await move(tx, edited, 'PENDING', actorOf(caller), { action: 'campaign.resubmit' });
        }
        return detail(tx, row.id);
      });
    },

    /** Submit, approve, reject, unpublish or republish, as the state machine allows (409 otherwise). */
    async act(
      caller: CampaignsCaller,
      id: string,
      action: CampaignAction,
      reason?: string,
    ): Promise<CampaignDetail> {
      const [result, published] = await db.transaction(async (tx) => {
        const row = await lockInScope(tx, caller, id);
        if (row.archivedAt) throw archived();
        const to = nextCampaignStatus(row.status, action);
        if (!to) throw notAllowed(row.status);
        if (action === 'submit' && row.startsAt.getTime() <= clock.now().getTime()) {
          throw errors.validation([{ field: 'startsAt', message: CAMPAIGN_MESSAGES.startPassed }]);
        }
        await move(tx, row, to, actorOf(caller), {
          action: `campaign.${action}`,
          ...(reason ? { reason } : {}),
        });
        const plan: PlannedCampaign | null =
          to === 'PUBLISHED' ? { id: row.id, startsAt: row.startsAt, endsAt: row.endsAt } : null;
        return [await detail(tx, row.id), plan] as const;
      });
      // Approved or republished: its start and end are queued at their times. (Its dates cannot change
      // while it stays approved: a change of dates sends it back to PENDING, and its next approval queues
      // the new times; jobs for the old ones find nothing to move.)
      if (published) await scheduler?.planned(published);
      return result;
    },

    /** A new draft with the campaign's fields, territories and files, in the same team. */
    async copy(caller: CampaignsCaller, id: string): Promise<CampaignDetail> {
      return db.transaction(async (tx) => {
        const row = await lockInScope(tx, caller, id);
        const copyId = randomUUID();
        const now = clock.now();
        const name = `Copy of ${row.name}`.slice(0, 120);
        const assets = await repository.assetsOf(tx, row.id);
        const assetIds = new Map(assets.map((asset) => [asset.id, randomUUID()]));
        await repository.insert(tx, {
          ...row,
          id: copyId,
          name,
          status: 'DRAFT',
          rejectionReason: null,
          coverAssetId: row.coverAssetId ? (assetIds.get(row.coverAssetId) ?? null) : null,
          createdBy: caller.accountId,
          createdAt: now,
          updatedAt: now,
          archivedAt: null,
        });
        await repository.replaceTerritories(tx, copyId, await repository.territoryIdsOf(tx, row.id));
        // The copy points at the same stored bytes: files are never changed in place, only removed.
        await repository.copyAssets(
          tx,
          assets.map((asset) => ({
            ...asset,
            id: assetIds.get(asset.id) ?? randomUUID(),
            campaignId: copyId,
          })),
        );
        await repository.recordStatus(tx, {
          id: randomUUID(),
          campaignId: copyId,
          fromStatus: null,
          toStatus: 'DRAFT',
          byAccountId: caller.accountId,
          reason: null,
          at: now,
        });
        await audit.record(tx, {
          actor: actorOf(caller),
          action: 'campaign.copy',
          target: { type: 'campaign', id: copyId, label: name },
          before: { copiedFrom: row.id },
          after: auditedFields({ ...row, name, status: 'DRAFT' }),
        });
        return detail(tx, copyId);
      });
    },

    async archive(caller: CampaignsCaller, id: string): Promise<CampaignDetail> {
      return db.transaction(async (tx) => {
        const row = await lockInScope(tx, caller, id);
        if (row.archivedAt) throw archived();
        if (row.status === 'LIVE' || row.status === 'PUBLISHED') throw notAllowed(row.status);
        await repository.update(tx, row.id, { archivedAt: clock.now(), updatedAt: clock.now() });
        await audit.record(tx, {
          actor: actorOf(caller),
          action: 'campaign.archive',
          target: { type: 'campaign', id: row.id, label: row.name },
          before: { archived: false },
          after: { archived: true },
        });
        return detail(tx, row.id);
      });
    },

    /**
     * Records a file the marketer is about to upload and signs a URL to PUT it to (SPEC §5: at most 250
     * MB, of an asset kind of SPEC §3). The file is not the campaign's until its upload is completed.
     */
    async requestAssetUpload(
      caller: CampaignsCaller,
      id: string,
      body: CampaignAssetUploadBody,
    ): Promise<CampaignAssetUploadResponse> {
      const fileType = campaignAssetTypeOf({ name: body.fileName, type: body.contentType });
      if (!fileType) {
        throw errors.validation([{ field: 'fileName', message: FILE_UPLOAD_MESSAGES.typeNotAllowed }]);
      }
      // A browser that knows no type for the file sends none; the upload is then signed for its kind's own.
      const contentType = body.contentType.trim() || CAMPAIGN_ASSET_ACCEPT[fileType].mimeTypes[0];
      return db.transaction(async (tx) => {
        const row = await lockInScope(tx, caller, id);
        if (row.archivedAt) throw archived();
        if (row.status === 'ENDED') throw notAllowed(row.status);
        const assetId = randomUUID();
        const stagingKey = stagingKeyOf(assetId);
        let signed: { url: string; expiresAt: Date };
        try {
          signed = await storage.signedUrl({
            method: 'PUT',
            key: stagingKey,
            expiresInSeconds: ASSET_UPLOAD_URL_SECONDS,
            contentTypes: [contentType],
            maxBytes: UPLOAD_MAX_BYTES,
            contentLength: body.size,
          });
        } catch (error) {
          if (error instanceof FileTooLargeError) {
            throw errors.validation([{ field: 'size', message: FILE_UPLOAD_MESSAGES.tooLarge }]);
          }
          throw error;
        }
        const asset = {
          id: assetId,
          campaignId: row.id,
          fileType,
          fileName: body.fileName,
          contentType,
          size: body.size,
          storageKey: assetKeyOf(row.id, assetId, body.fileName),
          thumbnailKey: null,
          scanStatus: 'PROCESSING' as const,
          scanned: false,
          scanDetail: null,
          uploadedAt: null,
          createdAt: clock.now(),
        };
        await repository.insertAsset(tx, asset);
        return {
          asset: toCampaignAsset(asset),
          url: signed.url,
          key: stagingKey,
          expiresAt: signed.expiresAt.toISOString(),
        };
      });
    },

    /**
     * Takes an uploaded file in: it is scanned, its content must be what its name says (422 otherwise,
     * and it is removed), and an image gets a thumbnail. A threat or a failed scan removes it; the answer
     * says which.
     */
    async completeAssetUpload(caller: CampaignsCaller, id: string, assetId: string): Promise<CampaignAsset> {
      const pending = await db.transaction(async (tx) => {
        const row = await lockInScope(tx, caller, id);
        const asset = isUuid(assetId) ? await repository.lockAsset(tx, row.id, assetId) : undefined;
        if (!asset) throw errors.notFound();
        if (asset.uploadedAt !== null) return { asset, fresh: false };
        const staged = stagingKeyOf(asset.id);
        const moved = await storage.move(staged, asset.storageKey);
        if (!moved) throw new AppError(409, ERROR_CODES.conflict, CAMPAIGN_ASSET_MESSAGES.notUploaded);
        const uploaded = {
          ...asset,
          size: moved.size,
          scanStatus: 'SCANNING' as const,
          uploadedAt: clock.now(),
        };
        await repository.updateAsset(tx, asset.id, {
          size: uploaded.size,
          scanStatus: uploaded.scanStatus,
          uploadedAt: uploaded.uploadedAt,
        });
        return { asset: uploaded, fresh: true };
      });
      if (!pending.fresh) return toCampaignAsset(pending.asset);

      // Scanned outside the transaction: a large file takes seconds, and no row should wait on it.
      const processed = await processStoredAsset(
        { storage, scanner },
        { key: pending.asset.storageKey, fileType: pending.asset.fileType },
      );
      const { contentMismatch, ...outcome } = processed;
      if (contentMismatch) {
        await repository.deleteAsset(db, pending.asset.id);
        throw new AppError(422, ERROR_CODES.invalidFields, CAMPAIGN_ASSET_MESSAGES.contentMismatch, [
          { field: 'file', message: CAMPAIGN_ASSET_MESSAGES.contentMismatch },
        ]);
      }
      const done = { ...pending.asset, ...outcome };
      await db.transaction(async (tx) => {
        await repository.updateAsset(tx, done.id, outcome);
        await audit.record(tx, {
          actor: actorOf(caller),
          action: 'campaign.asset.upload',
          target: { type: 'campaign', id: done.campaignId, label: done.fileName },
          before: null,
          after: {
            asset: done.id,
            fileName: done.fileName,
            scanStatus: done.scanStatus,
            scanned: done.scanned,
          },
        });
      });
      return toCampaignAsset(done);
    },

    /** Removes a file from the campaign (and the cover, if it was); its bytes go once no copy uses them. */
    async removeAsset(caller: CampaignsCaller, id: string, assetId: string): Promise<void> {
      const removedKeys = await db.transaction(async (tx) => {
        const row = await lockInScope(tx, caller, id);
        if (row.archivedAt) throw archived();
        const asset = isUuid(assetId) ? await repository.lockAsset(tx, row.id, assetId) : undefined;
        if (!asset) throw errors.notFound();
        await repository.deleteAsset(tx, asset.id);
        if (row.coverAssetId === asset.id) {
          await repository.update(tx, row.id, { coverAssetId: null, updatedAt: clock.now() });
        }
        await audit.record(tx, {
          actor: actorOf(caller),
          action: 'campaign.asset.remove',
          target: { type: 'campaign', id: row.id, label: asset.fileName },
          before: { asset: asset.id, fileName: asset.fileName },
          after: null,
        });
        const keys = [asset.storageKey, asset.thumbnailKey, stagingKeyOf(asset.id)].filter(
          (key): key is string => key !== null,
        );
        const unused = [];
        for (const key of keys) if ((await repository.assetsUsingKey(tx, key)) === 0) unused.push(key);
        return unused;
      });
      await Promise.all(removedKeys.map((key) => storage.delete(key)));
    },

    /**
     * GET /server-api/asset/status/{encodedPath}: a file's scan status (SPEC §4), for whoever may see
     * its campaign: staff in their scope, a creator when the campaign is theirs to see. Else 404.
     */
    async assetStatus(user: RequestUser, path: string): Promise<string> {
      const found = await repository.assetByKey(db, path);
      if (!found) throw errors.notFound();
      const { asset, campaign } = found;
      if (user.role === 'Creator') {
        const visible = await creatorCampaigns(user.accountId);
        if (!visible.some((candidate) => candidate.id === campaign.id)) throw errors.notFound();
        return asset.scanStatus;
      }
      const scope = grantScope(user.role, 'READ', 'CAMPAIGN');
      let reach = scope === 'all';
      if (scope === 'team') {
        reach = (await teamsService.teamIdsOf(user.accountId)).includes(campaign.teamId);
      } else if (scope === 'territory') {
        const managed = new Set(await territoriesService.managedTerritoryIds(user.accountId));
        reach = (await repository.territoryIdsOf(db, campaign.id)).some((territoryId) =>
          managed.has(territoryId),
        );
      }
      if (!reach) throw errors.notFound();
      return asset.scanStatus;
    },

    /** Where creators' campaign cards read how many entries each campaign has (the entries module). */
    useEntryCounts(next: (campaignId: string) => Promise<number>): void {
      entryCounts = next;
    },

    /** Where staff are told of campaigns' moves from now on (the notifications module, built after this one). */
    useStaffNotifier(next: StaffNotifier): void {
      staffNotifier = next;
    },

    /** Where creators are told of campaigns for their artists going live from now on. */
    useCreatorNotifier(next: CreatorNotifier): void {
      creatorNotifier = next;
    },

    /**
     * The campaigns among `ids` as far as deciding who may see them goes (their team and territories),
     * for the notifications' digests.
     */
    async reachOf(ids: readonly string[]): Promise<CampaignReach[]> {
      const reaches: CampaignReach[] = [];
      for (const id of new Set(ids)) {
        const row = await repository.findById(db, id);
        if (row) reaches.push(await reachOf(db, row));
      }
      return reaches;
    },

    /** Where published campaigns' starts and ends are queued from now on (the process's job queue). */
    useScheduler(next: CampaignScheduler): void {
      scheduler = next;
    },

    /**
     * The catch-up and sweep: moves every campaign whose time has come, PUBLISHED to LIVE at its start and
     * LIVE to ENDED at its end, each under its row lock in its own transaction, so two workers never
     * move one campaign twice. Answers how many campaigns moved.
     */
    async runSchedule(): Promise<number> {
      let moved = 0;
      for (const due of await repository.dueForSchedule(db, clock.now())) {
        if ((await moveWhenDue(due.id)) > 0) moved += 1;
      }
      return moved;
    },

    /**
     * A scheduled job at one campaign's start or end: makes its moves if their time has come by this
     * clock, and nothing otherwise (a stale, repeated or early job). Answers how many moves it made.
     */
    async runScheduleFor(id: string): Promise<number> {
      return isUuid(id) ? moveWhenDue(id) : 0;
    },

    /** GET /server-api/campaigns (SPEC §7): live and published first; `onlyEnded` keeps the ended ones. */
    async creatorList(user: RequestUser, options: { onlyEnded: boolean }): Promise<CreatorCampaignCard[]> {
      const rows = (await creatorCampaigns(user.accountId)).filter((row) =>
        options.onlyEnded ? row.status === 'ENDED' : row.status !== 'ENDED',
      );
      const cards: CreatorCampaignCard[] = [];
      for (const row of rows) {
        cards.push(creatorCard(row, await repository.assetsOf(db, row.id), await entryCounts(row.id)));
      }
      return cards;
    },

    /**
     * What taking part needs to know of a campaign the creator may see (ACTIVE, of its territories, in a
     * status creators see), or null: to them there is no such campaign.
     */
    async creatorCampaignFacts(accountId: string, id: string): Promise<CampaignFacts | null> {
      if (!isUuid(id)) return null;
      const [row] = await creatorCampaigns(accountId, id);
      return row ? factsOf(row) : null;
    },

    /** The same for staff: a campaign within the caller's scope, or 404. */
    async staffCampaignFacts(caller: StaffCaller, id: string): Promise<CampaignFacts> {
      const row = isUuid(id) ? await repository.findById(db, id) : undefined;
      if (!row || !(await inScope(db, caller, row))) throw errors.notFound();
      return factsOf(row);
    },

    /** The names of campaigns, by id, for lists that show which campaign each row is about. */
    campaignNames: (ids: string[]) => repository.namesOf(db, ids),

    /** What a campaign pays and within which budget, as it is now. */
    async rewardTerms(id: string): Promise<RewardTerms | null> {
      const row = isUuid(id) ? await repository.findById(db, id) : undefined;
      return row
        ? { id: row.id, name: row.name, currency: row.currency, budget: row.budget, reward: row.reward }
        : null;
    },

    /**
     * Campaigns that give prizes by rank and may have a board closed by `closedBy`, with what they pay and
     * when they run: the prize settlement's work list.
     */
    async prizeCampaignsBegunBy(
      closedBy: Date,
    ): Promise<(RewardTerms & Pick<CampaignRow, 'startsAt' | 'endsAt' | 'status'>)[]> {
      return (await repository.prizeCampaignsBegunBy(db, closedBy)).map((row) => ({
        id: row.id,
        name: row.name,
        currency: row.currency,
        budget: row.budget,
        reward: row.reward,
        status: row.status,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
      }));
    },

    /**
     * What a campaign pays and within which budget, its row locked until `tx` ends: rewards are won one at
     * a time per campaign, so two approvals never both take the last slot.
     */
    async lockRewardTerms(tx: Executor, id: string): Promise<RewardTerms | null> {
      const row = await repository.lockById(tx, id);
      return row
        ? { id: row.id, name: row.name, currency: row.currency, budget: row.budget, reward: row.reward }
        : null;
    },

    /**
     * The countries whose creators may see the campaign: those its live territories cover. For a caller
     * who has already been given the campaign (`staffCampaignFacts`).
     */
    async creatorCoverage(campaignId: string): Promise<CountryCoverage> {
      const ids = new Set(await repository.territoryIdsOf(db, campaignId));
      const territories = await territoriesService.activeForCreators();
      return countryCoverage(
        territories
          .filter((territory) => ids.has(territory.id))
          .map((territory) => territory.countryCodeISO2),
      );
    },

    /** GET /server-api/campaigns/{id}: a campaign the creator may see, or 404. */
    async creatorGet(user: RequestUser, id: string): Promise<CreatorCampaignDetail> {
      if (!isUuid(id)) throw errors.notFound();
      const [row] = await creatorCampaigns(user.accountId, id);
      if (!row) throw errors.notFound();
      const assets = await repository.assetsOf(db, row.id);
      return {
        ...creatorCard(row, assets, await entryCounts(row.id)),
        brief: row.brief,
        currency: row.currency,
        reward: row.reward,
        requirements: row.requirements,
        assets: assets.filter((asset) => isServableScanStatus(asset.scanStatus)).map(toCampaignAsset),
      };
    },

    /**
     * A campaign's facts whoever asks, or null: for a caller already given the campaign another way, such as
     * a signed report link made by staff who could see it.
     */
    async campaignFactsById(id: string): Promise<CampaignFacts | null> {
      const row = isUuid(id) ? await repository.findById(db, id) : undefined;
      return row ? factsOf(row) : null;
    },
  };
}
