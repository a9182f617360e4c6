import {
  latestTaxCheckDay,
  normalizeVatNumber,
  TAX_CHECKED_BY_SUPPORT,
  TAX_VERIFICATION_MESSAGES,
  type TaxVerificationBody,
} from '@platform/shared';
import { errors } from '../../../errors';
import type { Actor, StaffCaller } from '../../../principal';
import { reachable, targetOf } from '../creator-views';
import type { CreatorsConsoleContext } from '../creators-console.context';
import { creatorsConsoleRepository as repository } from '../creators-console.repository';
import { byHandObstacle } from '../tax-by-hand';

/**
 * POST /server-api/marketing/creators/{id}/tax-verification: Support checked the creator's VAT number or
 * ABN by hand (with HMRC's or the ABR's public services, a certificate, a call) where no register could
 * confirm it. VERIFIED makes it valid, which the invoices issued from then on honour as they would a
 * register's answer; NOT_VALID makes it invalid, with the reason the creator reads. Invoices already
 * issued stay as they are (ADR 022). The check lasts while the number does.
 */
export async function verifyCreatorTax(
  context: CreatorsConsoleContext,
  caller: StaffCaller & Pick<Actor, 'requestId'>,
  id: string,
  body: TaxVerificationBody,
): Promise<void> {
  const { db, clock, audit, creatorService } = context;
  const found = await reachable(context, db, caller, id);
  const now = clock.now();
  if (body.checkedOn > latestTaxCheckDay(now)) {
    throw errors.validation([{ field: 'checkedOn', message: TAX_VERIFICATION_MESSAGES.checkedOnInFuture }]);
  }
  await db.transaction(async (tx) => {
    const row = await repository.lockCreator(tx, found.id);
    if (!row) throw errors.notFound();
    if (row.onboardingStatus === 'INACTIVE') throw errors.conflict(TAX_VERIFICATION_MESSAGES.deactivated);
    const tax = await repository.lockTaxRegistration(tx, row.accountId);
    const obstacle = byHandObstacle(row.country, tax);
    if (obstacle === TAX_VERIFICATION_MESSAGES.nothingToCheck || !tax?.number) {
      throw errors.conflict(TAX_VERIFICATION_MESSAGES.nothingToCheck);
    }
    const number = tax.type === 'VAT' ? normalizeVatNumber(body.number) : body.number.trim();
    if (number !== tax.number) throw errors.conflict(TAX_VERIFICATION_MESSAGES.numberChanged);
    if (obstacle) throw errors.conflict(obstacle);
    const validationStatus = body.outcome === 'VERIFIED' ? 'valid' : 'invalid';
    const check = {
      validationStatus,
      checkedAt: now,
      checkSource: TAX_CHECKED_BY_SUPPORT,
      checkNote: body.note ?? '',
      checkReference: body.reference || null,
      checkedOn: body.checkedOn,
      checkedBy: caller.accountId,
      updatedAt: now,
    } as const;
    await creatorService.recordTaxCheckByHand(tx, row.accountId, check);
    await audit.record(tx, {
      actor: caller,
      action: body.outcome === 'VERIFIED' ? 'creator.tax-verified' : 'creator.tax-not-valid',
      target: targetOf(found),
      before: {
        number: tax.number,
        validationStatus: tax.validationStatus,
        checkSource: tax.checkSource,
        checkNote: tax.checkNote,
      },
      after: {
        number: tax.number,
        validationStatus,
        checkSource: TAX_CHECKED_BY_SUPPORT,
        checkNote: check.checkNote,
        checkReference: check.checkReference,
        checkedOn: check.checkedOn,
      },
    });
  });
}
