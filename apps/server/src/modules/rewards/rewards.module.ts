import { defineModule } from '../module';
import { rewardsRoutes } from './rewards.routes';
import { createRewardsService, type RewardsService } from './rewards.service';

declare module '../module' {
  interface ModuleServices {
    rewards: RewardsService;
  }
}

/**
 * What entries win: slots taken on approval and given back on archive, prizes given when a leaderboard
 * closes. It hears of reviews through the entries module's hook, reads closed boards from metrics (and
 * waits while one of their entries is held, ADR 037), and books what is won through the payments
 * module's ledger.
 */
export const rewardsModule = defineModule({
  name: 'rewards',
  needs: ['audit', 'campaigns', 'entries', 'metrics', 'payments', 'view-validation'],
  build({ db, clock, config }, { audit, campaigns, entries, metrics, payments, 'view-validation': holds }) {
    const service = createRewardsService({
      db,
      clock,
      audit,
      campaignsService: campaigns,
      paymentsService: payments,
      metricsService: metrics,
      holds,
      prizesSettleAfterMs: config.prizesSettleAfterMs,
    });
    entries.onReviewed((tx, reviewed) => service.entryReviewed(tx, reviewed));
    return { service, routes: rewardsRoutes(service) };
  },
});
