import { randomUUID } from 'node:crypto';
import {
  isUuid,
  nextRsvpStatus,
  NO_RSVP,
  OPEN_INVITATION_STATUSES,
  RSVP_MESSAGES,
  RSVP_STATUSES,
  type CampaignInviteBody,
  type CampaignRsvp,
  type CampaignRsvpListQuery,
  type CreatorInvitation,
  type EligibleCreator,
  type EligibleCreatorListQuery,
  type FieldError,
  type Paged,
  type Rsvp,
  type RsvpAnswerBody,
  type RsvpBody,
  type RsvpEvent,
  type StaffRsvpMove,
} from '@platform/shared';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../errors';
import type { Actor, RequestUser, StaffCaller } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import type { CampaignFacts, CampaignsService } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';
import { rsvpsRepository as repository, type RsvpRow } from './rsvps.repository';

const toRsvp = (row: RsvpRow): Rsvp => ({
  id: row.id,
  campaignId: row.campaignId,
  creatorId: row.creatorId,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Campaigns that still take people in: published or live. An ended one takes no one new. */
const isRunning = (campaign: CampaignFacts) =>
  !campaign.archived && (campaign.status === 'PUBLISHED' || campaign.status === 'LIVE');

export type RsvpsDependencies = {
  db: Database;
  clock: Clock;
  audit: AuditService;
  campaignsService: Pick<CampaignsService, 'creatorCampaignFacts' | 'staffCampaignFacts' | 'creatorCoverage'>;
  creatorService: Pick<CreatorService, 'handleOn' | 'withCreators' | 'searchEligible'>;
};

/**
 * Who takes part in which campaign (DESIGN §7): creators join CHALLENGE campaigns by themselves and
 * answer invitations to BESPOKE ones; staff invite, ask again, withdraw and unselect. Every move follows
 * the RSVP machine of packages/shared under the RSVP's row lock, and is audited.
 */
export function createRsvpsService({
  db,
  clock,
  audit,
  campaignsService,
  creatorService,
}: RsvpsDependencies) {
  /**
   * Applies `event` to a locked RSVP (or to none yet), as `actor`; 409 when the machine says no. Answers
   * the RSVP and whether this call created it.
   */
  const apply = async (
    tx: Executor,
    campaign: CampaignFacts,
    creatorId: string,
    current: RsvpRow | undefined,
    event: RsvpEvent,
    actor: Actor,
  ): Promise<{ row: RsvpRow; created: boolean }> => {
    const to = nextRsvpStatus(campaign.type, current?.status ?? NO_RSVP, event);
    if (!to) throw errors.conflict(RSVP_MESSAGES.notAllowed);
    const now = clock.now();
    const invitedBy = event === 'invite' || event === 'reinvite' ? { invitedBy: actor.accountId } : {};
    let row: RsvpRow;
    if (current) {
      row = await repository.update(tx, current.id, { status: to, updatedAt: now, ...invitedBy });
    } else {
      const inserted = await repository.insertNew(tx, {
        id: randomUUID(),
        campaignId: campaign.id,
        creatorId,
        status: to,
        invitedBy: null,
        createdAt: now,
        updatedAt: now,
        ...invitedBy,
      });
      // Another request made the creator's RSVP first: if it made what this one would, that is the
      // answer (the same join or invitation twice at once); otherwise judge this one against it.
      if (!inserted) {
        const made = await repository.lock(tx, campaign.id, creatorId);
        if (made?.status === to) return { row: made, created: false };
        return apply(tx, campaign, creatorId, made, event, actor);
      }
      row = inserted;
    }
    await audit.record(tx, {
      actor,
      action: `rsvp.${event}`,
      target: { type: 'rsvp', id: row.id, label: campaign.name },
      before: { status: current?.status ?? null, creatorId },
      after: { status: to, creatorId },
    });
    return { row, created: current === undefined };
  };

  /** A campaign the creator may see, or 404: the same answer as for one that does not exist. */
  const visibleCampaign = async (user: RequestUser, campaignId: string): Promise<CampaignFacts> => {
    const campaign = await campaignsService.creatorCampaignFacts(user.accountId, campaignId);
    if (!campaign) throw errors.notFound();
    return campaign;
  };

  const requireHandle = async (user: RequestUser, campaign: CampaignFacts) => {
    if (!(await creatorService.handleOn(user.accountId, campaign.platform))) {
      throw errors.conflict(RSVP_MESSAGES.handleNeeded(campaign.platform));
    }
  };

  /** The RSVP `id` of the campaign `campaignId`, locked; 404 when it is of another campaign. */
  const lockOfCampaign = async (tx: Executor, campaignId: string, id: string): Promise<RsvpRow> => {
    const row = isUuid(id) ? await repository.lockById(tx, id) : undefined;
    if (!row || row.campaignId !== campaignId) throw errors.notFound();
    return row;
  };

  return {
    /** POST /server-api/campaigns/rsvp: the creator joins a CHALLENGE campaign (again: the same answer). */
    async join(user: RequestUser, body: RsvpBody): Promise<{ rsvp: Rsvp; created: boolean }> {
      if (body.creatorId !== user.accountId) throw errors.notFound();
      const campaign = await visibleCampaign(user, body.campaignId);
      if (campaign.type === 'BESPOKE') throw errors.conflict(RSVP_MESSAGES.inviteOnly);
      if (!isRunning(campaign)) throw errors.conflict(RSVP_MESSAGES.notRunning);
      await requireHandle(user, campaign);
      return db.transaction(async (tx) => {
        const current = await repository.lock(tx, campaign.id, user.accountId);
        if (current?.status === 'ACCEPT') return { rsvp: toRsvp(current), created: false };
        const { row, created } = await apply(tx, campaign, user.accountId, current, 'join', user);
        return { rsvp: toRsvp(row), created };
      });
    },

    /** PATCH /server-api/campaigns/rsvp/{id}: the creator accepts or declines an invitation. */
    async answer(user: RequestUser, id: string, body: RsvpAnswerBody): Promise<Rsvp> {
      const found = isUuid(id) ? await repository.findById(db, id) : undefined;
      if (!found || found.creatorId !== user.accountId) throw errors.notFound();
      const campaign = await visibleCampaign(user, found.campaignId);
      if (!isRunning(campaign)) throw errors.conflict(RSVP_MESSAGES.notRunning);
      if (body.status === 'ACCEPT') await requireHandle(user, campaign);
      return db.transaction(async (tx) => {
        const current = await repository.lockById(tx, id);
        const event = body.status === 'ACCEPT' ? 'accept' : 'decline';
        return toRsvp((await apply(tx, campaign, user.accountId, current, event, user)).row);
      });
    },

    /** Whether the creator takes part in the campaign (their RSVP is ACCEPT): only then may they enter it. */
    async isTakingPart(creatorId: string, campaignId: string): Promise<boolean> {
      return (await repository.find(db, campaignId, creatorId))?.status === 'ACCEPT';
    },

    /** POST /server-api/campaigns/rsvp/search: the creator's RSVP to a campaign they may see, if any. */
    async search(user: RequestUser, body: RsvpBody): Promise<{ data: Rsvp[] }> {
      if (body.creatorId !== user.accountId) throw errors.notFound();
      const campaign = await visibleCampaign(user, body.campaignId);
      const row = await repository.find(db, campaign.id, user.accountId);
      return { data: row ? [toRsvp(row)] : [] };
    },

    /** The invitations the creator can still answer, of campaigns they may see that still run. */
    async invitations(user: RequestUser): Promise<{ data: CreatorInvitation[] }> {
      const open = await repository.ofCreatorIn(db, user.accountId, OPEN_INVITATION_STATUSES);
      const data: CreatorInvitation[] = [];
      for (const row of open) {
        const campaign = await campaignsService.creatorCampaignFacts(user.accountId, row.campaignId);
        if (!campaign || !isRunning(campaign)) continue;
        data.push({
          rsvp: toRsvp(row),
          campaign: {
            id: campaign.id,
            name: campaign.name,
            brandOrArtist: campaign.brandOrArtist,
            endsAt: campaign.endsAt.toISOString(),
          },
        });
      }
      return { data };
    },

    /** The console's page of a campaign's creators: who joined, who is invited and how they answered. */
    async list(
      caller: StaffCaller,
      campaignId: string,
      query: CampaignRsvpListQuery,
    ): Promise<Paged<CampaignRsvp>> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      const { rows, total } = await repository.list(db, {
        campaignId: campaign.id,
        ...(query.status ? { status: query.status } : {}),
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        items: await creatorService.withCreators(rows.map(toRsvp), campaign.platform),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** A page of the creators the campaign may invite, with where each stands in it already. */
    async eligible(
      caller: StaffCaller,
      campaignId: string,
      query: EligibleCreatorListQuery,
    ): Promise<Paged<EligibleCreator>> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      const search = query.search?.trim();
      const { rows, total } = await creatorService.searchEligible({
        coverage: await campaignsService.creatorCoverage(campaign.id),
        platform: campaign.platform,
        ...(search ? { search } : {}),
        ...(query.genreId ? { genreId: query.genreId } : {}),
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const statuses = await repository.statusesOf(
        db,
        campaign.id,
        rows.map((row) => row.id),
      );
      return {
        items: rows.map((row) => ({ ...row, rsvpStatus: statuses.get(row.id) ?? null })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * Invites creators to a BESPOKE campaign that is published or live. Each must be able to see it
     * (ACTIVE, of its territories), or nothing is written. Creators invited already, taking part or who
     * declined are left as they are (a declined invitation is asked again with `reinvite`).
     */
    async invite(
      caller: StaffCaller,
      campaignId: string,
      body: CampaignInviteBody,
    ): Promise<{ invited: Rsvp[] }> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      if (campaign.type === 'CHALLENGE') throw errors.conflict(RSVP_MESSAGES.openToAll);
      if (!isRunning(campaign)) throw errors.conflict(RSVP_MESSAGES.notPublished);
      const problems: FieldError[] = [];
      for (const [index, creatorId] of body.creatorIds.entries()) {
        if (!(await campaignsService.creatorCampaignFacts(creatorId, campaign.id))) {
          problems.push({ field: `creatorIds.${index}`, message: RSVP_MESSAGES.creatorNotEligible });
        }
      }
      if (problems.length > 0) throw errors.validation(problems);
      // One order for every request, so that two invitations naming the same creators never deadlock.
      const creatorIds = [...new Set(body.creatorIds)].sort();
      return db.transaction(async (tx) => {
        const invited: Rsvp[] = [];
        for (const creatorId of creatorIds) {
          const current = await repository.lock(tx, campaign.id, creatorId);
          if (nextRsvpStatus(campaign.type, current?.status ?? NO_RSVP, 'invite') === null) continue;
          invited.push(toRsvp((await apply(tx, campaign, creatorId, current, 'invite', caller)).row));
        }
        return { invited };
      });
    },

    /** Re-invite a creator who declined, withdraw an open invitation, or unselect a creator who accepted. */
    async move(caller: StaffCaller, campaignId: string, rsvpId: string, move: StaffRsvpMove): Promise<Rsvp> {
      const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
      if (move === 'reinvite' && !isRunning(campaign)) throw errors.conflict(RSVP_MESSAGES.notRunning);
      return db.transaction(async (tx) => {
        const current = await lockOfCampaign(tx, campaign.id, rsvpId);
        return toRsvp((await apply(tx, campaign, current.creatorId, current, move, caller)).row);
      });
    },

    /** Every RSVP of the creator's, oldest first, for the console's creator page (whose route checks the scope). */
    ofCreatorForStaff: async (creatorId: string): Promise<Rsvp[]> =>
      (await repository.ofCreatorIn(db, creatorId, RSVP_STATUSES)).map(toRsvp),
  };
}

export type RsvpsService = ReturnType<typeof createRsvpsService>;
