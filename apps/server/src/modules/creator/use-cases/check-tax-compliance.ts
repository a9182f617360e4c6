import {
  CREATOR_MESSAGES,
  TAX_CHECKED_BY_SUPPORT,
  TAX_COMPLIANCE_BY_VALIDATION,
  type TaxComplianceResponse,
  type TaxRegistrationType,
} from '@platform/shared';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import type { CreatorContext } from '../creator.context';
import { creatorRepository as repository } from '../creator.repository';
import { invalidFields, own } from '../onboarding';
import { checkTax, NO_CHECK_BY_HAND, taxMessage } from '../tax-checks';

/**
 * GET /server-api/creator/validate-{vat|abn}-compliance/{id}: checks the stored number with its
 * authority again and keeps the outcome (SPEC §4).
 */
export async function checkTaxCompliance(
  context: CreatorContext,
  user: RequestUser,
  id: string,
  type: TaxRegistrationType,
): Promise<TaxComplianceResponse> {
  const { db, clock } = context;
  const row = await own(context, user, id);
  const stored = await repository.taxRegistrationOf(db, row.accountId);
  if (!stored?.isRegistered || stored.type !== type || !stored.number) {
    throw invalidFields([{ field: 'taxRegistration.number', message: CREATOR_MESSAGES.taxNotSaved(type) }]);
  }
  const check = await checkTax(context, type, stored.number);
  // A register that could not answer says nothing against Support's check by hand, which stands.
  if (stored.checkSource === TAX_CHECKED_BY_SUPPORT && check.status === 'not verified') {
    return {
      status: TAX_COMPLIANCE_BY_VALIDATION[stored.validationStatus],
      validationStatus: stored.validationStatus,
      message: taxMessage(type, stored.validationStatus),
      note: stored.checkNote ?? check.note,
      businessName: stored.businessName,
      checkedAt: (stored.checkedAt ?? check.checkedAt).toISOString(),
    };
  }
  const recorded = await repository.recordTaxCheck(db, stored, {
    validationStatus: check.status,
    checkedAt: check.checkedAt,
    checkSource: check.source,
    checkNote: check.note,
    businessName: check.businessName,
    ...NO_CHECK_BY_HAND,
    updatedAt: clock.now(),
  });
  if (!recorded) throw errors.conflict(CREATOR_MESSAGES.taxNumberChanged);
  return {
    status: TAX_COMPLIANCE_BY_VALIDATION[check.status],
    validationStatus: check.status,
    message: taxMessage(type, check.status),
    note: check.note,
    businessName: check.businessName,
    checkedAt: check.checkedAt.toISOString(),
  };
}
