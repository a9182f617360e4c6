import { defineModule } from '../module';
import { creatorRoutes } from './creator.routes';
import { createCreatorService, type CreatorService } from './creator.service';
import { creatorsConsoleRoutes } from './creators-console.routes';
import { createCreatorsConsoleService, type CreatorsConsoleService } from './creators-console.service';
import { kycRoutes } from './kyc.routes';
import { createKycService, type KycService } from './kyc.service';

declare module '../module' {
  interface ModuleServices {
    creator: CreatorService;
    kyc: KycService;
    'creators-console': CreatorsConsoleService;
  }
}

/**
 * The creator's own account (SPEC §7 `/server-api/creator/*`): onboarding from DATA_CAPTURE to ACTIVE,
 * profile, tax registration, agency, artists, payout wallet, tracking, devices and terms.
 */
export const creatorModule = defineModule({
  name: 'creator',
  needs: ['auth', 'legal', 'lookups'],
  build(platform, { auth, legal, lookups }) {
    const creator = createCreatorService({
      db: platform.db,
      clock: platform.clock,
      logger: platform.logger,
      authService: auth,
      legalService: legal,
      lookupsService: lookups,
      taxChecker: platform.taxChecker,
      payouts: platform.payouts,
      push: platform.push,
    });
    auth.onCreatorSignUp((executor, signUp) => creator.onSignUp(executor, signUp));
    lookups.registerUsage('genre', async (ids) => new Set(await creator.lookupIdsInUse('genreIds', ids)));
    lookups.registerUsage('artist', async (ids) => new Set(await creator.lookupIdsInUse('artistIds', ids)));
    lookups.registerUsage('agency', async (ids) => new Set(await creator.lookupIdsInUse('agencyId', ids)));
    return { service: creator, routes: creatorRoutes({ authService: auth, creatorService: creator }) };
  },
});

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
      external: platform.externalKyc,
      webhookToken: platform.config.providers.onfido?.webhookToken,
      publicUrl: platform.config.publicUrl,
      emailService: email,
    });
    creator.useKycSummary((creatorId) => kyc.summary(creatorId));
    kyc.useStaffNotifier(notifications.notifyStaff);
    return { service: kyc, routes: kycRoutes(kyc) };
  },
});

/** The console's view of creators: search, their details, what they take part in and are paid. */
export const creatorsConsoleModule = defineModule({
  name: 'creators-console',
  needs: [
    'audit',
    'auth',
    'email',
    'territories',
    'lookups',
    'payments',
    'rsvps',
    'entries',
    'campaigns',
    'notifications',
  ],
  build(platform, services) {
    const creatorsConsole = createCreatorsConsoleService({
      db: platform.db,
      clock: platform.clock,
      audit: services.audit,
      authService: services.auth,
      emailService: services.email,
      territoriesService: services.territories,
      lookupsService: services.lookups,
      publicUrl: platform.config.publicUrl,
    });
    creatorsConsole.usePayments(services.payments.ofCreatorForStaff);
    creatorsConsole.useParticipation({
      rsvpsOf: services.rsvps.ofCreatorForStaff,
      entriesOf: services.entries.ofCreatorForStaff,
      campaignNames: services.campaigns.campaignNames,
    });
    creatorsConsole.usePush(services.notifications.pushNow);
    services.lookups.registerUsage(
      'audience-cluster',
      async (ids) => new Set(await creatorsConsole.audienceClustersInUse(ids)),
    );
    return { service: creatorsConsole, routes: creatorsConsoleRoutes(creatorsConsole) };
  },
});
