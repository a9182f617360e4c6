import { access } from '@platform/shared';
import type { AccessCase } from '../../test/access-cases';

export const creatorsConsoleAccessCases: AccessCase[] = [
  {
    route: 'GET /server-api/marketing/creators',
    expect: access.staff('READ', 'CREATOR', { scoped: true }),
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/marketing/creators' }),
  },
];
