import type { FastifyBaseLogger } from 'fastify';
import type { HoldOutcome } from '@platform/shared';
import type { FileScanner } from '../../adapters/scanner/file-scanner';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { EntriesService } from '../entries/entries.service';
import type { MetricsService } from '../metrics/metrics.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { viewValidationRepository } from './view-validation.repository';

export type { HoldOutcome } from '@platform/shared';
export type { EntryAssessment, EntryFigure } from '../metrics/metrics.service';

/** A hold decided by staff, announced in the decision's transaction. */
export type HoldDecided = {
  holdId: string;
  entryId: string;
  outcome: HoldOutcome;
  /** The views taken off the entry's figure (EXCLUDED only). */
  excludedViews: number | null;
  /** Why, in the words staff gave: the rejection's reason code, the exclusion's reason, or the note. */
  reason: string | null;
};

/** What a higher module does in a decision's transaction (payments: clawback of what was paid). */
export type HoldDecidedListener = (tx: Executor, decided: HoldDecided) => Promise<void>;

/** What holds need of the metrics module, which owns the readings, the scores and the boards. */
export type ViewValidationMetrics = Pick<
  MetricsService,
  'onAssessed' | 'figuresOf' | 'excludeViews' | 'staffLeaderboard' | 'readingsSpanOf'
>;

export type ViewValidationDependencies = {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  audit: AuditService;
  storage: FileStorage;
  scanner: FileScanner;
  metrics: ViewValidationMetrics;
  entries: Pick<EntriesService, 'reviewIn' | 'mine'>;
  campaigns: Pick<CampaignsService, 'staffCampaignFacts' | 'reachOf'>;
  notifications: Pick<NotificationsService, 'notify' | 'notifyStaff'>;
};

export type ViewValidationContext = ViewValidationDependencies & {
  repository: typeof viewValidationRepository;
  /** What higher modules do in each decision's transaction. */
  decidedListeners: HoldDecidedListener[];
};

export function viewValidationContext(dependencies: ViewValidationDependencies): ViewValidationContext {
  return { ...dependencies, repository: viewValidationRepository, decidedListeners: [] };
}
