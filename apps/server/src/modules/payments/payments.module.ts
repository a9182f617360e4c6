import { defineModule } from '../module';
import { sealingKey } from '../../sealing';
import { createPayoutDetailsService } from './payout-details.service';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService, type PaymentsService } from './payments.service';

declare module '../module' {
  interface ModuleServices {
    payments: PaymentsService;
  }
}

/**
 * The payments rewards become, their invoices, the ledger that accounts for both, payouts, and where
 * creators are paid when the platform pays by hand.
 */
export const paymentsModule = defineModule({
  name: 'payments',
  needs: ['audit', 'campaigns', 'notifications', 'creator', 'entries', 'view-validation', 'metrics'],
  build(
    { db, clock, config, payouts, payoutDetailsKey },
    { audit, campaigns, notifications, creator, entries, 'view-validation': viewValidation, metrics },
  ) {
    const payoutDetails = createPayoutDetailsService({
      db,
      clock,
      audit,
      key: sealingKey(payoutDetailsKey),
      payouts,
      campaignsService: campaigns,
      creatorService: creator,
    });
    const service = createPaymentsService({
      db,
      clock,
      audit,
      campaignsService: campaigns,
      notifications,
      creatorService: creator,
      invoiceIssuer: config.invoiceIssuer,
      payouts,
      payoutDetails,
      entriesService: entries,
      viewValidation,
      metrics,
    });
    // What was paid on an entry whose views a check found not to be real is taken back in the decision's
    // transaction; money not yet paid is withdrawn.
    viewValidation.onDecided((tx, decided) => service.onHoldDecided(tx, decided));
    return { service, routes: paymentsRoutes(service, payoutDetails) };
  },
});
