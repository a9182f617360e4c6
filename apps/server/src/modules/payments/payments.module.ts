import type { PlatformModule } from '../module';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService, type PaymentsDependencies, type PaymentsService } from './payments.service';

/** Rewards won by entries, the payments they become, and the ledger that accounts for both. */
export function paymentsModule(dependencies: PaymentsDependencies): PlatformModule<PaymentsService> {
  const service = createPaymentsService(dependencies);
  return { name: 'payments', service, routes: paymentsRoutes(service) };
}
