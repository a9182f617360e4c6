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

// Real postcodes of each PAF format, most of them well-known addresses'.
const UK_POSTCODES_BY_FORMAT: Record<string, string[]> = {
  // Manchester, Birmingham, Anfield, Villa Park, Sheffield Town Hall, Glasgow City Chambers
  'A9 9AA': ['M1 1AE', 'B1 1BB', 'L4 0TH', 'B6 6HE', 'S1 2HH', 'G2 1DU'],
  // Birmingham, Manchester, One Canada Square, Old Trafford, Tottenham Hotspur Stadium, University of Liverpool
  'A99 9AA': ['B33 8TH', 'M60 1NW', 'E14 5AB', 'M16 0RA', 'N17 0BX', 'L69 3BX'],
  // Broadcasting House, the BBC, King's Cross, The Ritz, Claridge's
  'A9A 9AA': ['W1A 1AA', 'W1A 0AX', 'N1C 4AG', 'W1J 9BR', 'W1K 4HR'],
  // Croydon, the London Eye, Edinburgh Castle, Belfast City Hall, Wembley Stadium, the Natural History Museum,
  // the Bodleian Library, a non-geographic Lloyds Bank one
  'AA9 9AA': ['CR2 6XH', 'SE1 7PB', 'EH1 2NG', 'BT1 5GS', 'HA9 0WS', 'SW7 5BD', 'OX1 3BG', 'BX1 1LT'],
  // Royal Mail's Doncaster one, the All England Club, the Senedd, the Scottish Parliament, Principality Stadium
  'AA99 9AA': ['DN55 1PT', 'SW19 5AE', 'CF99 1SN', 'EH99 1SP', 'CF10 1NS'],
  // The City of London, Buckingham Palace, 10 Downing Street, the Palace of Westminster, the Bank of England,
  // the National Gallery, St Paul's Cathedral, the British Museum
  'AA9A 9AA': [
    'EC1A 1BB',
    'SW1A 1AA',
    'SW1A 2AA',
    'SW1A 0AA',
    'EC2R 8AH',
    'WC2N 5DN',
    'EC4M 8AD',
    'WC1B 3DG',
  ],
  // Girobank's, the one postcode of no other format
  'GIR 0AA': ['GIR 0AA'],
};

const shapeOf = (postcode: string) =>
  postcode === 'GIR 0AA' ? postcode : postcode.replace(/[A-Z]/g, 'A').replace(/\d/g, '9');

describe('UK postcodes', () => {
  const postcodes = Object.entries(UK_POSTCODES_BY_FORMAT).flatMap(([format, codes]) =>
    codes.map((postcode) => [format, postcode] as const),
  );

  it('has real postcodes of every PAF format, each of the format it is listed under', () => {
    expect(Object.keys(UK_POSTCODES_BY_FORMAT)).toEqual([
      'A9 9AA',
      'A99 9AA',
      'A9A 9AA',
      'AA9 9AA',
      'AA99 9AA',
      'AA9A 9AA',
      'GIR 0AA',
    ]);
    expect(postcodes.filter(([format, postcode]) => shapeOf(postcode) !== format)).toEqual([]);
  });

  it.each(postcodes)('accepts %s: %s, also in lower case and without its space', (_format, postcode) => {
    for (const written of [postcode, postcode.toLowerCase(), postcode.replace(' ', '')]) {
      expect(postcodeMessage('GB', written)).toBeNull();
      expect(isValidPostcode('GB', written)).toBe(true);
    }
  });

  it.each([
    ['mixed case', 'Sw1A 1aA'],
    ['surrounding spaces', '  DN55 1PT  '],
  ])('accepts %s: %j', (_case, value) => {
    expect(isValidPostcode('GB', value)).toBe(true);
    expect(postcodeMessage('GB', value)).toBeNull();
  });

  it.each([
    ['an incomplete inward code', 'SW1A 1A'],
    ['an extra letter', 'EC1A 1BBB'],
    ['two spaces', 'SW1A  1AA'],
    ['a space in the outward code', 'SW1 A1AA'],
    ['a hyphen', 'SW1A-1AA'],
    ['an outward code of 5 characters', 'EC1AB 1BB'],
    ['a letter where the inward code has its digit', 'SW1A AAA'],
    ['Q in the first position', 'QA1 1AA'],
    ['V in the first position', 'V1 1AA'],
    ["X in the first position (Royal Mail's for letters to Father Christmas)", 'XM4 5HQ'],
    ['I in the second position', 'AI1 1AA'],
    ['J in the second position', 'BJ1 1AA'],
    ['Z in the second position', 'SZ1 1AA'],
    ['Z after A9', 'W1Z 0AX'],
    ['L after A9', 'W1L 0AX'],
    ['C after AA9', 'EC1C 1BB'],
    ['D after AA9', 'SW1D 1AA'],
    ['C in the inward code', 'SW1A 1CA'],
    ['I in the inward code', 'SW1A 1AI'],
    ['K in the inward code', 'M1 1AK'],
    ['M in the inward code', 'W1A 1MA'],
    ['O in the inward code', 'M1 1OE'],
    ['V in the inward code', 'B33 8TV'],
    ['a missing inward code', 'SW1A'],
    ['digits only', '12345'],
    ['a US ZIP', '90210'],
    ['letters only', 'LONDON'],
    ['GIR with another inward code', 'GIR 0AB'],
    ["St Helena's, a territory of its own", 'STHL 1ZZ'],
    ["the Falkland Islands', a territory of its own", 'FIQQ 1ZZ'],
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
