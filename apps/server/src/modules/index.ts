import { auditModule } from './audit/audit.module';
import { authModule } from './auth/auth.module';
import { campaignsModule } from './campaigns/campaigns.module';
import { creatorCampaignsModule } from './creator-campaigns/creator-campaigns.module';
import { creatorModule } from './creator/creator.module';
import { creatorsConsoleModule } from './creators-console/creators-console.module';
import { kycModule } from './kyc/kyc.module';
import { emailModule } from './email/email.module';
import { entriesModule } from './entries/entries.module';
import { filesModule } from './files/files.module';
import { handleVerificationModule } from './handle-verification/handle-verification.module';
import { healthModule } from './health/health.module';
import { legalModule } from './legal/legal.module';
import { lookupsModule } from './lookups/lookups.module';
import { metricsModule } from './metrics/metrics.module';
import type { ModuleDeclaration } from './module';
import { notificationsModule } from './notifications/notifications.module';
import { originalityModule } from './originality/originality.module';
import { paymentsModule } from './payments/payments.module';
import { reportSharesModule } from './report-shares/report-shares.module';
import { rewardsModule } from './rewards/rewards.module';
import { reportsModule } from './reports/reports.module';
import { rsvpsModule } from './rsvps/rsvps.module';
import { setupModule } from './setup/setup.module';
import { staffModule } from './staff/staff.module';
import { teamsModule } from './teams/teams.module';
import { territoriesModule } from './territories/territories.module';
import { viewValidationModule } from './view-validation/view-validation.module';

/**
 * Every feature module of the server. The order here does not matter: the app is composed from each
 * module's declared needs (modules/registry.ts), and a module's routes register after those it needs.
 */
export const MODULES: readonly ModuleDeclaration[] = [
  healthModule,
  emailModule,
  auditModule,
  teamsModule,
  territoriesModule,
  legalModule,
  authModule,
  staffModule,
  lookupsModule,
  filesModule,
  setupModule,
  creatorModule,
  kycModule,
  handleVerificationModule,
  notificationsModule,
  campaignsModule,
  rsvpsModule,
  paymentsModule,
  entriesModule,
  metricsModule,
  rewardsModule,
  reportsModule,
  reportSharesModule,
  creatorsConsoleModule,
  creatorCampaignsModule,
  originalityModule,
  viewValidationModule,
];
