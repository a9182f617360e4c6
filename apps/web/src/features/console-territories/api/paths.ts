/** The console's territories: `/server-api/marketing/territories`. */
export const territoriesPath = (rest = '') => `/server-api/marketing/territories${rest}`;

/** Every cached territories list starts with this key, so one write refreshes them all. */
export const territoriesQueryKey = ['territories'] as const;
