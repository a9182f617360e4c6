import { defineModule } from '../module';
import { metricsRoutes } from './metrics.routes';
import { createMetricsService, type MetricsService } from './metrics.service';

declare module '../module' {
  interface ModuleServices {
    metrics: MetricsService;
  }
}

/** Entries' figures from every source, and the leaderboards ranked by them. */
export const metricsModule = defineModule({
  name: 'metrics',
  needs: ['audit', 'campaigns', 'entries', 'creator', 'notifications'],
  build(
    { db, clock, logger, config, metricsSources },
    { audit, campaigns, entries, creator, notifications },
  ) {
    const service = createMetricsService({
      db,
      clock,
      logger,
      audit,
      campaignsService: campaigns,
      entriesService: entries,
      creatorService: creator,
      sources: metricsSources,
      staffNotifier: notifications.notifyStaff,
      webhookSecret: config.metricsWebhookSecret,
      boardCacheMs: config.boardCacheMs,
    });
    return { service, routes: metricsRoutes(service) };
  },
});
