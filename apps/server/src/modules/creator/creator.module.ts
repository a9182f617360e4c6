import { defineModule } from '../module';
import { creatorRoutes } from './creator.routes';
import { createCreatorService, type CreatorService } from './creator.service';

declare module '../module' {
  interface ModuleServices {
    creator: CreatorService;
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
