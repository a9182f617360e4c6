/** Support's queue of evidence that handles are creators' own: `/server-api/marketing/handle-evidence`. */
export const handleEvidencePath = (rest = '') => `/server-api/marketing/handle-evidence${rest}`;

/** Every cached list and piece of evidence starts with this key, so one decision refreshes them all. */
export const handleEvidenceQueryKey = ['handle-evidence'] as const;

/** The console's pages of the queue. */
export const consoleHandleEvidencePath = '/console/handle-evidence';
export const consoleEvidenceDetailPath = (id: string) =>
  `${consoleHandleEvidencePath}/${encodeURIComponent(id)}`;
