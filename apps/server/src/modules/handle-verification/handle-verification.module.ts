import type { CreatorPlatform } from '@platform/shared';
import type { SocialAccountsSettings } from '../../adapters/social-accounts/social-accounts-for';
import { derivedSealingKey } from '../../sealing';
import { defineModule } from '../module';
import { handleVerificationRoutes } from './handle-verification.routes';
import {
  createHandleVerificationService,
  type HandleVerificationService,
} from './handle-verification.service';

declare module '../module' {
  interface ModuleServices {
    'handle-verification': HandleVerificationService;
  }
}

/** The platforms whose public bios the configured credentials can read. */
function readableBios(settings: SocialAccountsSettings | undefined): Set<CreatorPlatform> {
  const platforms = new Set<CreatorPlatform>();
  if (settings?.youtube?.apiKey) platforms.add('Youtube');
  if (settings?.tiktok?.research) platforms.add('TikTok');
  if (settings?.instagram?.discovery) platforms.add('Instagram');
  return platforms;
}

/** Creators proving their social handles are theirs (ADR 036), and Support's review of their evidence. */
export const handleVerificationModule = defineModule({
  name: 'handle-verification',
  needs: ['audit', 'creator', 'notifications'],
  build(platform, { audit, creator, notifications }) {
    const service = createHandleVerificationService({
      db: platform.db,
      clock: platform.clock,
      logger: platform.logger,
      audit,
      storage: platform.storage,
      rateLimiter: platform.rateLimiter,
      creatorService: creator,
      notificationsService: notifications,
      socialAccounts: platform.socialAccounts,
      readableBios: readableBios(platform.config.socialAccounts),
      tokenKey: derivedSealingKey(platform.payoutDetailsKey, 'connected account tokens'),
      oauthRedirectUri: `${platform.config.publicUrl}/account/connected`,
    });
    return { service, routes: handleVerificationRoutes(service) };
  },
});
