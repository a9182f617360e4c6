import { paths } from '../../../lib/paths';

/** What a link to a check carries: the list it was opened from, so that the way back returns to it. */
export interface IdentityCheckLinkState {
  listSearch: string;
}

export const identityCheckPath = (id: string) => `${paths.consoleIdentityChecks}/${encodeURIComponent(id)}`;
