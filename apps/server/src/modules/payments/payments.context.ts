import type { PayoutsProvider } from '../../adapters/payouts/payouts-provider';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';
import type { EntriesService } from '../entries/entries.service';
import type { MetricsService } from '../metrics/metrics.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { ViewValidationService } from '../view-validation/view-validation.service';
import { paymentsRepository } from './payments.repository';
import type { PayoutDetailsService } from './payout-details.service';

/** The platform's operator, who issues the self-billed invoices (INVOICE_ISSUER_*). */
export type InvoiceIssuer = {
  name: string;
  addressLines: string[];
  vatNumber: string | undefined;
  abn: string | undefined;
  prefix: string;
};

export type PaymentsDependencies = {
  db: Database;
  clock: Clock;
  audit: AuditService;
  campaignsService: Pick<CampaignsService, 'staffCampaignFacts' | 'campaignNames' | 'campaignFactsById'>;
  notifications: Pick<NotificationsService, 'notify'>;
  creatorService: Pick<CreatorService, 'invoiceSupplier' | 'payoutWallet' | 'withCreators'>;
  payouts: PayoutsProvider;
  /** Where creators are paid by hand, masked for the queue and for the payment recorded paid. */
  payoutDetails: Pick<PayoutDetailsService, 'maskedOf' | 'destinationOf'>;
  invoiceIssuer: InvoiceIssuer;
  /** The posts of the entries that earned payments, for the queue to name. */
  entriesService: Pick<EntriesService, 'measuredOfCampaign'>;
  /** Which entries' earnings are held while their views are checked: their money waits (ADR 037). */
  viewValidation: Pick<ViewValidationService, 'heldAmong'>;
  /** Paid posts watched through their retention, and which of them the platforms no longer show. */
  metrics: Pick<MetricsService, 'watchPaidPosts' | 'postsGoneAmong'>;
};

/** What every payments use case is given: what the module was built with, and its repository. */
export type PaymentsContext = PaymentsDependencies & { repository: typeof paymentsRepository };

export const paymentsContext = (dependencies: PaymentsDependencies): PaymentsContext => ({
  ...dependencies,
  repository: paymentsRepository,
});
