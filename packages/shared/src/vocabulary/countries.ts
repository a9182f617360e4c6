import isoCountries, { type Alpha2Code } from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

// The package is CommonJS: its default export is the only form that loads in Node and in bundlers alike.
isoCountries.registerLocale(english);

/** Territory-wide entries of the country list, with the ids the spec gives them (SPEC §3). */
export const SPECIAL_COUNTRY_IDS = { GLOBAL: 38, GLOBAL_EX_UK: 39, GLOBAL_EX_US: 40 } as const;
export type SpecialCountryCode = keyof typeof SPECIAL_COUNTRY_IDS;
export const SPECIAL_COUNTRY_CODES = Object.keys(SPECIAL_COUNTRY_IDS) as SpecialCountryCode[];

export type IsoCountryCode = Alpha2Code;
export type CountryCode = IsoCountryCode | SpecialCountryCode;

export interface Country<Code extends CountryCode = CountryCode> {
  code: Code;
  name: string;
}

const byName = (a: Country, b: Country) => a.name.localeCompare(b.name, 'en');

/** Every ISO 3166-1 country with its English name, sorted by name. */
export const ISO_COUNTRIES: readonly Country<IsoCountryCode>[] = Object.entries(
  isoCountries.getNames('en', { select: 'official' }),
)
  .map(([code, name]) => ({ code: code as IsoCountryCode, name }))
  .sort(byName);

export const SPECIAL_COUNTRIES: readonly Country<SpecialCountryCode>[] = [
  { code: 'GLOBAL', name: 'Global' },
  { code: 'GLOBAL_EX_UK', name: 'Global (excluding United Kingdom)' },
  { code: 'GLOBAL_EX_US', name: 'Global (excluding United States)' },
];

/** The country list of the spec: the territory-wide entries first, then the ISO countries. */
export const COUNTRIES: readonly Country[] = [...SPECIAL_COUNTRIES, ...ISO_COUNTRIES];

export const ISO_COUNTRY_CODES = ISO_COUNTRIES.map((country) => country.code);

const isoCountryCodes = new Set<string>(ISO_COUNTRY_CODES);
const countryNames = new Map<string, string>(COUNTRIES.map((country) => [country.code, country.name]));

export function isIsoCountryCode(value: string): value is IsoCountryCode {
  return isoCountryCodes.has(value);
}

export function isCountryCode(value: string): value is CountryCode {
  return countryNames.has(value);
}

export function countryName(code: string): string | undefined {
  return countryNames.get(code);
}

/** People write 'UK' for the United Kingdom, whose ISO code is GB. */
export function normalizeCountryCode(value: string): string {
  const code = value.trim().toUpperCase();
  return code === 'UK' ? 'GB' : code;
}
