/** Every query of the creator's own account starts with this key, so one invalidation refreshes them all. */
export const creatorQueryKey = ['creator'] as const;

export const creatorPath = (path = '') => `/server-api/creator${path}`;
