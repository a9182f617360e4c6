import { access } from '@platform/shared';
import type { AccessCase } from '../../test/access-cases';

export const healthAccessCases: AccessCase[] = ['/healthz', '/readyz'].map((url) => ({
  route: `GET ${url}`,
  expect: access.public,
  targetsRecord: false,
  request: async () => ({ method: 'GET', url }),
}));
