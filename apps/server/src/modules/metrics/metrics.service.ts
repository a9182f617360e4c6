import { bindUseCases } from '../use-cases';
import { metricsContext, type MetricsDependencies } from './metrics.context';
import type { AssessedListener } from './metrics.context';
import { assessDue } from './use-cases/assess-due';
import { assessmentsOf } from './use-cases/assessments-of';
import { closedBoard } from './use-cases/closed-board';
import { entryFigures } from './use-cases/entry-figures';
import { excludeViews } from './use-cases/exclude-views';
import { validatedFiguresOf } from './use-cases/validated-figures-of';
import { postsGoneAmong, readingsSpanOf, watchPaidPosts } from './use-cases/watch-paid-posts';
import { correctReading } from './use-cases/correct-reading';
import { importCsv } from './use-cases/import-csv';
import { creatorLeaderboard } from './use-cases/creator-leaderboard';
import { staffLeaderboard } from './use-cases/staff-leaderboard';
import { receiveWebhook } from './use-cases/receive-webhook';
import { refreshDue } from './use-cases/refresh-due';

export type { AssessedListener, EntryAssessment, MetricsDependencies } from './metrics.context';
export type { EntryFigure } from './use-cases/entry-figures';
export type { ValidatedFigure } from './use-cases/validated-figures-of';
export type { ViewExclusion } from './use-cases/exclude-views';
export { publicName } from './leaderboard';
export type { ClosedBoardPlace } from './use-cases/closed-board';
export { FIGURES_FAILED_AFTER_ATTEMPTS, REFRESH_BATCH, type RefreshSummary } from './use-cases/refresh-due';
export { ASSESSMENT_BATCH, type AssessmentSummary } from './use-cases/assess-due';

/**
 * Entries' figures and the leaderboards (DESIGN §8, ADR 024). Figures come from the platforms' APIs (a
 * recurring refresh of every approved entry of a live campaign), from staff imports, from a partner's
 * signed webhook, and from staff corrections; each is a reading of its own, never changed. A leaderboard
 * ranks a campaign's approved entries by the views of their latest reading read by its close.
 */
export function createMetricsService(dependencies: MetricsDependencies) {
  const context = metricsContext(dependencies);
  return {
    ...bindUseCases(context, {
      refreshDue,
      importCsv,
      receiveWebhook,
      correct: correctReading,
      creatorLeaderboard,
      staffLeaderboard,
      closedBoard,
      assessDue,
      assessmentsOf,
      figuresOf: entryFigures,
      validatedFiguresOf,
      excludeViews,
      watchPaidPosts,
      postsGoneAmong,
      readingsSpanOf,
    }),
    /** Plugs in what a higher module does with each new risk score, in the transaction keeping it. */
    onAssessed(listener: AssessedListener): void {
      context.assessedListeners.push(listener);
    },
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
