import type { FundingProvider } from '../../adapters/funding/funding-provider';
import type { FileScanner } from '../../adapters/scanner/file-scanner';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { CreatorService } from '../creator/creator.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { TeamsService } from '../teams/teams.service';
import type { TerritoriesService } from '../territories/territories.service';

/**
 * What a higher module checks in the transaction that resumes a paused campaign, before it moves; throwing
 * refuses the resume (rewards: a pay-per-view campaign with nothing left to reserve, ADR 038).
 */
export type CampaignResumingListener = (tx: Executor, campaignId: string) => Promise<void>;

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

/** What the campaigns module is built with. */
export type CampaignsDependencies = {
  db: Database;
  clock: Clock;
  audit: AuditService;
  teamsService: TeamsService;
  territoriesService: TerritoriesService;
  creatorService: CreatorService;
  storage: FileStorage;
  scanner: FileScanner;
  /** Top-ups of budgets through the payments provider; null where none is configured (ADR 038). */
  funding: FundingProvider | null;
  /** Where staff are told of campaigns to review and of their review's outcome. */
  staffNotifier: StaffNotifier;
  /** Where creators are told of a campaign for their artist going live. */
  creatorNotifier: CreatorNotifier;
};

/**
 * What every campaign use case runs with: the module's dependencies, and where published campaigns'
 * moves are queued. The job queue starts after the app is built, so the process gives the scheduler
 * later (`useScheduler`); until then only the sweeps move campaigns.
 */
export type CampaignsContext = CampaignsDependencies & {
  scheduler: CampaignScheduler | undefined;
  resumingListeners: CampaignResumingListener[];
};
