import { describe, expect, it } from 'vitest';
import {
  bankAccountFormat,
  isValidRoutingNumber,
  maskPayoutDetails,
  normalizePayoutDetails,
  payoutDetailsBodySchema,
  PAYOUT_DETAILS_MESSAGES,
} from './payout-details';

const issuesOf = (body: unknown) =>
  payoutDetailsBodySchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('bank account formats', () => {
  it('asks each country for its own fields: the UK, Australia, the US, IBAN countries, and SWIFT elsewhere', () => {
    expect(['GB', 'AU', 'US', 'DE', 'FR', 'IE', 'NO', 'CA', 'NZ', 'JP'].map(bankAccountFormat)).toEqual([
      'GB',
      'AU',
      'US',
      'IBAN',
      'IBAN',
      'IBAN',
      'IBAN',
      'SWIFT',
      'SWIFT',
      'SWIFT',
    ]);
  });

  it('checks a routing number’s ABA check digit', () => {
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(isValidRoutingNumber('000000000')).toBe(false);
    expect(isValidRoutingNumber('02100002')).toBe(false);
  });
});

describe('payoutDetailsBodySchema', () => {
  it('takes an IBAN written with spaces and in lower case, and keeps it compact and upper case', () => {
    const body = payoutDetailsBodySchema.parse({
      method: 'BANK_ACCOUNT',
      country: 'de',
      accountHolder: ' Kai Weber ',
      iban: 'de89 3704 0044 0532 0130 00',
      sortCode: '12-34-56',
    });
    expect(normalizePayoutDetails(body)).toEqual({
      method: 'BANK_ACCOUNT',
      country: 'DE',
      accountHolder: 'Kai Weber',
      format: 'IBAN',
      iban: 'DE89370400440532013000',
    });
  });

  it('names each field a country needs and finds wrong or missing', () => {
    expect(issuesOf({ method: 'BANK_ACCOUNT', country: 'GB' })).toEqual([
      ['accountHolder', PAYOUT_DETAILS_MESSAGES.accountHolderRequired],
      ['sortCode', PAYOUT_DETAILS_MESSAGES.sortCode],
      ['accountNumber', PAYOUT_DETAILS_MESSAGES.gbAccountNumber],
    ]);
    expect(
      issuesOf({
        method: 'BANK_ACCOUNT',
        country: 'IE',
        accountHolder: 'Aoife',
        iban: 'GB82WEST12345698765432',
      }),
    ).toEqual([['iban', PAYOUT_DETAILS_MESSAGES.ibanCountry('IE')]]);
    expect(issuesOf({ method: 'CHEQUE' })).toEqual([['method', PAYOUT_DETAILS_MESSAGES.methodRequired]]);
    expect(issuesOf({ method: 'PAYPAL', paypalEmail: 'casey@example.com', extra: 'x' })?.length).toBe(1);
  });
});

describe('maskPayoutDetails', () => {
  it('shows the last four characters of an account, and no more of the number', () => {
    const masked = maskPayoutDetails({
      method: 'BANK_ACCOUNT',
      country: 'GB',
      accountHolder: 'Casey Morgan',
      format: 'GB',
      sortCode: '200000',
      accountNumber: '55678901',
    });
    expect(masked).toBe('Bank account (GB) ending ••••8901');
    expect(masked).not.toContain('5567');
    expect(masked).not.toContain('200000');
  });

  it('hides a PayPal address’s name but for its first letter', () => {
    expect(maskPayoutDetails({ method: 'PAYPAL', paypalEmail: 'casey.morgan@example.com' })).toBe(
      'PayPal c••••@example.com',
    );
  });
});
