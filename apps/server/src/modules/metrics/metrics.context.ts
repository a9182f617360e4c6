import type { FastifyBaseLogger } from 'fastify';
import type { MetricsSource } from '../../adapters/metrics/metrics-source';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { StoredRiskSignal } from '../../db/schema/index';
import type { AuditService } from '../audit/audit.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';
import type { EntriesService } from '../entries/entries.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { createBoardCache, type BoardCache } from './board-cache';
import { metricsRepository } from './metrics.repository';

export type MetricsDependencies = {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  audit: AuditService;
  campaignsService: Pick<
    CampaignsService,
    'creatorCampaignFacts' | 'staffCampaignFacts' | 'reachOf' | 'campaignFactsById'
  >;
  entriesService: Pick<
    EntriesService,
    'approvedPostsOfLiveCampaigns' | 'measuredEntry' | 'measuredOfCampaign' | 'measuredOfPosts'
  >;
  creatorService: Pick<CreatorService, 'withCreators'>;
  /** Each post's figures from its platform's API, or offline (ADR 021). */
  sources: MetricsSource;
  /** Tells those who may edit a campaign that its posts' figures could not be read (ADR 031). */
  staffNotifier?: NotificationsService['notifyStaff'];
  /** METRICS_WEBHOOK_SECRET: without it the webhook takes nothing. */
  webhookSecret: string | undefined;
  /**
   * LEADERBOARD_CACHE_SECONDS, in milliseconds: how long a board's first places answer every viewer of
   * this process before they are read again (ADR 039); 0, the default, reads them on every request.
   */
  boardCacheMs: number;
};

/** What every metrics use case is given: what the module was built with, its repository and its caches. */
export type MetricsContext = MetricsDependencies & {
  repository: typeof metricsRepository;
  boards: BoardCache;
  /** Whether the log has said once that the webhook is off, so that it says it only once. */
  webhookOff: { told: boolean };
  /** What higher modules do with each new risk score, in the transaction that keeps it (ADR 037). */
  assessedListeners: AssessedListener[];
};

/** An entry's new risk score, as its listeners hear of it. */
export type EntryAssessment = {
  entryId: string;
  campaignId: string;
  creatorId: string;
  score: number;
  signals: StoredRiskSignal[];
  assessedAt: Date;
};

export type AssessedListener = (tx: Executor, assessment: EntryAssessment) => Promise<void>;

export function metricsContext(dependencies: MetricsDependencies): MetricsContext {
  return {
    ...dependencies,
    repository: metricsRepository,
    boards: createBoardCache(dependencies),
    webhookOff: { told: false },
    assessedListeners: [],
  };
}
