import { normalizeCountryCode } from './countries';

/** Phone dial codes by ISO2 country (SPEC §5); every other country starts from the UK's. */
export const DIAL_CODES: Readonly<Record<string, string>> = {
  US: '+1',
  GB: '+44',
  AU: '+61',
  DE: '+49',
  FR: '+33',
};

export const DEFAULT_DIAL_CODE = '+44';

export function dialCodeFor(country: string): string {
  return DIAL_CODES[normalizeCountryCode(country)] ?? DEFAULT_DIAL_CODE;
}
