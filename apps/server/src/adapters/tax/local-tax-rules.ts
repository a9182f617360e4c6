import {
  hasAbnFormat,
  isValidAbn,
  isValidGbVat,
  isValidVatNumber,
  normalizeVatNumber,
  type TaxValidationStatus,
} from '@platform/shared';
import type { AbnCheck, VatCheck } from './tax-checks';

/** What the local rules settle before any provider is asked. */
export type LocalDecision = { decided: true; status: TaxValidationStatus; note: string };

/** A UK number HMRC's checker accepts: the 9 or 12 digits, without 'GB' (or 'XI') or spaces. */
export type VatForHmrc = { decided: false; targetVrn: string };
export type AbnForAbr = { decided: false; abn: string };

/** The check of a VAT number the local rules settled: no register was asked. */
export function locallyDecidedVat(decision: LocalDecision, checkedAt: Date): VatCheck {
  return { status: decision.status, source: 'offline', note: decision.note, checkedAt };
}

/** The check of an ABN the local rules settled: no register was asked, so the ABN is not a real one. */
export function locallyDecidedAbn(decision: LocalDecision, checkedAt: Date): AbnCheck {
  return {
    status: decision.status,
    lookupStatus: 'INVALID',
    source: 'offline',
    note: decision.note,
    checkedAt,
  };
}

/** What the local rules did establish, said in every note on a number no register confirmed. */
export const UK_VAT_FORMAT_RIGHT = "the number's format and check digits are right";
export const ABN_FORMAT_RIGHT = 'the number has 11 digits and a correct checksum';

const HMRC_TARGET_VRN = /^\d{9}(?:\d{3})?$/;

/**
 * A UK number has the 'GB' prefix, Northern Ireland's 'XI' (the same registration HMRC gave as GB) or is
 * digits only, as the VAT rule reads it; what follows the prefix is the national number HMRC knows.
 */
function ukNationalNumber(normalized: string): string | null {
  if (/^(?:GB|XI)/.test(normalized)) return normalized.slice(2);
  return /^\d+$/.test(normalized) ? normalized : null;
}

/**
 * HMRC's checker knows UK numbers only, and only those written as 9 or 12 digits. SPEC §5 still lets a
 * creator save an EU member state's number, so such a number is judged by the VAT rule alone and left not
 * verified: nothing here may call a number valid that no register confirmed.
 */
export function precheckVat(number: string): LocalDecision | VatForHmrc {
  const normalized = normalizeVatNumber(number);
  const national = ukNationalNumber(normalized);
  if (national === null) {
    return isValidVatNumber(normalized)
      ? {
          decided: true,
          status: 'not verified',
          note: 'Only UK VAT numbers can be checked, with HMRC: this number has the right format for its country prefix, but no register was asked whether it is registered.',
        }
      : {
          decided: true,
          status: 'invalid',
          note: 'The number is not a VAT number in a recognised format, so no register was asked.',
        };
  }
  if (!isValidGbVat(national)) {
    return {
      decided: true,
      status: 'invalid',
      note: 'The number fails the UK VAT format (9 digits, or 12 with a branch suffix, after an optional GB or XI) or its check digits, so HMRC was not asked.',
    };
  }
  if (!HMRC_TARGET_VRN.test(national)) {
    return {
      decided: true,
      status: 'not verified',
      note: "UK government department (GD) and health authority (HA) numbers are not in HMRC's VAT checker: the number's format is right, but it was not checked against the register.",
    };
  }
  return { decided: false, targetVrn: national };
}

/** The ABN rule reads the number as typed: SPEC §5 asks for 11 digits with no spaces. */
export function precheckAbn(number: string): LocalDecision | AbnForAbr {
  const abn = number.trim();
  if (!hasAbnFormat(abn)) {
    return {
      decided: true,
      status: 'invalid',
      note: 'An ABN is 11 digits with no spaces; this number is not, so the Australian Business Register was not asked.',
    };
  }
  if (!isValidAbn(abn)) {
    return {
      decided: true,
      status: 'invalid',
      note: "The ABN's checksum is wrong, so it cannot have been issued and the Australian Business Register was not asked.",
    };
  }
  return { decided: false, abn };
}
