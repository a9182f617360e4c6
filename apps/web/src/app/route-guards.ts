import { redirect } from 'react-router';
import { hasSession } from '../lib/session';
import { paths } from '../lib/paths';

/** Signed-in pages send visitors without a session to sign-in (SPEC §2). */
export function requireSession() {
  return hasSession() ? null : redirect(paths.signIn);
}

/** Sign-in and sign-up have nothing to offer someone who is signed in. */
export function redirectWhenSignedIn() {
  return hasSession() ? redirect(paths.home) : null;
}
