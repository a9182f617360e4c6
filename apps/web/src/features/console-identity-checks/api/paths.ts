/** Support's review queue of identity checks: `/server-api/marketing/kyc`. */
export const identityChecksPath = (rest = '') => `/server-api/marketing/kyc${rest}`;

/** Every cached list and check starts with this key, so one decision refreshes them all. */
export const identityChecksQueryKey = ['identity-checks'] as const;
