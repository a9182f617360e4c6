/** A country's VAT number after its two-letter prefix. */
export interface VatNumberFormat {
  /** The number without its prefix, spaces and case already normalised away. */
  shape: RegExp;
  /** Called only on a number of the right shape; absent where only the shape can be checked. */
  hasValidCheckDigits?: (number: string) => boolean;
}

const digitsOf = (number: string) => [...number].map(Number);

const weightedSum = (number: string, weights: readonly number[]) =>
  digitsOf(number).reduce((sum, digit, index) => sum + digit * (weights[index] ?? 0), 0);

/** The remainder that is never negative, as the schemes are written (JavaScript's % keeps the sign). */
const modulo = (value: number, divisor: number) => ((value % divisor) + divisor) % divisor;

/** The Luhn sum of a number whose last digit is its check digit; 0 for a valid number. */
function luhnChecksum(number: string): number {
  const sum = digitsOf(number)
    .reverse()
    .reduce((total, digit, index) => {
      if (index % 2 === 0) return total + digit;
      const doubled = digit * 2;
      return total + (doubled > 9 ? doubled - 9 : doubled);
    }, 0);
  return sum % 10;
}

const passesLuhn = (number: string) => luhnChecksum(number) === 0;

/** ISO 7064 MOD 11,10, the German and Croatian scheme. */
function passesMod11Mod10(number: string): boolean {
  const check = digitsOf(number).reduce((carry, digit) => ((((carry || 10) * 2) % 11) + digit) % 10, 5);
  return check === 1;
}

/** ISO 7064 MOD 97-10 over letters and digits (A = 10 … Z = 35), as IBANs use it. */
function passesMod97Mod10(text: string): boolean {
  const remainder = [...text].reduce((carry, character) => {
    const value = Number.parseInt(character, 36);
    return value > 9 ? (carry * 100 + value) % 97 : (carry * 10 + value) % 97;
  }, 0);
  return remainder === 1;
}

/** Austria: the Luhn sum of the 7 digits after U decides the last one. */
const hasValidAustrianCheckDigit = (number: string) =>
  String(modulo(6 - luhnChecksum(number.slice(1, 8)), 10)) === number.slice(8);

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_LETTERS = 'JABCDEFGHI';

/**
 * Spain's NIF: residents (8 digits) and the K, L and M numbers have a DNI letter, foreigners (X, Y, Z) an NIE
 * letter, and companies a CIF check that some organisations write as a digit and others as a letter.
 */
function hasValidSpanishCheckCharacter(number: string): boolean {
  const first = number[0] ?? '';
  const last = number[8] ?? '';
  if (/\d/.test(first)) return DNI_LETTERS[Number(number.slice(0, 8)) % 23] === last;
  if ('KLM'.includes(first)) return DNI_LETTERS[Number(number.slice(1, 8)) % 23] === last;
  if ('XYZ'.includes(first)) {
    return DNI_LETTERS[Number(`${'XYZ'.indexOf(first)}${number.slice(1, 8)}`) % 23] === last;
  }
  const checkDigit = modulo(-luhnChecksum(`${number.slice(1, 8)}0`), 10);
  return last === String(checkDigit) || last === CIF_LETTERS[checkDigit];
}

const FRENCH_KEY_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * France: the last 9 digits are a SIREN (Luhn), except Monaco's '000' numbers; the 2-character key is
 * (SIREN × 100 + 12) mod 97 when numeric, and python-stdnum's scheme for the newer alphanumeric keys.
 */
function hasValidFrenchKey(number: string): boolean {
  const key = number.slice(0, 2);
  const siren = number.slice(2);
  if (!siren.startsWith('000') && !passesLuhn(siren)) return false;
  if (/^\d{2}$/.test(key)) return Number(key) === Number(`${siren}12`) % 97;
  const first = FRENCH_KEY_ALPHABET.indexOf(key[0] ?? '');
  const second = FRENCH_KEY_ALPHABET.indexOf(key[1] ?? '');
  const check = first < 10 ? first * 24 + second - 10 : first * 34 + second - 100;
  return (Number(siren) + 1 + Math.floor(check / 11)) % 11 === check % 11;
}

const IRISH_CHECK_LETTERS = 'WABCDEFGHIJKLMNOPQRSTUV';

function irishCheckLetter(sevenDigits: string, secondLetter: string): string {
  const sum = weightedSum(sevenDigits, [8, 7, 6, 5, 4, 3, 2]);
  // No second letter counts as 'W', whose index is 0: ''.indexOf finds the empty string at 0.
  return IRISH_CHECK_LETTERS[(sum + 9 * IRISH_CHECK_LETTERS.indexOf(secondLetter)) % 23] ?? '';
}

/** Ireland: 7 digits, a check letter and an optional second letter; or the old form with a letter second. */
function hasValidIrishCheckLetter(number: string): boolean {
  if (/^\d{7}/.test(number)) return number[7] === irishCheckLetter(number.slice(0, 7), number.slice(8));
  return number[7] === irishCheckLetter(`0${number.slice(2, 7)}${number[0] ?? ''}`, '');
}

/** Italy: a tax office's code (001-100, 120, 121, 888, 999) in digits 8 to 10, and Luhn. */
function hasValidItalianCheckDigit(number: string): boolean {
  const office = number.slice(7, 10);
  const isKnownOffice = (office >= '001' && office <= '100') || ['120', '121', '888', '999'].includes(office);
  return isKnownOffice && passesLuhn(number);
}

/** Lithuania: weights 1-9 repeating; a remainder of 10 takes the weights shifted by two. */
function hasValidLithuanianCheckDigit(number: string): boolean {
  const body = number.slice(0, -1);
  const weighted = (shift: number) =>
    digitsOf(body).reduce((sum, digit, index) => sum + digit * (1 + ((index + shift) % 9)), 0);
  const first = weighted(0) % 11;
  const check = first === 10 ? weighted(2) % 11 : first;
  return String(check % 10) === number.slice(-1);
}

/** The Netherlands: the 9 digits pass the BSN eleven-test (older numbers) or the whole number MOD 97-10. */
function hasValidDutchCheckDigits(number: string): boolean {
  const body = number.slice(0, 9);
  if (/^0+$/.test(body)) return false;
  const passesElevenTest = (weightedSum(body, [9, 8, 7, 6, 5, 4, 3, 2]) - Number(body[8])) % 11 === 0;
  return passesElevenTest || passesMod97Mod10(`NL${number}`);
}

/** Romania: weights 7,5,3,2,1,7,5,3,2 over the number without its check digit, padded to 9 digits. */
function hasValidRomanianCheckDigit(number: string): boolean {
  const body = number.slice(0, -1).padStart(9, '0');
  return String(((10 * weightedSum(body, [7, 5, 3, 2, 1, 7, 5, 3, 2])) % 11) % 10) === number.slice(-1);
}

/** Slovenia: 11 minus the weighted sum mod 11, where 10 is written 0 and 11 cannot occur. */
function hasValidSlovenianCheckDigit(number: string): boolean {
  const check = 11 - (weightedSum(number.slice(0, 7), [8, 7, 6, 5, 4, 3, 2]) % 11);
  return String(check === 10 ? 0 : check) === number.slice(7);
}

const CYPRIOT_ALTERNATE_DIGIT_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];

/** Cyprus: the 1st, 3rd, 5th and 7th digits count through a table, the others as they are. */
function hasValidCypriotCheckLetter(number: string): boolean {
  const sum = digitsOf(number.slice(0, 8)).reduce(
    (total, digit, index) => total + (index % 2 === 0 ? (CYPRIOT_ALTERNATE_DIGIT_VALUES[digit] ?? 0) : digit),
    0,
  );
  return String.fromCharCode(65 + (sum % 26)) === number[8];
}

/** Greece: the 8 digits read as a binary-weighted number, times 2, mod 11, mod 10. */
function hasValidGreekCheckDigit(number: string): boolean {
  const sum = digitsOf(number.slice(0, 8)).reduce((total, digit) => total * 2 + digit, 0);
  return String(((sum * 2) % 11) % 10) === number.slice(8);
}

/** Bulgaria: 9-digit (company) numbers have weights 1-8, or 3-10 when that leaves 10. */
function hasValidBulgarianCheckDigit(number: string): boolean {
  if (number.length !== 9) return true;
  const body = number.slice(0, 8);
  const first = weightedSum(body, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
  const check = first === 10 ? weightedSum(body, [3, 4, 5, 6, 7, 8, 9, 10]) % 11 : first;
  return String(check % 10) === number.slice(8);
}

/**
 * A 10-digit Czech or Slovak birth number (rodné číslo), and a Slovak tax number: the first 9 digits mod 11 give
 * the last, a remainder of 10 written 0 (as birth numbers given before 1985 have it). No date is read, so no
 * calendar can refuse a real number.
 */
const hasValidElevenCheckDigit = (number: string) =>
  String((Number(number.slice(0, 9)) % 11) % 10) === number.slice(9);

/**
 * Czechia: 8-digit (company) numbers have weights 8-2 mod 11, where 0 and 10 become 1 and 0; 10-digit ones are
 * birth numbers. 9-digit ones, birth numbers from before 1954 and a few special numbers, have no check digit
 * of their own scheme that holds for all of them.
 */
function hasValidCzechCheckDigit(number: string): boolean {
  if (number.length === 10) return hasValidElevenCheckDigit(number);
  if (number.length !== 8) return true;
  const check = modulo(11 - weightedSum(number.slice(0, 7), [8, 7, 6, 5, 4, 3, 2]), 11);
  return String((check || 1) % 10) === number.slice(7);
}

/** Latvia: companies' numbers start with 4-9 and their weighted sum leaves 3. */
function hasValidLatvianCheckDigit(number: string): boolean {
  if (/^[0-3]/.test(number)) return true;
  return weightedSum(number, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 === 3;
}

const weightedSumIsMultiple = (weights: readonly number[], divisor: number) => (number: string) =>
  modulo(weightedSum(number, weights), divisor) === 0;

/**
 * Each EU member state's VAT number after its prefix.
 *
 * The shapes are the European Commission's table "VAT identification number structure" in the Q&A of VIES,
 * its VAT number validation service (e.g. ATU99999999, BE0999999999, ESX9999999X, FRXX999999999, IE9S99999L,
 * IE9999999WI, NL999999999B99, RO of 2 to 10 digits, SE999999999999), narrowed where a state's own scheme
 * allows fewer first characters, as python-stdnum (stdnum.eu.vat and its national modules) documents them. Forms VIES does
 * not define are refused even where some validators pad them: Belgium's old 9 digits, Dutch numbers of fewer
 * than 9 digits before the B, Greece's 8 digits, a Romanian personal number (13 digits).
 *
 * Check digits are python-stdnum's, where its scheme is self-contained. The Bulgarian and Latvian numbers of
 * people, and Czech 9-digit ones, embed a birth date or number that python-stdnum checks against calendars and
 * special cases: rather than risk refusing real numbers, those are checked for their shape only. Czech
 * 10-digit and all Slovak numbers carry the mod 11 check digit of a birth number or tax number.
 */
export const EU_VAT_NUMBER_FORMATS = {
  AT: { shape: /^U\d{8}$/, hasValidCheckDigits: hasValidAustrianCheckDigit },
  BE: {
    shape: /^[01]\d{9}$/,
    hasValidCheckDigits: (number) =>
      !/^0+$/.test(number) && (Number(number.slice(0, 8)) + Number(number.slice(8))) % 97 === 0,
  },
  BG: { shape: /^\d{9,10}$/, hasValidCheckDigits: hasValidBulgarianCheckDigit },
  CY: { shape: /^(?!12)\d{8}[A-Z]$/, hasValidCheckDigits: hasValidCypriotCheckLetter },
  CZ: { shape: /^(?:[0-8]\d{7}|\d{9,10})$/, hasValidCheckDigits: hasValidCzechCheckDigit },
  DE: { shape: /^[1-9]\d{8}$/, hasValidCheckDigits: passesMod11Mod10 },
  DK: { shape: /^[1-9]\d{7}$/, hasValidCheckDigits: weightedSumIsMultiple([2, 7, 6, 5, 4, 3, 2, 1], 11) },
  EE: { shape: /^\d{9}$/, hasValidCheckDigits: weightedSumIsMultiple([3, 7, 1, 3, 7, 1, 3, 7, 1], 10) },
  EL: { shape: /^\d{9}$/, hasValidCheckDigits: hasValidGreekCheckDigit },
  ES: {
    shape: /^(?:\d{8}[A-Z]|[KLMXYZ]\d{7}[A-Z]|[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J])$/,
    hasValidCheckDigits: hasValidSpanishCheckCharacter,
  },
  FI: { shape: /^\d{8}$/, hasValidCheckDigits: weightedSumIsMultiple([7, 9, 10, 5, 8, 4, 2, 1], 11) },
  FR: { shape: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, hasValidCheckDigits: hasValidFrenchKey },
  HR: { shape: /^\d{11}$/, hasValidCheckDigits: passesMod11Mod10 },
  HU: { shape: /^\d{8}$/, hasValidCheckDigits: weightedSumIsMultiple([9, 7, 3, 1, 9, 7, 3, 1], 10) },
  IE: { shape: /^(?:\d{7}[A-W][A-W]?|\d[A-Z+*]\d{5}[A-W])$/, hasValidCheckDigits: hasValidIrishCheckLetter },
  IT: { shape: /^(?!0{7})\d{11}$/, hasValidCheckDigits: hasValidItalianCheckDigit },
  LT: { shape: /^(?:\d{7}1\d|\d{10}1\d)$/, hasValidCheckDigits: hasValidLithuanianCheckDigit },
  LU: {
    shape: /^\d{8}$/,
    hasValidCheckDigits: (number) => Number(number.slice(0, 6)) % 89 === Number(number.slice(6)),
  },
  LV: { shape: /^\d{11}$/, hasValidCheckDigits: hasValidLatvianCheckDigit },
  MT: { shape: /^[1-9]\d{7}$/, hasValidCheckDigits: weightedSumIsMultiple([3, 4, 6, 7, 8, 9, 10, 1], 37) },
  NL: { shape: /^\d{9}B(?!00)\d{2}$/, hasValidCheckDigits: hasValidDutchCheckDigits },
  PL: {
    shape: /^\d{10}$/,
    hasValidCheckDigits: weightedSumIsMultiple([6, 5, 7, 2, 3, 4, 5, 6, 7, -1], 11),
  },
  PT: {
    shape: /^[1-9]\d{8}$/,
    hasValidCheckDigits: (number) =>
      String(modulo(11 - weightedSum(number.slice(0, 8), [9, 8, 7, 6, 5, 4, 3, 2]), 11) % 10) ===
      number.slice(8),
  },
  RO: { shape: /^[1-9]\d{1,9}$/, hasValidCheckDigits: hasValidRomanianCheckDigit },
  SE: { shape: /^\d{10}01$/, hasValidCheckDigits: (number) => passesLuhn(number.slice(0, 10)) },
  SI: { shape: /^[1-9]\d{7}$/, hasValidCheckDigits: hasValidSlovenianCheckDigit },
  SK: { shape: /^\d{10}$/, hasValidCheckDigits: hasValidElevenCheckDigit },
} as const satisfies Record<string, VatNumberFormat>;
