import { access } from '@platform/shared';
import type { AccessCase } from '../../test/access-cases';

export const setupAccessCases: AccessCase[] = [
  {
    route: 'GET /api/setup/status',
    expect: access.public,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/api/setup/status' }),
  },
  {
    // The world already has an Admin, so setup is closed: 409 once past the access check.
    route: 'POST /api/setup/admin',
    expect: access.public,
    targetsRecord: false,
    allowedStatus: 409,
    request: async () => ({
      method: 'POST',
      url: '/api/setup/admin',
      body: { token: 'not-a-real-token', email: 'second-admin@example.com', password: 'Tr4vel-Nimbus-82!' },
    }),
  },
  {
    route: 'GET /server-api/marketing/setup-checklist',
    expect: access.staff('MANAGE', 'ALL', { scoped: false }),
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/marketing/setup-checklist' }),
  },
];
