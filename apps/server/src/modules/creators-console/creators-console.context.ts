import type { Entry, HandleVerificationList, Payment, Rsvp } from '@platform/shared';
import type { PushMessage } from '../../adapters/push/push-sender';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { CreatorService } from '../creator/creator.service';
import type { EmailService } from '../email/email.service';
import type { LookupsService } from '../lookups/lookups.service';
import type { TerritoriesService } from '../territories/territories.service';

/**
 * What the console's view of a creator reads from the modules below it: their RSVPs, entries and
 * payments, the names of their campaigns, and a push sent at once to their devices.
 */
export type CreatorsConsoleSources = {
  rsvpsService: { ofCreatorForStaff(creatorId: string): Promise<Rsvp[]> };
  entriesService: {
    ofCreatorForStaff(creatorId: string, campaignIds: readonly string[]): Promise<Entry[]>;
  };
  campaignsService: { campaignNames(ids: string[]): Promise<Map<string, string>> };
  paymentsService: { ofCreatorForStaff(creatorId: string): Promise<Payment[]> };
  handleVerificationService: { ofCreator(creatorId: string): Promise<HandleVerificationList> };
  notificationsService: {
    pushNow(accountId: string, message: PushMessage): Promise<{ sent: number; note: string }>;
  };
};

export type CreatorsConsoleDependencies = CreatorsConsoleSources & {
  db: Database;
  clock: Clock;
  audit: AuditService;
  authService: Pick<AuthService, 'revokeAllSessions' | 'sendVerificationFor'>;
  /** Writes the creator's own rows: Support's corrections, reminders and checks of a tax number by hand. */
  creatorService: Pick<CreatorService, 'correctDetails' | 'markReminded' | 'recordTaxCheckByHand'>;
  emailService: EmailService;
  territoriesService: Pick<TerritoriesService, 'activeForCreators'>;
  lookupsService: Pick<LookupsService, 'liveNames'>;
  publicUrl: string;
};

/** What every use case of the console's creators is given: the module's dependencies, as built. */
export type CreatorsConsoleContext = CreatorsConsoleDependencies;
