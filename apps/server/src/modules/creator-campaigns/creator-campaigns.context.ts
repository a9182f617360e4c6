import type { CampaignsService } from '../campaigns/campaigns.service';
import type { EntriesService } from '../entries/entries.service';
import type { PaymentsService } from '../payments/payments.service';

/**
 * The creator's campaign cards read campaigns, count entries and take what rewards reserved from the
 * budget left; entries and payments sit above campaigns, so the cards are read here, above them all,
 * rather than campaigns asking the modules that depend on it.
 */
export type CreatorCampaignsContext = {
  campaignsService: Pick<CampaignsService, 'creatorList' | 'creatorGet'>;
  entriesService: Pick<EntriesService, 'countOf'>;
  /** What a campaign's rewards have reserved of its budget: the ledger's sum. */
  paymentsService: Pick<PaymentsService, 'committedOf'>;
};
