import type { ProfileResponse } from '@platform/shared';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { profileQueryOptions } from '../features/common-profile/api/get-profile';
import { hasSession, subscribeToSession } from '../lib/session';
import { paths, signInReturningTo } from '../lib/paths';
import { createQueryClient } from './query-client';

/** Sign-in and sign-up have nothing to offer someone who is signed in. */
export function redirectWhenSignedIn() {
  return hasSession() ? redirect(paths.home) : null;
}

// The loaders read the profile before a page renders, so that a person is sent where their role belongs
// without seeing the wrong page first. Their answers are kept for the query client's usual 30 seconds,
// and dropped whenever the session changes (sign-in, refresh, sign-out), so that a new person is never
// judged by the last one's role.
const loaderQueries = createQueryClient();
subscribeToSession(() => loaderQueries.clear());

/**
 * The signed-in person's profile, or null when it could not be read. The page then shows the failure
 * with a retry; after a 401 the api client has already sent the person to sign-in.
 */
async function signedInProfile(): Promise<ProfileResponse | null> {
  try {
    return await loaderQueries.fetchQuery({ ...profileQueryOptions(), retry: false });
  } catch {
    return null;
  }
}

const isCreator = (profile: ProfileResponse | null) => profile?.role === 'Creator';
const isStaff = (profile: ProfileResponse | null) => profile !== null && profile.role !== 'Creator';

/** Sign-in, naming the page asked for so that signing in leads back to it. */
function signInFor(request: Request) {
  const { pathname, search, hash } = new URL(request.url);
  return redirect(signInReturningTo(pathname + search + hash));
}

/** The creator app: visitors without a session go to sign-in (SPEC §2), staff to the console. */
export async function requireCreator({ request }: LoaderFunctionArgs) {
  if (!hasSession()) return signInFor(request);
  return isStaff(await signedInProfile()) ? redirect(paths.console) : null;
}

export type ConsoleLoaderData = { profile: ProfileResponse | null };

/** The console: creators are sent to their own app; staff get their profile for the layout. */
export async function requireStaff({ request }: LoaderFunctionArgs): Promise<ConsoleLoaderData | Response> {
  if (!hasSession()) return signInFor(request);
  const profile = await signedInProfile();
  return isCreator(profile) ? redirect(paths.home) : { profile };
}

/** `/console` opens the first section the person's role may see (an Admin's setup checklist, until put away). */
export async function openFirstConsoleSection() {
  if (!hasSession()) return null;
  const profile = await signedInProfile();
  if (!profile || profile.role === 'Creator') return null;
  // The menu (with its icons and the grants table) loads with the console, not with every page.
  const [{ firstConsolePath }, { isSetupChecklistDismissed }] = await Promise.all([
    import('../features/console-shell/console-menu'),
    import('../features/console-setup/hooks/checklist-dismissal'),
  ]);
  const first = firstConsolePath(profile.role, { setupDismissed: isSetupChecklistDismissed() });
  return first ? redirect(first) : null;
}
