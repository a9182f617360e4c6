import { systemClock, type Clock } from '../../clock';
import { createAbrAbnClient } from './abr-abn-client';
import { createHmrcVatClient } from './hmrc-vat-client';
import { createOfflineTaxChecker } from './offline-tax-checker';
import type {
  AbnChecker,
  AbrSettings,
  HmrcSettings,
  TaxCheckLogger,
  TaxChecker,
  VatChecker,
} from './tax-checks';

export type {
  AbnCheck,
  AbnChecker,
  AbrSettings,
  HmrcSettings,
  TaxCheckLogger,
  TaxChecker,
  TaxCheckSource,
  VatCheck,
  VatChecker,
} from './tax-checks';

export type TaxCheckerOptions = {
  hmrc?: HmrcSettings;
  abr?: AbrSettings;
  /** The most a whole check may take, token request and retry included. */
  timeoutMs?: number;
  clock?: Clock;
  logger?: TaxCheckLogger;
};

export const DEFAULT_TAX_CHECK_TIMEOUT_MS = 5000;

const silentLogger: TaxCheckLogger = { warn: () => undefined };

/** Each half asks its provider when it is configured, and falls back to the offline rules when not. */
export function createTaxChecker(options: TaxCheckerOptions = {}): TaxChecker {
  const shared = {
    timeoutMs: options.timeoutMs ?? DEFAULT_TAX_CHECK_TIMEOUT_MS,
    clock: options.clock ?? systemClock,
    logger: options.logger ?? silentLogger,
  };
  const offline = createOfflineTaxChecker(shared.clock);
  const vat: VatChecker = options.hmrc ? createHmrcVatClient({ ...options.hmrc, ...shared }) : offline;
  const abn: AbnChecker = options.abr ? createAbrAbnClient({ ...options.abr, ...shared }) : offline;
  return {
    checkVat: (number) => vat.checkVat(number),
    checkAbn: (number) => abn.checkAbn(number),
    numberChecks: { VAT: options.hmrc ? 'REGISTER' : 'SUPPORT', ABN: options.abr ? 'REGISTER' : 'SUPPORT' },
  };
}
