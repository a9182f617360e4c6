/** Staff's holds on entries' earnings: `/server-api/marketing/holds`. */
export const holdsPath = (rest = '') => `/server-api/marketing/holds${rest}`;

/** Every cached list and hold starts with this key, so one decision refreshes them all. */
export const holdsQueryKey = ['view-holds'] as const;

/** The console's pages of the queue; the link staff are sent when a creator appeals points here too. */
export const consoleHoldsPath = '/console/holds';
export const consoleHoldPath = (id: string) => `${consoleHoldsPath}/${encodeURIComponent(id)}`;
