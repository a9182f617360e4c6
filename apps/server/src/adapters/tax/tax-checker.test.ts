import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAbr, type FakeAbr } from '../../test/fakes/abr';
import { startFakeHmrc, type FakeHmrc } from '../../test/fakes/hmrc';
import { createTaxChecker } from './tax-checker';

const fakes: (FakeHmrc | FakeAbr)[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

describe('createTaxChecker', () => {
  it('checks offline when no provider is configured', async () => {
    const checker = createTaxChecker();

    expect(await checker.checkVat('GB980780684')).toMatchObject({
      status: 'not verified',
      source: 'offline',
    });
    expect(await checker.checkAbn('51824753556')).toMatchObject({
      status: 'not verified',
      source: 'offline',
    });
    expect(checker.numberChecks).toEqual({ VAT: 'SUPPORT', ABN: 'SUPPORT' });
  });

  it('asks only the provider that is configured, and checks the other half offline', async () => {
    const hmrc = await startFakeHmrc({
      clientId: 'id',
      clientSecret: 'secret',
      registered: [
        {
          name: 'Sunny Side Studios Ltd',
          vatNumber: '980780684',
          address: { line1: '1 High St', countryCode: 'GB' },
        },
      ],
    });
    const abr = await startFakeAbr({
      guid: 'guid',
      register: [
        { abn: '51824753556', status: 'Active', statusEffectiveFrom: '1999-11-01', entityName: 'S' },
      ],
    });
    fakes.push(hmrc, abr);

    const vatOnly = createTaxChecker({ hmrc: { baseUrl: hmrc.url, clientId: 'id', clientSecret: 'secret' } });
    const abnOnly = createTaxChecker({ abr: { baseUrl: `${abr.url}/`, guid: 'guid' } });

    expect(await vatOnly.checkVat('GB980780684')).toMatchObject({ status: 'valid', source: 'hmrc' });
    expect(await vatOnly.checkAbn('51824753556')).toMatchObject({
      status: 'not verified',
      source: 'offline',
    });
    expect(await abnOnly.checkAbn('51824753556')).toMatchObject({ status: 'valid', source: 'abr' });
    expect(await abnOnly.checkVat('GB980780684')).toMatchObject({
      status: 'not verified',
      source: 'offline',
    });
    expect(abr.requests.map((request) => request.url.split('?')[0])).toEqual(['/json/AbnDetails.aspx']);
    expect(vatOnly.numberChecks).toEqual({ VAT: 'REGISTER', ABN: 'SUPPORT' });
    expect(abnOnly.numberChecks).toEqual({ VAT: 'SUPPORT', ABN: 'REGISTER' });
  });
});
