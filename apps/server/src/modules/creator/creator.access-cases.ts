import { access } from '@platform/shared';
import type { AccessCase } from '../../test/access-cases';

export const creatorAccessCases: AccessCase[] = [
  {
    route: 'GET /server-api/creator/profile',
    expect: access.signedIn,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/creator/profile' }),
  },
];
