import { defineModule } from '../module';
import { viewValidationRoutes } from './view-validation.routes';
import { createViewValidationService, type ViewValidationService } from './view-validation.service';

declare module '../module' {
  interface ModuleServices {
    'view-validation': ViewValidationService;
  }
}

/** Holds on entries whose views look bought, the creator's appeal and staff's decision (ADR 037). */
export const viewValidationModule = defineModule({
  name: 'view-validation',
  needs: ['audit', 'metrics', 'entries', 'campaigns', 'notifications'],
  build(platform, { audit, metrics, entries, campaigns, notifications }) {
    const service = createViewValidationService({
      db: platform.db,
      clock: platform.clock,
      logger: platform.logger,
      audit,
      storage: platform.storage,
      scanner: platform.scanner,
      metrics,
      entries,
      campaigns,
      notifications,
    });
    metrics.onAssessed((tx, assessment) => service.holdRiskyEntry(tx, assessment));
    return { service, routes: viewValidationRoutes(service) };
  },
});
