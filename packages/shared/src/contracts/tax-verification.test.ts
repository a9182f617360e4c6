import { describe, expect, it } from 'vitest';
import { latestTaxCheckDay, TAX_VERIFICATION_MESSAGES, taxVerificationBodySchema } from './tax-verification';

const messagesOf = (body: unknown) => {
  const parsed = taxVerificationBodySchema.safeParse(body);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

const VERIFIED = {
  outcome: 'VERIFIED',
  number: 'GB980780684',
  note: 'HMRC’s online VAT check: registered to Casey Creator Ltd',
  reference: 'HMRC consultation 1234-5678',
  checkedOn: '2026-11-27',
};

describe('taxVerificationBodySchema', () => {
  it('takes a verification with what was checked, its reference and the day, trimmed', () => {
    const parsed = taxVerificationBodySchema.parse({ ...VERIFIED, reference: '  ref 1  ' });
    expect(parsed.reference).toBe('ref 1');
  });

  it('takes a number found not valid with a reason and no reference', () => {
    expect(
      messagesOf({
        outcome: 'NOT_VALID',
        number: '51824753556',
        note: 'Cancelled in 2024',
        checkedOn: '2026-11-27',
      }),
    ).toEqual({});
  });

  it('asks a verification for what was checked and its reference', () => {
    expect(messagesOf({ ...VERIFIED, note: '   ', reference: undefined })).toEqual({
      note: TAX_VERIFICATION_MESSAGES.evidenceRequired,
      reference: TAX_VERIFICATION_MESSAGES.referenceRequired,
    });
  });

  it('asks a number found not valid for the reason', () => {
    expect(messagesOf({ outcome: 'NOT_VALID', number: '51824753556', checkedOn: '2026-11-27' })).toEqual({
      note: TAX_VERIFICATION_MESSAGES.reasonRequired,
    });
  });

  it('refuses a day that is not a calendar day, an unknown outcome and an empty number', () => {
    expect(messagesOf({ ...VERIFIED, checkedOn: '2026-02-30', outcome: 'MAYBE', number: ' ' })).toEqual({
      checkedOn: TAX_VERIFICATION_MESSAGES.checkedOnRequired,
      outcome: TAX_VERIFICATION_MESSAGES.outcome,
      number: TAX_VERIFICATION_MESSAGES.number,
    });
  });

  it('refuses a note or a reference past its length', () => {
    expect(messagesOf({ ...VERIFIED, note: 'x'.repeat(1001), reference: 'y'.repeat(201) })).toEqual({
      note: TAX_VERIFICATION_MESSAGES.noteTooLong,
      reference: TAX_VERIFICATION_MESSAGES.referenceTooLong,
    });
  });
});

describe('TAX_VERIFICATION_MESSAGES.checkedByRegister', () => {
  it('names the register at the start of a sentence', () => {
    expect(TAX_VERIFICATION_MESSAGES.checkedByRegister('the Australian Business Register')).toMatch(
      /^The Australian Business Register has already answered/,
    );
  });
});

describe('latestTaxCheckDay', () => {
  it('is today in the earliest time zone, so that a check made east of Greenwich is not in the future', () => {
    expect(latestTaxCheckDay(new Date('2026-11-27T09:59:00Z'))).toBe('2026-11-27');
    expect(latestTaxCheckDay(new Date('2026-11-27T10:00:00Z'))).toBe('2026-11-28');
  });
});
