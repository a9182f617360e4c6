import { defineModule } from '../module';
import { sealingKey } from './payout-details.crypto';
import { createPayoutDetailsService } from './payout-details.service';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService, type PaymentsService } from './payments.service';

declare module '../module' {
  interface ModuleServices {
    payments: PaymentsService;
  }
}

/**
 * Rewards won by entries, the payments they become, the ledger that accounts for both, and where creators
 * are paid when the platform pays by hand.
 */
export const paymentsModule = defineModule({
  name: 'payments',
  needs: ['audit', 'campaigns', 'notifications', 'creator'],
  build({ db, clock, config, payouts, payoutDetailsKey }, { audit, campaigns, notifications, creator }) {
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
      prizesSettleAfterMs: config.prizesSettleAfterMs,
    });
    return { service, routes: paymentsRoutes(service, payoutDetails) };
  },
});
