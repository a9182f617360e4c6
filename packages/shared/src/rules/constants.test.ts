import { describe, expect, it } from 'vitest';
import * as constants from './constants';

describe('business constants (SPEC §9)', () => {
  it.each<[keyof typeof constants, unknown]>([
    ['PASSWORD_MIN_LENGTH', 8],
    ['PASSWORD_MAX_LENGTH', 255],
    ['URL_MAX_LENGTH', 255],
    ['MIN_AGE_YEARS', 18],
    ['MOBILE_DIGITS', 10],
    ['MOBILE_DIGITS_AUSTRALIA', 9],
    ['POSTCODE_DIGITS', 5],
    ['POSTCODE_DIGITS_AUSTRALIA', 4],
    ['ABN_DIGITS', 11],
    ['UPLOAD_MAX_MEGABYTES', 250],
    ['UPLOAD_MAX_BYTES', 262_144_000],
    ['LINK_MAX_LENGTH', 2000],
    ['TOKEN_REFRESH_INTERVAL_MS', 27 * 60 * 1000],
    ['SEARCH_DEBOUNCE_MS', 500],
    ['CONFETTI_DURATION_MS', 3000],
    ['NATIVE_BRIDGE_TIMEOUT_MS', 2000],
    ['BADGE_MAX_COUNT', 99],
    ['ABBREVIATION_DEFAULT_DECIMALS', 1],
    ['YEAR_DROPDOWN_YEARS', 100],
    ['DATE_PICKER_PORTAL_BREAKPOINT_PX', 768],
    ['DEFAULT_LEGAL_COUNTRY', 'GB'],
  ])('%s is %j', (name, value) => {
    expect(constants[name]).toBe(value);
  });
});
