import { describe, expect, it } from 'vitest';
import type { TaxRegistrationValues } from './tax';
import {
  NO_TAX_REASONS,
  invoiceAmounts,
  invoiceTaxTreatment,
  unconfirmableTaxReason,
  type InvoiceTaxTreatment,
} from './invoice-tax';

const UK_VAT: InvoiceTaxTreatment = { kind: 'UK_VAT', ratePercent: 20 };
const AU_GST: InvoiceTaxTreatment = { kind: 'AU_GST', ratePercent: 10 };
const none = (reason: string): InvoiceTaxTreatment => ({ kind: 'NONE', reason });

const vat = (validationStatus: TaxRegistrationValues['validationStatus'], number = 'GB980780684') => ({
  isRegistered: true,
  type: 'VAT' as const,
  number,
  validationStatus,
});
const abn = (validationStatus: TaxRegistrationValues['validationStatus'], number = '51824753556') => ({
  isRegistered: true,
  type: 'ABN' as const,
  number,
  validationStatus,
});

describe('invoiceTaxTreatment', () => {
  it.each<[string, string, TaxRegistrationValues | null, InvoiceTaxTreatment]>([
    ['a UK creator whose VAT number HMRC confirmed', 'GB', vat('valid'), UK_VAT],
    ['the same, country written UK and in lower case', 'uk', vat('valid'), UK_VAT],
    ['a VAT number without the GB prefix', 'GB', vat('valid', '980 7806 84'), UK_VAT],
    ['a Northern Ireland (XI) VAT number', 'GB', vat('valid', 'XI980780684'), UK_VAT],
    ['a UK creator not registered', 'GB', null, none(NO_TAX_REASONS.vatNotRegistered)],
    [
      'a UK creator who says not registered but left a number',
      'GB',
      { ...vat('valid'), isRegistered: false },
      none(NO_TAX_REASONS.vatNotRegistered),
    ],
    [
      'no VAT for a UK creator not registered for VAT, as the profile keeps the answer (no number)',
      'GB',
      { isRegistered: false, type: 'VAT', number: '', validationStatus: 'not verified' },
      none(NO_TAX_REASONS.vatNotRegistered),
    ],
    ['a UK creator with an ABN', 'GB', abn('valid'), none(NO_TAX_REASONS.vatNotRegistered)],
    [
      'a UK creator registered without a number',
      'GB',
      vat('valid', '  '),
      none(NO_TAX_REASONS.vatNumberMissing),
    ],
    [
      'a UK creator with a German VAT number',
      'GB',
      vat('valid', 'DE123456789'),
      none(NO_TAX_REASONS.vatNumberNotUk),
    ],
    [
      'a VAT number HMRC could not be asked about',
      'GB',
      vat('not verified'),
      none(NO_TAX_REASONS.vatNotVerified),
    ],
    [
      'a VAT number never checked',
      'GB',
      { isRegistered: true, type: 'VAT', number: 'GB980780684' },
      none(NO_TAX_REASONS.vatNotVerified),
    ],
    ['a VAT number HMRC does not know', 'GB', vat('invalid'), none(NO_TAX_REASONS.vatInvalid)],
    ['a cancelled VAT registration', 'GB', vat('cancelled'), none(NO_TAX_REASONS.vatCancelled)],
    [
      'GST for an Australian creator registered for GST whose ABN the ABR lists as active',
      'AU',
      abn('valid'),
      AU_GST,
    ],
    [
      'no GST for an Australian creator with an active ABN who is not registered for GST',
      'AU',
      { ...abn('valid'), isRegistered: false },
      none(NO_TAX_REASONS.gstNotRegistered),
    ],
    [
      'no GST for an Australian creator not registered for GST, as the profile keeps the answer (no number)',
      'AU',
      { isRegistered: false, type: 'ABN', number: '', validationStatus: 'not verified' },
      none(NO_TAX_REASONS.gstNotRegistered),
    ],
    [
      'no GST for an Australian creator with neither an ABN nor a registration',
      'AU',
      null,
      none(NO_TAX_REASONS.gstNotRegistered),
    ],
    ['an Australian creator with a VAT number', 'AU', vat('valid'), none(NO_TAX_REASONS.gstNotRegistered)],
    [
      'an Australian creator registered without an ABN',
      'AU',
      abn('valid', ''),
      none(NO_TAX_REASONS.abnMissing),
    ],
    [
      'an ABN the ABR could not be asked about',
      'AU',
      abn('not verified'),
      none(NO_TAX_REASONS.abnNotVerified),
    ],
    ['an ABN the ABR calls invalid', 'AU', abn('invalid'), none(NO_TAX_REASONS.abnInvalid)],
    ['a cancelled ABN', 'AU', abn('cancelled'), none(NO_TAX_REASONS.abnCancelled)],
    [
      'a creator in Germany with a valid VAT number',
      'DE',
      vat('valid', 'DE123456789'),
      none(NO_TAX_REASONS.outsideUkAndAustralia),
    ],
    [
      'no tax for a creator in Ireland registered for VAT there',
      'IE',
      vat('valid', 'IE6388047V'),
      none(NO_TAX_REASONS.outsideUkAndAustralia),
    ],
    ['a creator in the United States', 'US', null, none(NO_TAX_REASONS.outsideUkAndAustralia)],
    ['a creator in New Zealand with an ABN', 'NZ', abn('valid'), none(NO_TAX_REASONS.outsideUkAndAustralia)],
  ])('%s', (_case, country, taxRegistration, expected) => {
    expect(invoiceTaxTreatment({ country, taxRegistration })).toEqual(expected);
  });

  it('says in each reason which tax is not charged and why', () => {
    expect(NO_TAX_REASONS.vatNotRegistered).toBe('No VAT: the supplier is not registered for VAT');
    for (const reason of Object.values(NO_TAX_REASONS))
      expect(reason).toMatch(/^No (VAT|GST|VAT or GST): \S/);
  });
});

describe('a registration Support checked by hand', () => {
  it('charges VAT or GST on a number Support verified, as on one its register confirmed', () => {
    expect(
      invoiceTaxTreatment({ country: 'GB', taxRegistration: { ...vat('valid'), checkedBySupport: true } }),
    ).toEqual(UK_VAT);
    expect(
      invoiceTaxTreatment({ country: 'AU', taxRegistration: { ...abn('valid'), checkedBySupport: true } }),
    ).toEqual(AU_GST);
  });

  it('says a number Support found not valid was checked, not that the register refused it', () => {
    expect(
      invoiceTaxTreatment({ country: 'GB', taxRegistration: { ...vat('invalid'), checkedBySupport: true } }),
    ).toEqual(none(NO_TAX_REASONS.vatFoundNotValid));
    expect(
      invoiceTaxTreatment({ country: 'AU', taxRegistration: { ...abn('invalid'), checkedBySupport: true } }),
    ).toEqual(none(NO_TAX_REASONS.abnFoundNotValid));
  });
});

describe('unconfirmableTaxReason', () => {
  it.each<[string, string, TaxRegistrationValues | null, string | null]>([
    ['a UK VAT number nobody could check', 'GB', vat('not verified'), null],
    ['a UK VAT number found not valid before', 'GB', vat('invalid'), null],
    ['an ABN nobody could check', 'AU', abn('not verified'), null],
    ['a German VAT number', 'GB', vat('not verified', 'DE123456789'), NO_TAX_REASONS.vatNumberNotUk],
    ['a creator who is not registered', 'GB', null, NO_TAX_REASONS.vatNotRegistered],
    [
      'a creator outside the UK and Australia',
      'FR',
      vat('not verified'),
      NO_TAX_REASONS.outsideUkAndAustralia,
    ],
  ])('%s', (_case, country, taxRegistration, expected) => {
    expect(unconfirmableTaxReason({ country, taxRegistration })).toBe(expected);
  });
});

describe('invoiceAmounts', () => {
  it.each<[string, number, InvoiceTaxTreatment, [number, number, number]]>([
    ['£100.00 with 20 % VAT', 10_000, UK_VAT, [10_000, 2_000, 12_000]],
    ['£123.45 with 20 % VAT (24.69 exactly)', 12_345, UK_VAT, [12_345, 2_469, 14_814]],
    ['3p with 20 % VAT: 0.6p rounds up', 3, UK_VAT, [3, 1, 4]],
    ['2p with 20 % VAT: 0.4p rounds down', 2, UK_VAT, [2, 0, 2]],
    ['£0.07 with 20 % VAT: 1.4p rounds down', 7, UK_VAT, [7, 1, 8]],
    ['A$250.00 with 10 % GST', 25_000, AU_GST, [25_000, 2_500, 27_500]],
    ['A$0.05 with 10 % GST: half a cent rounds up', 5, AU_GST, [5, 1, 6]],
    ['A$1.15 with 10 % GST: 11.5 cents rounds up', 115, AU_GST, [115, 12, 127]],
    ['A$1.14 with 10 % GST: 11.4 cents rounds down', 114, AU_GST, [114, 11, 125]],
    ['A$0.04 with 10 % GST: 0.4 cents rounds to nothing', 4, AU_GST, [4, 0, 4]],
    ['no tax', 12_345, none(NO_TAX_REASONS.outsideUkAndAustralia), [12_345, 0, 12_345]],
    ['nothing at all', 0, UK_VAT, [0, 0, 0]],
    [
      'an amount whose tax times 100 is past the safe integers stays exact',
      8_000_000_000_000_003,
      AU_GST,
      [8_000_000_000_000_003, 800_000_000_000_000, 8_800_000_000_000_003],
    ],
  ])('%s', (_case, netMinor, treatment, [net, tax, gross]) => {
    expect(invoiceAmounts(netMinor, treatment)).toEqual({ netMinor: net, taxMinor: tax, grossMinor: gross });
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses %s minor units', (netMinor) => {
    expect(() => invoiceAmounts(netMinor, UK_VAT)).toThrow(RangeError);
  });

  it('refuses a net amount whose gross would not be exact', () => {
    expect(() => invoiceAmounts(Number.MAX_SAFE_INTEGER, UK_VAT)).toThrow(RangeError);
  });
});
