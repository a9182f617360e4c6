import { storeAccessToken } from '../lib/session';

// The signed-in staff member the console's page tests start from.

/** A staff member's profile as `GET /server-api/creator/profile` answers it. */
export const staffProfile = (role: string, overrides: { id?: string; email?: string } = {}) => ({
  id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e10',
  email: 'staff@example.com',
  emailVerified: true,
  status: 'ACTIVE',
  role,
  ...overrides,
});

/** Stores a live session, as signing in does. */
export const signedIn = () => storeAccessToken('token-1', Date.now() + 60_000);

/** Signs a staff member of `role` in; returns the profile call's answer, for `mockApi`. */
export function signedInAs(role: string) {
  signedIn();
  return { 'GET /server-api/creator/profile': { body: staffProfile(role) } };
}
