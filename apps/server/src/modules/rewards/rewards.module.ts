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
 * closes, pay per view reserved as figures are validated, never beyond what the budget's funding holds,
 * with the budget's managers told as it is reserved. It hears of reviews through the entries module's
 * hook, reads closed boards and validated figures from metrics (and waits while an entry is held, ADR
 * 037), and books what is won through the payments module's ledger.
 */
export const rewardsModule = defineModule({
  name: 'rewards',
  needs: ['audit', 'campaigns', 'entries', 'metrics', 'notifications', 'payments', 'view-validation'],
  build(
    { db, clock, config },
    { audit, campaigns, entries, metrics, notifications, payments, 'view-validation': holds },
  ) {
    const service = createRewardsService({
      db,
      clock,
      audit,
      campaignsService: campaigns,
      paymentsService: payments,
      metricsService: metrics,
      holds,
      staffNotifier: notifications.notifyStaff,
      prizesSettleAfterMs: config.prizesSettleAfterMs,
    });
    entries.onReviewed((tx, reviewed) => service.entryReviewed(tx, reviewed));
    campaigns.onResuming((tx, campaignId) => service.assertResumable(tx, campaignId));
    return { service, routes: rewardsRoutes(service) };
  },
});
