import type { PlatformModule } from '../module';
import { sealingKey } from './payout-details.crypto';
import { createPayoutDetailsService } from './payout-details.service';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService, type PaymentsDependencies, type PaymentsService } from './payments.service';

export type PaymentsModuleDependencies = Omit<PaymentsDependencies, 'payoutDetails'> & {
  /** The AES-256 key that seals creators' payout details (PAYOUT_DETAILS_KEY, or the generated one). */
  payoutDetailsKey: Buffer;
};

/**
 * Rewards won by entries, the payments they become, the ledger that accounts for both, and where creators
 * are paid when the platform pays by hand.
 */
export function paymentsModule(dependencies: PaymentsModuleDependencies): PlatformModule<PaymentsService> {
  const payoutDetails = createPayoutDetailsService({
    db: dependencies.db,
    clock: dependencies.clock,
    audit: dependencies.audit,
    key: sealingKey(dependencies.payoutDetailsKey),
    payouts: dependencies.payouts,
    campaignsService: dependencies.campaignsService,
    creatorService: dependencies.creatorService,
  });
  const service = createPaymentsService({ ...dependencies, payoutDetails });
  return { name: 'payments', service, routes: paymentsRoutes(service, payoutDetails) };
}
