import { abnValidationStatus, vatValidationStatus } from '@platform/shared';
import type { Clock } from '../../clock';
import {
  ABN_FORMAT_RIGHT,
  locallyDecidedAbn,
  locallyDecidedVat,
  precheckAbn,
  precheckVat,
  UK_VAT_FORMAT_RIGHT,
} from './local-tax-rules';
import type { AbnCheck, AbnChecker, VatCheck, VatChecker } from './tax-checks';

/**
 * The checker when no provider is configured: the local rules can prove a number wrong, never right, so a
 * number that passes them is 'not verified' and the note says which register went unasked.
 */
export function createOfflineTaxChecker(clock: Clock): VatChecker & AbnChecker {
  return {
    async checkVat(number: string): Promise<VatCheck> {
      const precheck = precheckVat(number);
      if (precheck.decided) return locallyDecidedVat(precheck, clock.now());
      return {
        status: vatValidationStatus(null),
        source: 'offline',
        note: `No VAT checking service is configured: ${UK_VAT_FORMAT_RIGHT}, but HMRC was not asked whether it is registered.`,
        checkedAt: clock.now(),
      };
    },

    async checkAbn(number: string): Promise<AbnCheck> {
      const precheck = precheckAbn(number);
      if (precheck.decided) return locallyDecidedAbn(precheck, clock.now());
      return {
        status: abnValidationStatus(null),
        lookupStatus: null,
        source: 'offline',
        note: `No ABN lookup service is configured: ${ABN_FORMAT_RIGHT}, but the Australian Business Register was not asked whether it is active.`,
        checkedAt: clock.now(),
      };
    },
  };
}
