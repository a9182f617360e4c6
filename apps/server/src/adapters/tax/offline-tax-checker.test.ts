import { describe, expect, it } from 'vitest';
import { createOfflineTaxChecker } from './offline-tax-checker';

const clock = { now: () => new Date('2026-11-21T09:00:00.000Z') };
const offline = createOfflineTaxChecker(clock);

describe('the offline tax checker', () => {
  it('leaves a UK VAT number with the right format and check digits not verified, and says HMRC was not asked', async () => {
    expect(await offline.checkVat('GB 980 7806 84')).toEqual({
      status: 'not verified',
      source: 'offline',
      note: "No VAT checking service is configured: the number's format and check digits are right, but HMRC was not asked whether it is registered.",
      checkedAt: clock.now(),
    });
  });

  it.each([
    ['wrong check digits', 'GB123456789'],
    ['too few digits', 'GB98078068'],
    ['no number at all', ''],
    ['an unknown prefix', 'ZZ980780684'],
  ])('calls a VAT number with %s invalid', async (_what, number) => {
    expect(await offline.checkVat(number)).toMatchObject({ status: 'invalid', source: 'offline' });
  });

  it('leaves an EU number and a government department number not verified, each with its own reason', async () => {
    expect((await offline.checkVat('DE136695976')).note).toContain('Only UK VAT numbers can be checked');
    expect((await offline.checkVat('GBGD001')).note).toContain('government department (GD)');
  });

  it('leaves a well-formed ABN not verified with no lookup status, and says the register was not asked', async () => {
    expect(await offline.checkAbn('51824753556')).toEqual({
      status: 'not verified',
      lookupStatus: null,
      source: 'offline',
      note: 'No ABN lookup service is configured: the number has 11 digits and a correct checksum, but the Australian Business Register was not asked whether it is active.',
      checkedAt: clock.now(),
    });
  });

  it.each([
    ['a wrong checksum', '12345678901', 'checksum is wrong'],
    ['10 digits', '5182475355', '11 digits with no spaces'],
    ['spaces', '51 824 753 556', '11 digits with no spaces'],
  ])('calls an ABN with %s invalid, lookup status INVALID', async (_what, number, reason) => {
    const check = await offline.checkAbn(number);

    expect(check).toMatchObject({ status: 'invalid', lookupStatus: 'INVALID', source: 'offline' });
    expect(check.note).toContain(reason);
  });

  it('never calls a number valid', async () => {
    const vatNumbers = [
      'GB980780684',
      '980780684001',
      'XI980780684',
      'GBHA599',
      'DE136695976',
      'FR40303265045',
    ];
    const abns = ['51824753556', '53004085616', '33051775556'];
    const checks = [
      ...(await Promise.all(vatNumbers.map((number) => offline.checkVat(number)))),
      ...(await Promise.all(abns.map((number) => offline.checkAbn(number)))),
    ];

    expect(checks.map((check) => check.status)).not.toContain('valid');
    expect(checks.map((check) => check.status)).not.toContain('cancelled');
  });
});
