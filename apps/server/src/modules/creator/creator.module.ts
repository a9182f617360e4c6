import type { FastifyInstance } from 'fastify';
import type { ExternalKycProvider } from '../../adapters/kyc/kyc-provider';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { AuditService } from '../audit/audit.service';
import type { EmailService } from '../email/email.service';
import type { PlatformModule } from '../module';
import type { TerritoriesService } from '../territories/territories.service';
import { creatorRoutes } from './creator.routes';
import { createCreatorService, type CreatorService } from './creator.service';
import { creatorsConsoleRoutes } from './creators-console.routes';
import { createCreatorsConsoleService, type CreatorsConsoleService } from './creators-console.service';
import { kycRoutes } from './kyc.routes';
import { createKycService, type KycService } from './kyc.service';

/**
 * The creator's own account (SPEC §7 `/server-api/creator/*`): onboarding from DATA_CAPTURE to ACTIVE,
 * profile, tax registration, agency, identity check, artists, payout wallet, tracking, devices and terms,
 * and Support's review of identity checks.
 */
export function creatorModule(
  dependencies: Parameters<typeof createCreatorService>[0] & {
    storage: FileStorage;
    audit: AuditService;
    externalKyc: ExternalKycProvider | null;
    kycWebhookToken: string | undefined;
    publicUrl: string;
    emailService: EmailService;
    territoriesService: TerritoriesService;
  },
): PlatformModule<{ creator: CreatorService; kyc: KycService; creatorsConsole: CreatorsConsoleService }> {
  const creator = createCreatorService(dependencies);
  const kyc = createKycService({
    db: dependencies.db,
    clock: dependencies.clock,
    logger: dependencies.logger,
    storage: dependencies.storage,
    audit: dependencies.audit,
    creatorService: creator,
    external: dependencies.externalKyc,
    webhookToken: dependencies.kycWebhookToken,
    publicUrl: dependencies.publicUrl,
    emailService: dependencies.emailService,
  });
  const creatorsConsole = createCreatorsConsoleService({
    db: dependencies.db,
    clock: dependencies.clock,
    audit: dependencies.audit,
    authService: dependencies.authService,
    emailService: dependencies.emailService,
    territoriesService: dependencies.territoriesService,
    lookupsService: dependencies.lookupsService,
    publicUrl: dependencies.publicUrl,
  });
  creator.useKycSummary((creatorId) => kyc.summary(creatorId));
  dependencies.authService.onCreatorSignUp((executor, signUp) => creator.onSignUp(executor, signUp));
  const { lookupsService } = dependencies;
  lookupsService.registerUsage(
    'genre',
    async (ids) => new Set(await creator.lookupIdsInUse('genreIds', ids)),
  );
  lookupsService.registerUsage(
    'artist',
    async (ids) => new Set(await creator.lookupIdsInUse('artistIds', ids)),
  );
  lookupsService.registerUsage(
    'audience-cluster',
    async (ids) => new Set(await creatorsConsole.audienceClustersInUse(ids)),
  );
  lookupsService.registerUsage(
    'agency',
    async (ids) => new Set(await creator.lookupIdsInUse('agencyId', ids)),
  );

  return {
    name: 'creator',
    service: { creator, kyc, creatorsConsole },
    async routes(app: FastifyInstance) {
      await app.register(creatorRoutes({ authService: dependencies.authService, creatorService: creator }));
      await app.register(kycRoutes(kyc));
      await app.register(creatorsConsoleRoutes(creatorsConsole));
    },
  };
}
