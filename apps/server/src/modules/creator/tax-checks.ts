import {
  abnStatusMessage,
  TAX_MESSAGES,
  type TaxRegistrationType,
  type TaxValidationStatus,
} from '@platform/shared';
import type { CreatorContext } from './creator.context';

/** The columns of Support's check by hand, empty: a register's check or a new number clears them. */
export const NO_CHECK_BY_HAND = { checkReference: null, checkedOn: null, checkedBy: null } as const;

/** The message the creator reads for a tax check's outcome (SPEC §5, §8), or null when there is nothing to say. */
export function taxMessage(type: TaxRegistrationType, status: TaxValidationStatus): string | null {
  if (type === 'ABN') return abnStatusMessage(status);
  return status === 'invalid' ? TAX_MESSAGES.vatInvalid : null;
}

/** Checks a registered tax number with its authority; the stored outcome stands while the number does. */
export async function checkTax({ taxChecker }: CreatorContext, type: TaxRegistrationType, number: string) {
  if (type === 'VAT') {
    const check = await taxChecker.checkVat(number);
    return { ...check, businessName: check.businessName ?? null };
  }
  const check = await taxChecker.checkAbn(number);
  return { ...check, businessName: check.entityName ?? null };
}
