/** Business constants and limits of SPEC §9. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 255;
export const PASSWORD_MIN_UNIQUE_CHARACTERS = 5;
export const EMAIL_MAX_LENGTH = 254;
export const TOKEN_REFRESH_INTERVAL_MS = 1_620_000;
