/** Business constants and limits of SPEC §9. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 255;
export const PASSWORD_MIN_UNIQUE_CHARACTERS = 5;
export const EMAIL_MAX_LENGTH = 254;
export const TOKEN_REFRESH_INTERVAL_MS = 1_620_000;

export const URL_MAX_LENGTH = 255;
export const MIN_AGE_YEARS = 18;

export const MOBILE_DIGITS = 10;
export const MOBILE_DIGITS_AUSTRALIA = 9;

export const POSTCODE_DIGITS = 5;
export const POSTCODE_DIGITS_AUSTRALIA = 4;

export const ABN_DIGITS = 11;

export const UPLOAD_MAX_MEGABYTES = 250;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MEGABYTES * 1024 * 1024;

/** Post links longer than this are rejected outright. */
export const LINK_MAX_LENGTH = 2000;

export const SEARCH_DEBOUNCE_MS = 500;
export const CONFETTI_DURATION_MS = 3000;
export const NATIVE_BRIDGE_TIMEOUT_MS = 2000;

/** Badge counts above this show as '99+'. */
export const BADGE_MAX_COUNT = 99;
export const ABBREVIATION_DEFAULT_DECIMALS = 1;

export const YEAR_DROPDOWN_YEARS = 100;
/** Below this viewport width (px) the date picker opens in a portal. */
export const DATE_PICKER_PORTAL_BREAKPOINT_PX = 768;

/** Terms and privacy links fall back to the United Kingdom's. */
export const DEFAULT_LEGAL_COUNTRY = 'GB';
