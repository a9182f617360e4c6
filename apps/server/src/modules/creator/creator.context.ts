import type { FastifyBaseLogger } from 'fastify';
import type { PayoutsProvider } from '../../adapters/payouts/payouts-provider';
import type { PushSender } from '../../adapters/push/push-sender';
import type { TaxChecker } from '../../adapters/tax/tax-checker';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuthService } from '../auth/auth.service';
import type { LegalService } from '../legal/legal.service';
import type { LookupsService } from '../lookups/lookups.service';

/** What every use case of the creator's account is given: the module's dependencies, as built. */
export type CreatorContext = {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  authService: AuthService;
  legalService: LegalService;
  lookupsService: LookupsService;
  taxChecker: TaxChecker;
  payouts: PayoutsProvider;
  push: PushSender;
};
