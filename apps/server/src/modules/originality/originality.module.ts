import { defineModule } from '../module';
import { originalityRoutes } from './originality.routes';
import { createOriginalityService, type OriginalityService } from './originality.service';

declare module '../module' {
  interface ModuleServices {
    originality: OriginalityService;
  }
}

/**
 * Whether an uploaded entry is the creator's own video (ADR 036), and the review screen's checks of each
 * entry. Above entries, whose approvals it holds through their review hook, and handle verification.
 */
export const originalityModule = defineModule({
  name: 'originality',
  needs: ['audit', 'campaigns', 'entries', 'handle-verification'],
  build(platform, { audit, campaigns, entries, 'handle-verification': handleVerification }) {
    const service = createOriginalityService({
      db: platform.db,
      clock: platform.clock,
      logger: platform.logger,
      audit,
      storage: platform.storage,
      campaignsService: campaigns,
      handleVerification,
      videoTools: platform.config.videoTools,
    });
    entries.onReviewed((tx, reviewed) => service.holdUnclearedApproval(tx, reviewed));
    return { service, routes: originalityRoutes(service) };
  },
});
