import { describe, expect, it } from 'vitest';
import type { CreatorInfo } from '@platform/shared';
import { creatorInfo, UK_PROFILE } from '../../../test/creator-info';
import { invoiceTaxNotice } from './invoice-tax-notice';

type Registration = NonNullable<CreatorInfo['taxRegistration']>;

const vat = (overrides: Partial<Registration> = {}): Registration => ({
  isRegistered: true,
  type: 'VAT',
  number: 'GB980780684',
  validationStatus: 'not verified',
  checkedAt: '2026-11-20T10:00:00.000Z',
  checkSource: 'offline',
  note: null,
  businessName: null,
  ...overrides,
});

const ukCreator = (
  taxRegistration: Registration | null,
  checks: CreatorInfo['taxNumberChecks']['VAT'] = 'SUPPORT',
) =>
  creatorInfo({
    status: 'ACTIVE',
    profile: UK_PROFILE,
    taxRegistration,
    taxNumberChecks: { VAT: checks, ABN: checks },
  });

describe('invoiceTaxNotice', () => {
  it('tells a creator on an install without HMRC that Support has not confirmed their number yet', () => {
    const notice = invoiceTaxNotice(ukCreator(vat()));
    expect(notice).toMatchObject({ title: 'Your invoices have no VAT line yet', canCheckAgain: false });
    expect(notice?.why).toContain('Our Support team checks each VAT number by hand with HMRC');
    expect(notice?.why).toContain('has not confirmed GB980780684 yet');
    expect(notice?.steps).toEqual([
      'Make sure GB980780684 is your VAT number exactly: a wrong number cannot be confirmed.',
      'Nothing else is needed from you: Support will check it.',
      'If you have waited more than a week, contact Support.',
    ]);
  });

  it('offers to check again where HMRC is configured but did not answer', () => {
    const notice = invoiceTaxNotice(ukCreator(vat({ checkSource: 'hmrc' }), 'REGISTER'));
    expect(notice?.why).toMatch(/^HMRC did not answer when we checked GB980780684\./);
    expect(notice?.canCheckAgain).toBe(true);
  });

  it('gives Support’s reason for a number they found not valid', () => {
    const notice = invoiceTaxNotice(
      ukCreator(
        vat({ validationStatus: 'invalid', checkSource: 'support', note: 'Not on HMRC’s register.' }),
      ),
    );
    expect(notice?.why).toBe(
      'Our Support team checked GB980780684 and found it is not a valid registration: Not on HMRC’s register.',
    );
    expect(notice?.steps[0]).toMatch(/^Correct your VAT number in your details/);
  });

  it('tells a UK creator with another country’s VAT number what the invoice says', () => {
    const notice = invoiceTaxNotice(ukCreator(vat({ number: 'DE123456789' })));
    expect(notice?.why).toBe('Your invoices say: “No VAT: the supplier’s VAT number is not a UK one”.');
  });

  it('speaks of GST and the ABR to an Australian creator', () => {
    const notice = invoiceTaxNotice(
      creatorInfo({
        status: 'ACTIVE',
        profile: { ...UK_PROFILE, address: { ...UK_PROFILE.address, country: 'AU', postcode: '2000' } },
        taxRegistration: vat({ type: 'ABN', number: '51824753556' }),
      }),
    );
    expect(notice?.title).toBe('Your invoices have no GST line yet');
    expect(notice?.why).toContain('checks each ABN by hand with the Australian Business Register');
  });

  it('says nothing to a creator whose invoices carry VAT, or who is not registered', () => {
    expect(
      invoiceTaxNotice(ukCreator(vat({ validationStatus: 'valid', checkSource: 'support' }))),
    ).toBeNull();
    expect(invoiceTaxNotice(ukCreator(vat({ validationStatus: 'valid', checkSource: 'hmrc' })))).toBeNull();
    expect(invoiceTaxNotice(ukCreator(vat({ isRegistered: false, number: null })))).toBeNull();
    expect(invoiceTaxNotice(ukCreator(null))).toBeNull();
  });
});
