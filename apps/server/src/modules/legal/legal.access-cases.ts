import { randomUUID } from 'node:crypto';
import { access } from '@platform/shared';
import type { AccessCase } from '../../test/access-cases';
import { SHIPPED_TERMS_ID } from '../../test/harness';

export const legalAccessCases: AccessCase[] = [
  {
    route: 'GET /server-api/legal-documents',
    expect: access.public,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/legal-documents?country=GB' }),
  },
  {
    route: 'GET /server-api/creator/terms-and-conditions/{id}',
    expect: access.public,
    targetsRecord: false,
    request: async () => ({
      method: 'GET',
      url: `/server-api/creator/terms-and-conditions/${SHIPPED_TERMS_ID}`,
    }),
  },
  {
    route: 'GET /server-api/marketing/legal-documents',
    expect: access.staff('READ', 'ALL', { scoped: false }),
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/marketing/legal-documents' }),
  },
  {
    route: 'POST /server-api/marketing/legal-documents',
    expect: access.staff('CREATE', 'ALL', { scoped: false }),
    targetsRecord: false,
    request: async () => ({
      method: 'POST',
      url: '/server-api/marketing/legal-documents',
      body: {
        territoryId: 'every',
        type: 'PRIVACY',
        version: `v-${randomUUID()}`,
        content: 'Privacy policy text.',
      },
    }),
  },
];
