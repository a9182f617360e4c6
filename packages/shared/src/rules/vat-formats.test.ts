import { describe, expect, it } from 'vitest';
import { isValidVatNumber, vatNumberProblem, type VatNumberProblem } from './tax';
import { EU_VAT_NUMBER_FORMATS } from './vat-formats';

interface CountryCases {
  valid: string[];
  wrongCheckDigits: string[];
  wrongFormat: string[];
}

// Valid numbers are real ones, published by their holders and collected in python-stdnum's tests, unless a
// comment works one out; each state's first one has its check worked out. A wrong check digit is a valid
// number with one character changed (or one python-stdnum's tests list as mangled).
const CASES: Record<string, CountryCases> = {
  // U1358562|7: Luhn sum of 1358562 = 29, (6 - 29) mod 10 = 7.
  AT: {
    valid: ['ATU13585627', 'ATU 142 43 102'],
    wrongCheckDigits: ['ATU13585628', 'ATU14343102'],
    wrongFormat: ['AT13585627', 'ATU1358562', 'ATU135856270', 'ATX13585627'],
  },
  // 04287594|97: (4287594 + 97) mod 97 = 0. 1001234592, a number of the newer 1 series: 10012345 mod 97 = 5,
  // so its check is 97 - 5 = 92.
  BE: {
    valid: ['BE0428759497', 'BE 0402 918 402', 'BE1001234592'],
    wrongCheckDigits: ['BE0428759498', 'BE0406139583', 'BE0000000000'],
    wrongFormat: ['BE428759497', 'BE2428759497', 'BE04287594970', 'BE0428.759.497'],
  },
  // 17507475|2: 1*1 + 7*2 + 5*3 + 0*4 + 7*5 + 4*6 + 7*7 + 5*8 = 178, 178 mod 11 = 2. The 10-digit number is a
  // person's, whose shape alone is checked.
  BG: {
    valid: ['BG175074752', 'BG 131 202 360', 'BG7542011030'],
    wrongCheckDigits: ['BG175074751', 'BG131172009'],
    wrongFormat: ['BG17507475', 'BG17507475200', 'BG10X8735941'],
  },
  // 10258074|Y: 1→0, 0, 2→5, 5, 8→19, 0, 7→17, 4; 0 + 0 + 5 + 5 + 19 + 0 + 17 + 4 = 50, 50 mod 26 = 24 = Y.
  CY: {
    valid: ['CY10258074Y', 'CY10008489A'],
    wrongCheckDigits: ['CY10258074X', 'CY10246672F'],
    wrongFormat: ['CY102580740', 'CY1025807Y', 'CY12258074Y'],
  },
  // 2512389|1: 2*8 + 5*7 + 1*6 + 2*5 + 3*4 + 8*3 + 9*2 = 121, (11 - 121) mod 11 = 0, written 1. The 9- and
  // 10-digit numbers are people's, whose shape alone is checked.
  CZ: {
    valid: ['CZ25123891', 'CZ 614 678 39', 'CZ640903926', 'CZ7103192745'],
    wrongCheckDigits: ['CZ25123890', 'CZ25557481'],
    wrongFormat: ['CZ2512389', 'CZ95123891', 'CZ71031927450'],
  },
  // 13669597|6: ISO 7064 MOD 11,10 runs 1, 5, 6, 7, 2, 9, 6, 8 and ends on 1.
  DE: {
    valid: ['DE136695976', 'DE 811 125 440'],
    wrongCheckDigits: ['DE136695977', 'DE123456789', 'DE125014855'],
    wrongFormat: ['DE036695976', 'DE13669597', 'DE1366959760', 'DE12'],
  },
  // 21599336: 2*2 + 1*7 + 5*6 + 9*5 + 9*4 + 3*3 + 3*2 + 6*1 = 143 = 13 * 11.
  DK: {
    valid: ['DK21599336', 'DK 10 50 32 80'],
    wrongCheckDigits: ['DK21599337', 'DK11965658'],
    wrongFormat: ['DK01599336', 'DK2159933', 'DK215993360'],
  },
  // 100931558: 1*3 + 0*7 + 0*1 + 9*3 + 3*7 + 1*1 + 5*3 + 5*7 + 8*1 = 110, a multiple of 10.
  EE: {
    valid: ['EE100931558', 'EE101256753'],
    wrongCheckDigits: ['EE100931559', 'EE100941558'],
    wrongFormat: ['EE10093155', 'EE1009315580'],
  },
  // 09450104|0: 09450104 read in base 2 with decimal digits = 792, 792 * 2 = 1584, 1584 mod 11 = 0.
  EL: {
    valid: ['EL094501040', 'EL 998 722 134'],
    wrongCheckDigits: ['EL094501041', 'EL094013834'],
    wrongFormat: ['EL94501040', 'EL0945010400', 'EL09450104A'],
  },
  // A0837031|4: the Luhn check digit of 0837031 is 4. Q0818001|J: the Luhn check digit of 0818001 is 0, which
  // the letter form writes J. 54362315|K: 54362315 mod 23 = 21 = K. Y5277343|F: 15277343 mod 23 = 7 = F.
  // M1234567|L: 1234567 mod 23 = 19 = L.
  ES: {
    valid: ['ESA08370314', 'ESQ0818001J', 'ES54362315K', 'ESY5277343F', 'ESX5253868R', 'ESM1234567L'],
    wrongCheckDigits: ['ESA08370315', 'ESQ0818001A', 'ES54362315L', 'ESY5277343G', 'ESX5253868S'],
    wrongFormat: ['ESI0818001J', 'ES543623155', 'ES5436231K', 'ESA0837031K', 'ESA083703141'],
  },
  // 20946063: 2*7 + 0*9 + 9*10 + 4*5 + 6*8 + 0*4 + 6*2 + 3*1 = 187 = 17 * 11.
  FI: {
    valid: ['FI20946063', 'FI02459042'],
    wrongCheckDigits: ['FI20946064', 'FI20946036'],
    wrongFormat: ['FI2094606', 'FI209460630'],
  },
  // 23|334175221: the SIREN passes Luhn and 33417522112 mod 97 = 23. K7|399859412: K = 19 and 7 = 7 in the
  // key alphabet, 19 * 34 + 7 - 100 = 553, and (399859412 + 1 + 553 div 11) mod 11 = 3 = 553 mod 11.
  FR: {
    valid: ['FR23334175221', 'FR 40 303 265 045', 'FRK7399859412', 'FR4Z123456782'],
    wrongCheckDigits: ['FR24334175221', 'FR84323140391', 'FRL7399859412', 'FR23334175222'],
    wrongFormat: ['FRIO334175221', 'FR2333417522', 'FR233341752210', 'FR-23334175221'],
  },
  // 3339200596|1: ISO 7064 MOD 11,10, as for Germany.
  HR: {
    valid: ['HR33392005961'],
    wrongCheckDigits: ['HR33392005962'],
    wrongFormat: ['HR3339200596', 'HR333920059610'],
  },
  // 12892312: 1*9 + 2*7 + 8*3 + 9*1 + 2*9 + 3*7 + 1*3 + 2*1 = 100, a multiple of 10.
  HU: {
    valid: ['HU12892312', 'HU13852467'],
    wrongCheckDigits: ['HU12892313', 'HU18206363'],
    wrongFormat: ['HU1289231', 'HU128923120'],
  },
  // 6433435|F: 6*8 + 4*7 + 3*6 + 3*5 + 4*4 + 3*3 + 5*2 = 144, 144 mod 23 = 6 = F in WABCDEF…; with the second
  // letter A (1), 144 + 9 * 1 = 153, 153 mod 23 = 15 = O. 8D79739I is the old form, the letter second.
  IE: {
    valid: ['IE6433435F', 'IE6433435OA', 'IE8D79739I'],
    wrongCheckDigits: ['IE6433435E', 'IE6433435OB', 'IE8D79739J'],
    wrongFormat: ['IE64334356', 'IE6433435X', 'IE643343F', 'IE4550C59S'],
  },
  // 00743110157: a Luhn sum of 30, and 015 is a tax office's code. 00687129980 passes Luhn, but 998 is no
  // office's code.
  IT: {
    valid: ['IT00743110157', 'IT 095 968 210 00'],
    wrongCheckDigits: ['IT00743110158', 'IT00687129980'],
    wrongFormat: ['IT0074311015', 'IT007431101570', 'IT00000000000'],
  },
  // 11951151|5: 1*1 + 1*2 + 9*3 + 5*4 + 1*5 + 1*6 + 5*7 + 1*8 = 104, 104 mod 11 = 5.
  LT: {
    valid: ['LT119511515', 'LT100001919017', 'LT100004801610'],
    wrongCheckDigits: ['LT119511516', 'LT100001919018'],
    wrongFormat: ['LT119511525', 'LT100001354', 'LT11951151', 'LT100001509922'],
  },
  // 209936|74: 209936 mod 89 = 74.
  LU: {
    valid: ['LU20993674', 'LU15027442'],
    wrongCheckDigits: ['LU20993675'],
    wrongFormat: ['LU2099367', 'LU209936740'],
  },
  // 40003521600: 4*9 + 0*1 + 0*4 + 0*8 + 3*3 + 5*10 + 2*2 + 1*5 + 6*7 + 0*6 + 0*1 = 146, 146 mod 11 = 3. The
  // number starting 1 is a person's, whose shape alone is checked.
  LV: {
    valid: ['LV40003521600', 'LV 4000 3521 600', 'LV16117519997'],
    wrongCheckDigits: ['LV40003521601', 'LV40003189715'],
    wrongFormat: ['LV4000352160', 'LV400035216000'],
  },
  // 19661023: 1*3 + 9*4 + 6*6 + 6*7 + 1*8 + 0*9 + 2*10 + 3*1 = 148 = 4 * 37.
  MT: {
    valid: ['MT19661023', 'MT10396417'],
    wrongCheckDigits: ['MT19661024'],
    wrongFormat: ['MT09661023', 'MT1966102'],
  },
  // 00449544|5: 0*9 + 0*8 + 4*7 + 4*6 + 9*5 + 5*4 + 4*3 + 4*2 = 137, 137 - 5 = 132 = 12 * 11 (the BSN test).
  // 002455799B11, a sole trader's number since 2020: NL002455799B11 as 23 21 0 0 2 4 5 5 7 9 9 11 1 1 is 1
  // mod 97.
  NL: {
    valid: ['NL004495445B01', 'NL002455799B11', 'NL818643778B01'],
    wrongCheckDigits: ['NL123456789B90', 'NL004495446B01', 'NL000000000B01'],
    wrongFormat: ['NL004495445B00', 'NL4495445B01', 'NL004495445C01', 'NL004495445B1', 'NL004495445'],
  },
  // 5211355116: 5*6 + 2*5 + 1*7 + 1*2 + 3*3 + 5*4 + 5*5 + 1*6 + 1*7 - 6 = 110 = 10 * 11.
  PL: {
    valid: ['PL5211355116', 'PL5840304472'],
    wrongCheckDigits: ['PL5211355117', 'PL5211353116'],
    wrongFormat: ['PL521135511', 'PL52113551160'],
  },
  // 50244891|1: 5*9 + 0*8 + 2*7 + 4*6 + 4*5 + 8*4 + 9*3 + 1*2 = 164, (11 - 164) mod 11 = 1.
  PT: {
    valid: ['PT502448911', 'PT500019720'],
    wrongCheckDigits: ['PT502448912'],
    wrongFormat: ['PT002448911', 'PT50244891', 'PT5024489110'],
  },
  // 1135854|4: 001135854 weighted 7, 5, 3, 2, 1, 7, 5, 3, 2 = 106, 10 * 106 mod 11 = 4.
  RO: {
    valid: ['RO11358544', 'RO6655328', 'RO3087444'],
    wrongCheckDigits: ['RO11358545', 'RO18'],
    wrongFormat: ['RO011358544', 'RO12345678901', 'RO1'],
  },
  // 5568481153|01: the organisation number 5568481153 passes Luhn (sum 40); VAT numbers add 01.
  SE: {
    valid: ['SE556848115301', 'SE202100500001'],
    wrongCheckDigits: ['SE556848115401'],
    wrongFormat: ['SE556848115302', 'SE55684811530', 'SE5568481153010'],
  },
  // 5022305|4: 5*8 + 0*7 + 2*6 + 2*5 + 3*4 + 0*3 + 5*2 = 84, 11 - 84 mod 11 = 4.
  SI: {
    valid: ['SI50223054', 'SI26808498'],
    wrongCheckDigits: ['SI50223055'],
    wrongFormat: ['SI05022305', 'SI5022305', 'SI502230540'],
  },
  // Slovak numbers are checked for their shape only.
  SK: {
    valid: ['SK2022749619', 'SK 202 185 3504'],
    wrongCheckDigits: [],
    wrongFormat: ['SK202274961', 'SKA078449064', 'SK20227496190'],
  },
};

describe('EU VAT numbers', () => {
  it('has cases for every member state in the table', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(EU_VAT_NUMBER_FORMATS).sort());
  });

  const table = (pick: (cases: CountryCases) => string[]) =>
    Object.entries(CASES).flatMap(([country, cases]) => pick(cases).map((number) => [country, number]));

  it.each(table((cases) => cases.valid))('%s accepts %s', (_country, number) => {
    expect(vatNumberProblem(number)).toBeNull();
    expect(isValidVatNumber(number)).toBe(true);
  });

  it.each(table((cases) => cases.valid.map((number) => number.toLowerCase())))(
    '%s accepts %s in lower case',
    (_country, number) => {
      expect(isValidVatNumber(number)).toBe(true);
    },
  );

  it.each(table((cases) => cases.wrongCheckDigits))(
    '%s refuses the check digits of %s',
    (_country, number) => {
      expect(vatNumberProblem(number)).toBe<VatNumberProblem>('check digits');
      expect(isValidVatNumber(number)).toBe(false);
    },
  );

  it.each(table((cases) => cases.wrongFormat))('%s refuses the format of %s', (_country, number) => {
    expect(vatNumberProblem(number)).toBe<VatNumberProblem>('format');
    expect(isValidVatNumber(number)).toBe(false);
  });
});
