import { access } from '@platform/shared';
import type { AccessCase } from '../../test/access-cases';
import { SHIPPED_TERMS_ID } from '../../test/harness';

const publicForm = (route: string, body: Record<string, string>, allowedStatus?: number): AccessCase => ({
  route: `POST ${route}`,
  expect: access.public,
  targetsRecord: false,
  request: async () => ({ method: 'POST', url: route, body }),
  ...(allowedStatus ? { allowedStatus } : {}),
});

const signedInForm = (route: string, endsSession = false): AccessCase => ({
  route: `POST ${route}`,
  expect: access.signedIn,
  targetsRecord: false,
  request: async () => ({ method: 'POST', url: route, body: {} }),
  endsSession,
});

// The hints below name no real link: the call passes the access check and answers 400 for the hint.
const MADE_UP_HINT = 400;

export const authAccessCases: AccessCase[] = [
  publicForm('/api/auth/sign-up', {
    username: 'matrix-sign-up@example.com',
    password: 'Tr4vel-Nimbus-82!',
    deviceToken: '',
    tncVersion: SHIPPED_TERMS_ID,
  }),
  publicForm('/api/auth/verify', { hint: 'not-a-real-hint' }, MADE_UP_HINT),
  {
    route: 'POST /api/auth/sign-in',
    expect: access.public,
    targetsRecord: false,
    request: async ({ world }) => {
      const { email, password } = world.account('Creator');
      return { method: 'POST', url: '/api/auth/sign-in', body: { username: email, password } };
    },
  },
  publicForm('/api/auth/forgot-password', { username: 'nobody@example.com' }),
  publicForm('/api/auth/validate-token', { token: 'not-a-real-hint' }, MADE_UP_HINT),
  publicForm(
    '/api/auth/reset-password',
    { hint: 'not-a-real-hint', newPassword: 'Quartz#Lantern-519' },
    MADE_UP_HINT,
  ),
  signedInForm('/api/auth/refresh-token'),
  signedInForm('/api/auth/sign-out', true),
  signedInForm('/api/auth/resend-verification'),
];
