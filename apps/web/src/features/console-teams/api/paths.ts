/** The console's teams: `/server-api/marketing/teams`. */
export const teamsPath = (rest = '') => `/server-api/marketing/teams${rest}`;

/** Every cached teams list and team starts with this key, so one write refreshes them all. */
export const teamsQueryKey = ['teams'] as const;
