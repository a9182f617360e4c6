/**
 * How long an answer is taken as current: the query client's default. A page that asks for its data
 * while its screen's code loads names it on that query too, so that the screen does not ask again as it
 * mounts, whatever the client's defaults.
 */
export const FRESH_FOR_MS = 30_000;
