import { describe, expect, it } from 'vitest';
import {
  abnStatusMessage,
  hasAbnFormat,
  isValidAbn,
  isValidGbVat,
  isValidVatFormat,
  isValidVatNumber,
  taxRegistrationSchema,
  vatNumberProblem,
} from './tax';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('isValidAbn', () => {
  // 51 824 753 556: (5-1)*10 + 1*1 + 8*3 + 2*5 + 4*7 + 7*9 + 5*11 + 3*13 + 5*15 + 5*17 + 6*19 = 534 = 6 * 89
  // 53 004 085 616: 40 + 3 + 0 + 0 + 28 + 0 + 88 + 65 + 90 + 17 + 114 = 445 = 5 * 89
  // 33 051 775 556: 20 + 3 + 0 + 25 + 7 + 63 + 77 + 65 + 75 + 85 + 114 = 534 = 6 * 89
  it.each(['51824753556', '53004085616', '33051775556'])('accepts the real ABN %s', (value) => {
    expect(isValidAbn(value)).toBe(true);
  });

  it.each([
    ['a bad check digit', '51824753557'],
    ['another bad check digit', '53004085617'],
    ['two digits swapped', '15824753556'],
    ['a sequence', '12345678901'],
    ['spaces', '51 824 753 556'],
    ['10 digits', '5182475355'],
    ['12 digits', '518247535560'],
    ['a prefix', 'ABN51824753556'],
    ['a leading zero', '01824753556'],
    ['letters', '5182475355A'],
    ['nothing', ''],
  ])('rejects %s: %j', (_case, value) => {
    expect(isValidAbn(value)).toBe(false);
  });

  it('tells the format apart from the checksum', () => {
    expect(hasAbnFormat('51824753557')).toBe(true);
    expect(hasAbnFormat('51 824 753 556')).toBe(false);
  });
});

describe('isValidVatFormat', () => {
  it.each([
    ['a German number, check digits not looked at', 'DE123456789'],
    ['a French number', 'FR12345678901'],
    ['a Dutch number', 'NL123456789B01'],
    ['an Austrian number', 'ATU12345678'],
    ['an Irish number with two letters', 'IE1234567WA'],
    ['a Greek number under EL', 'EL123456789'],
    ['a UK number', 'GB980780684'],
    ['a Northern Irish number', 'XI980780684'],
    ['spaces and lower case', 'de 123 456 789'],
  ])('accepts %s: %s', (_case, value) => {
    expect(isValidVatFormat(value)).toBe(true);
  });

  it.each([
    ['no prefix', '123456789'],
    ['a one-letter prefix', 'D123456789'],
    ['a German number of 1 digit', 'DE1'],
    ['a German number of 2 digits', 'DE12'],
    ['a German number of 13 digits', 'DE1234567890123'],
    ['a hyphen', 'DE-123456789'],
    ['a digit in the prefix', '1E123456789'],
    ['a symbol', 'DE12345678!'],
    ['Greece under its ISO code', 'GR123456789'],
    ['an unknown prefix', 'QQ12345678'],
    ['letters where a state has digits', 'PLABCDEFGHIJ'],
    ['nothing', ''],
  ])('rejects %s: %j', (_case, value) => {
    expect(isValidVatFormat(value)).toBe(false);
  });
});

describe('isValidGbVat', () => {
  // Weights 8..2 over the first seven digits, plus the two-digit check number:
  // 980 7806 84: 9*8 + 8*7 + 0*6 + 7*5 + 8*4 + 0*3 + 6*2 = 207; 207 + 84 = 291 = 3 * 97 (old scheme)
  // 980 7806 29: 207 + 29 = 236; 236 + 55 = 291 = 3 * 97 (9755 scheme)
  // 123 4567 82: 1*8 + 2*7 + 3*6 + 4*5 + 5*4 + 6*3 + 7*2 = 112; 112 + 82 = 194 = 2 * 97 (old scheme)
  // 123 4567 27: 112 + 27 = 139; 139 + 55 = 194 = 2 * 97 (9755 scheme)
  it.each([
    ['old scheme', 'GB980780684'],
    ['old scheme with spaces', 'GB 980 7806 84'],
    ['old scheme, lower case', 'gb980780684'],
    ['old scheme without the prefix', '980780684'],
    ['old scheme, another number', 'GB123456782'],
    ['9755 scheme', 'GB980780629'],
    ['9755 scheme, another number', 'GB123456727'],
    ['9755 scheme without the prefix', '123 4567 27'],
    ['a branch suffix', 'GB980780684001'],
    ['a government department', 'GBGD001'],
    ['the last government department', 'GBGD499'],
    ['a health authority', 'GBHA500'],
    ['the last health authority', 'GBHA999'],
  ])('accepts %s: %s', (_case, value) => {
    expect(isValidGbVat(value)).toBe(true);
  });

  it.each([
    // 980 7806 85: 292 % 97 = 1 and 347 % 97 = 56
    ['a bad check number', 'GB980780685'],
    // 980 7806 30: 237 % 97 = 43 and 292 % 97 = 1
    ['a bad 9755 check number', 'GB980780630'],
    // 123 4567 89: 201 % 97 = 7 and 256 % 97 = 62
    ['a sequence', 'GB123456789'],
    ['two digits swapped', 'GB890780684'],
    ['a branch on a bad number', 'GB980780685001'],
    ['all zeros', 'GB000000000'],
    ['8 digits', 'GB98078068'],
    ['10 digits', 'GB9807806841'],
    ['another country', 'FR980780684'],
    ['a government department out of range', 'GBGD500'],
    ['a health authority out of range', 'GBHA499'],
    ['letters', 'GBABCDEFGHI'],
    ['nothing', ''],
  ])('rejects %s: %s', (_case, value) => {
    expect(isValidGbVat(value)).toBe(false);
  });
});

// UK numbers their holders publish, as python-stdnum's tests/test_gb_vat.doctest collects them: the old
// scheme's and the 9755 scheme's, and a trader's with a branch suffix.
const PUBLISHED_UK_NUMBERS = `
  GB 002 4257 28, GB 003232345, GB 100 1950 75, GB 100190874, GB 102675046, GB 232177091, GB 242338087388,
  GB 311 405 025, GB 362 5866 29, GB 417 2280 71, GB 436 0630 72, GB 495 2781 05, GB 507 5768 25,
  GB 521 6763 52, GB 586 367 295, GB 591 9373 01, GB 605 8678 15, GB 662 8564 06, GB 698 550 577,
  GB 733 4428 41, GB 770 381 235, GB 784 9117 89, GB 808 6365 12, GB 812 8333 44, GB 818243334,
  GB 823 531 352, GB 829 9594 59, GB 845788960, GB 879 7056 62, GB 881 3758 91, GB 913 3041 68, GB 933210951,
  GB 975 8664 50, GB 977 4872 51, GB 980780684, GB 997 7094 44, GB260311213, GB653599494, GB974053902
`;

describe('published UK VAT numbers', () => {
  const numbers = PUBLISHED_UK_NUMBERS.split(',').map((number) => number.trim());

  it('accepts every one, with GB, with XI and without a prefix', () => {
    expect(numbers).toHaveLength(39);
    for (const written of [
      numbers,
      numbers.map((number) => number.replace(/^GB/, 'XI')),
      numbers.map((number) => number.replace(/^GB/, '')),
    ]) {
      expect(written.filter((number) => !isValidVatNumber(number))).toEqual([]);
    }
  });

  it('refuses each 9-digit one with its last digit changed', () => {
    const nineDigits = numbers.filter((number) => /^GB\d{9}$/.test(number.replace(/\s/g, '')));
    expect(nineDigits).toHaveLength(38);
    const changed = nineDigits.map(
      (number) => `${number.slice(0, -1)}${(Number(number.slice(-1)) + 1) % 10}`,
    );
    expect(changed.filter((number) => vatNumberProblem(number) !== 'check digits')).toEqual([]);
  });
});

describe('isValidVatNumber', () => {
  it.each([
    ['GB980780684', null],
    ['980780629', null],
    ['GBGD001', null],
    ['XI980780684', null],
    ['xi 980 7806 29', null],
    ['XI 432525179', null],
    ['DE136695976', null],
    ['GB980780685', 'check digits'],
    ['980780685', 'check digits'],
    ['XI980780685', 'check digits'],
    ['DE123456789', 'check digits'],
    ['12 345 678', 'format'],
    ['XI98078068', 'format'],
    ['XIGD500', 'format'],
    ['DE1', 'format'],
    ['GR094501040', 'unknown prefix'],
    ['EU372022452', 'unknown prefix'],
    ['US123456789', 'unknown prefix'],
    ['V123', 'unknown prefix'],
    ['', 'unknown prefix'],
  ] as const)('%j: %s', (value, problem) => {
    expect(vatNumberProblem(value)).toBe(problem);
    expect(isValidVatNumber(value)).toBe(problem === null);
  });
});

describe('tax registration rule', () => {
  it.each([
    { isRegistered: false, type: 'VAT' },
    { isRegistered: false, type: 'ABN', number: '' },
    { isRegistered: true, type: 'VAT', number: 'GB 980 7806 84' },
    { isRegistered: true, type: 'VAT', number: 'GB980780684', validationStatus: 'not verified' },
    { isRegistered: true, type: 'VAT', number: 'DE 136 695 976' },
    { isRegistered: true, type: 'VAT', number: 'EL094501040' },
    { isRegistered: true, type: 'ABN', number: '51824753556' },
    { isRegistered: true, type: 'ABN', number: '51824753556', validationStatus: 'valid' },
    { isRegistered: true, type: 'ABN', number: '51824753556', validationStatus: 'not verified' },
  ])('accepts %j', (registration) => {
    expect(taxRegistrationSchema.safeParse(registration).success).toBe(true);
  });

  it('is not verified until checked', () => {
    expect(
      taxRegistrationSchema.parse({ isRegistered: true, type: 'ABN', number: '51824753556' }),
    ).toMatchObject({
      validationStatus: 'not verified',
    });
  });

  it.each([
    [{ isRegistered: true, type: 'VAT' }, 'VAT number is required when VAT registered'],
    [{ isRegistered: true, type: 'VAT', number: '  ' }, 'VAT number is required when VAT registered'],
    [{ isRegistered: true, type: 'ABN', number: '' }, 'ABN number is required when ABN registered'],
    [
      { isRegistered: true, type: 'VAT', number: 'GB980780685' },
      'The entered VAT is invalid, please enter a correct VAT number',
    ],
    [
      { isRegistered: true, type: 'VAT', number: 'V123' },
      'The entered VAT is invalid, please enter a correct VAT number',
    ],
    [
      { isRegistered: true, type: 'VAT', number: '12 345 678' },
      'The entered VAT is invalid, please enter a correct VAT number',
    ],
    [
      { isRegistered: true, type: 'VAT', number: 'DE123456789' },
      'The entered VAT is invalid, please enter a correct VAT number',
    ],
    [
      { isRegistered: true, type: 'VAT', number: 'DE12' },
      'The entered VAT is invalid, please enter a correct VAT number',
    ],
    [
      { isRegistered: true, type: 'VAT', number: 'GR094501040' },
      'The entered VAT is invalid, please enter a correct VAT number',
    ],
    // HMRC says the number is not registered: it cannot be saved as a registration.
    [
      { isRegistered: true, type: 'VAT', number: 'GB980780684', validationStatus: 'invalid' },
      'The entered VAT is invalid, please enter a correct VAT number',
    ],
    [
      { isRegistered: true, type: 'ABN', number: '51 824 753 556' },
      'Invalid ABN Format. Ensure you’ve entered 11 digits with no spaces.',
    ],
    [
      { isRegistered: true, type: 'ABN', number: '5182475355' },
      'Invalid ABN Format. Ensure you’ve entered 11 digits with no spaces.',
    ],
    [
      { isRegistered: true, type: 'ABN', number: '51824753557' },
      'The ABN entered is not valid. Please check and try again.',
    ],
    [
      { isRegistered: true, type: 'ABN', number: '51824753556', validationStatus: 'invalid' },
      'The ABN entered is not valid. Please check and try again.',
    ],
    [
      { isRegistered: true, type: 'ABN', number: '51824753556', validationStatus: 'cancelled' },
      'The ABN provided is currently inactive. Please update or provide an Active ABN.',
    ],
  ])('rejects %j on the number field', (registration, message) => {
    expect(issuesOf(taxRegistrationSchema.safeParse(registration))).toEqual([['number', message]]);
  });

  it.each([
    ['valid', null],
    ['invalid', 'The ABN entered is not valid. Please check and try again.'],
    ['cancelled', 'The ABN provided is currently inactive. Please update or provide an Active ABN.'],
    ['not verified', 'The ABN provided is currently inactive. Please update or provide an Active ABN.'],
  ] as const)('shows the right message after an ABN lookup that left it %s', (status, message) => {
    expect(abnStatusMessage(status)).toBe(message);
  });
});
