import { describe, expect, it } from 'vitest';
import {
  addressFormSchema,
  creatorAddressSchema,
  isValidPostcode,
  postcodeDigitsFor,
  postcodeMessage,
} from './address';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('UK postcodes', () => {
  it.each([
    ['A9 9AA', 'M1 1AE'],
    ['A9 9AA', 'B1 1BB'],
    ['A99 9AA', 'B33 8TH'],
    ['A99 9AA', 'M60 1NW'],
    ['A9A 9AA', 'W1A 0AX'],
    ['A9A 9AA', 'N1C 4AG'],
    ['AA9 9AA', 'CR2 6XH'],
    ['AA9 9AA', 'DN5 5AA'],
    ['AA99 9AA', 'DN55 1PT'],
    ['AA99 9AA', 'SW19 5AE'],
    ['AA9A 9AA', 'EC1A 1BB'],
    ['AA9A 9AA', 'SW1A 1AA'],
    ['without the space', 'SW1A1AA'],
    ['without the space', 'M11AE'],
    ['lower case', 'sw1a 1aa'],
    ['lower case without the space', 'ec1a1bb'],
    ['mixed case', 'Sw1A 1aA'],
    ['surrounding spaces', '  DN55 1PT  '],
    ['GIR 0AA', 'GIR 0AA'],
    ['GIR 0AA without the space', 'gir0aa'],
  ])('accepts %s: %s', (_format, value) => {
    expect(isValidPostcode('GB', value)).toBe(true);
    expect(postcodeMessage('GB', value)).toBeNull();
  });

  it.each([
    ['an incomplete inward code', 'SW1A 1A'],
    ['an extra letter', 'EC1A 1BBB'],
    ['two spaces', 'SW1A  1AA'],
    ['a hyphen', 'SW1A-1AA'],
    ['Q in the first position', 'QA1 1AA'],
    ['I in the second position', 'AI1 1AA'],
    ['Z after A9', 'W1Z 0AX'],
    ['C in the inward code', 'SW1A 1CA'],
    ['a missing inward code', 'SW1A'],
    ['digits only', '12345'],
    ['a US ZIP', '90210'],
    ['letters only', 'LONDON'],
    ['GIR with another inward code', 'GIR 0AB'],
  ])('rejects %s: %s', (_case, value) => {
    expect(isValidPostcode('GB', value)).toBe(false);
    expect(postcodeMessage('GB', value)).toBe('Invalid Postcode');
  });

  it('reads UK and lower-case codes as the United Kingdom', () => {
    expect(isValidPostcode('UK', 'SW1A 1AA')).toBe(true);
    expect(isValidPostcode('gb', 'SW1A 1AA')).toBe(true);
  });
});

describe('postcodes elsewhere', () => {
  it.each([
    ['AU', 4],
    ['US', 5],
    ['DE', 5],
    ['FR', 5],
  ])('%s postcodes have %i digits', (country, digits) => {
    expect(postcodeDigitsFor(country)).toBe(digits);
  });

  it.each([
    ['AU', '2000'],
    ['AU', '0800'],
    ['US', '90210'],
    ['US', '00501'],
    ['DE', '10115'],
    ['FR', '75008'],
  ])('accepts %s %s', (country, value) => {
    expect(isValidPostcode(country, value)).toBe(true);
  });

  it.each([
    ['AU', '200', 'Post/Zip code must be 4 digits'],
    ['AU', '20000', 'Post/Zip code must be 4 digits'],
    ['AU', 'ABCD', 'Post/Zip code must be 4 digits'],
    ['US', '9021', 'Post/Zip code must be 5 digits'],
    ['US', '90210-1234', 'Post/Zip code must be 5 digits'],
    ['US', '902 10', 'Post/Zip code must be 5 digits'],
    ['DE', '1011', 'Post/Zip code must be 5 digits'],
    ['GB', '', 'This field is required'],
    ['US', '   ', 'This field is required'],
    ['AU', undefined, 'This field is required'],
  ])('rejects %s %j with %j', (country, value, message) => {
    expect(postcodeMessage(country, value)).toBe(message);
    expect(isValidPostcode(country, value ?? '')).toBe(false);
  });
});

describe('address form', () => {
  it.each([
    { country: 'US', usState: 'NY', postcode: '10001' },
    { country: 'US', usState: 'pr', postcode: '00901' },
    { country: 'US', usState: 'DC', postcode: '20500' },
    { country: 'GB', postcode: 'SW1A 1AA' },
    { country: 'gb', usState: '', postcode: 'sw1a1aa' },
    { country: 'AU', postcode: '2000' },
  ])('accepts %j', (address) => {
    expect(addressFormSchema.safeParse(address).success).toBe(true);
  });

  it.each([
    [{ country: 'US', postcode: '10001' }, [['usState', 'Choose a US state']]],
    [{ country: 'US', usState: '', postcode: '10001' }, [['usState', 'Choose a US state']]],
    [{ country: 'US', usState: 'XX', postcode: '10001' }, [['usState', 'Choose a US state']]],
    [{ country: 'US', usState: 'New York', postcode: '10001' }, [['usState', 'Choose a US state']]],
    [
      { country: 'US', postcode: '1000' },
      [
        ['usState', 'Choose a US state'],
        ['postcode', 'Post/Zip code must be 5 digits'],
      ],
    ],
    [{ country: 'GB', postcode: 'SW1A 1A' }, [['postcode', 'Invalid Postcode']]],
    [{ country: 'AU', postcode: '' }, [['postcode', 'This field is required']]],
    [{ country: '', postcode: '2000' }, [['country', 'This field is required']]],
    [{ country: 'ZZ', postcode: '2000' }, [['country', 'This field is required']]],
    [
      { country: '', postcode: '' },
      [
        ['country', 'This field is required'],
        ['postcode', 'This field is required'],
      ],
    ],
    [{ country: 'GLOBAL', postcode: '2000' }, [['country', 'This field is required']]],
  ])('rejects %j', (address, issues) => {
    expect(issuesOf(addressFormSchema.safeParse(address))).toEqual(issues);
  });

  it('upper-cases the country and state', () => {
    expect(addressFormSchema.parse({ country: 'us', usState: 'ca', postcode: '94105' })).toEqual({
      country: 'US',
      usState: 'CA',
      postcode: '94105',
    });
  });
});

describe('creator address', () => {
  it.each([
    { country: 'US', stateProvince: 'NY', postcode: '10001' },
    { country: 'US', stateProvince: 'GU', postcode: '96910' },
    { country: 'US', stateProvince: 'UM', postcode: '96898' },
    { country: 'GB', stateProvince: 'Greater London', postcode: 'SW1A 1AA' },
    { country: 'AU', stateProvince: 'New South Wales', postcode: '2000' },
    { country: 'DE', postcode: '10115' },
  ])('accepts %j', (address) => {
    expect(creatorAddressSchema.safeParse(address).success).toBe(true);
  });

  it.each([
    { country: 'US', postcode: '10001' },
    { country: 'US', stateProvince: 'New York', postcode: '10001' },
    { country: 'US', stateProvince: 'XX', postcode: '10001' },
    { country: 'US', stateProvince: 'N', postcode: '10001' },
  ])('rejects %j with the stateProvince message', (address) => {
    expect(issuesOf(creatorAddressSchema.safeParse(address))).toEqual([
      ['stateProvince', 'If the country is US, stateProvince must be a two-digit US state code.'],
    ]);
  });

  it('applies the postcode rule', () => {
    expect(issuesOf(creatorAddressSchema.safeParse({ country: 'AU', postcode: '20000' }))).toEqual([
      ['postcode', 'Post/Zip code must be 4 digits'],
    ]);
  });

  it('limits stateProvince to 255 characters', () => {
    expect(
      issuesOf(
        creatorAddressSchema.safeParse({ country: 'GB', stateProvince: 'x'.repeat(256), postcode: 'M1 1AE' }),
      ),
    ).toEqual([['stateProvince', 'You cannot enter more than 255 characters']]);
  });
});
