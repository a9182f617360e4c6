import { paths } from './paths';

const NOT_RETURNED_TO: readonly string[] = [paths.signIn, paths.signUp];

/**
 * The page named by sign-in's `returnTo`, when it is a path of this app: anything that would leave the
 * origin (`//host`, `/\host`, a scheme, characters the URL parser drops) is refused, so the parameter
 * cannot be used to send someone elsewhere after they sign in.
 */
export function safeReturnPath(value: string | null): string | null {
  if (!value?.startsWith('/')) return null;
  const { origin } = window.location;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || NOT_RETURNED_TO.includes(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}
