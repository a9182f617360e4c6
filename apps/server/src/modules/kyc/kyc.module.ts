import { defineModule } from '../module';
import { kycRoutes } from './kyc.routes';
import { createKycService, type KycService } from './kyc.service';

declare module '../module' {
  interface ModuleServices {
    kyc: KycService;
  }
}

/** Creators' identity checks (Onfido, or documents Support reviews) and Support's queue of them. */
export const kycModule = defineModule({
  name: 'kyc',
  needs: ['audit', 'creator', 'email', 'notifications'],
  build(platform, { audit, creator, email, notifications }) {
    const kyc = createKycService({
      db: platform.db,
      clock: platform.clock,
      logger: platform.logger,
      storage: platform.storage,
      audit,
      creatorService: creator,
      notificationsService: notifications,
      external: platform.externalKyc,
      webhookToken: platform.config.providers.onfido?.webhookToken,
      publicUrl: platform.config.publicUrl,
      emailService: email,
    });
    return { service: kyc, routes: kycRoutes(kyc) };
  },
});
