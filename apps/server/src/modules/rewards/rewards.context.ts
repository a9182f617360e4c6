import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { MetricsService } from '../metrics/metrics.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PaymentsService } from '../payments/payments.service';
import type { ViewValidationService } from '../view-validation/view-validation.service';
import { rewardsRepository } from './rewards.repository';

/** What the prize settlement needs of the leaderboards. */
export type ClosedBoards = Pick<MetricsService, 'closedBoard'>;

/** What pay per view needs of the figures: the entries' validated views (ADR 037, 038). */
export type ValidatedFigures = Pick<MetricsService, 'validatedFiguresOf'>;

export type RewardsDependencies = {
  db: Database;
  clock: Clock;
  audit: AuditService;
  campaignsService: Pick<
    CampaignsService,
    | 'lockRewardTerms'
    | 'staffCampaignFacts'
    | 'rewardTerms'
    | 'prizeCampaignsBegunBy'
    | 'fundingOf'
    | 'pauseForSpentBudget'
  >;
  /** The ledger: a reward won becomes a payment, and the money it commits is the ledger's sums. */
  paymentsService: Pick<
    PaymentsService,
    | 'awardReward'
    | 'releaseEntryRewards'
    | 'slotsTaken'
    | 'committedOf'
    | 'paymentTotalsOf'
    | 'viewsRewardsOf'
    | 'campaignCommittedByDay'
  >;
  /** The closed leaderboards whose places win prizes, and the validated figures pay per view pays on. */
  metricsService: ClosedBoards & ValidatedFigures;
  /** Tells a campaign's managers of the shares of its budget reserved (ADR 031, 038). */
  staffNotifier: NotificationsService['notifyStaff'];
  /** Entries whose earnings are held: a board with one of them waits for its decision. */
  holds: Pick<ViewValidationService, 'heldAmong'>;
  /**
   * How long after a board closes its prizes are given (PRIZES_SETTLE_AFTER_MINUTES): time for figures
   * read before the close to arrive by import or webhook.
   */
  prizesSettleAfterMs: number;
};

/** What every rewards use case is given: what the module was built with, and its repository. */
export type RewardsContext = RewardsDependencies & { repository: typeof rewardsRepository };

export const rewardsContext = (dependencies: RewardsDependencies): RewardsContext => ({
  ...dependencies,
  repository: rewardsRepository,
});
