import { access } from '@platform/shared';
import type { AccessCase } from '../../test/access-cases';

// The audit log shows every staff write on the platform, so only an Admin reads it.
const adminOnly = (path: string): AccessCase => ({
  route: `GET ${path}`,
  expect: access.staff('READ', 'ALL', { scoped: false }),
  targetsRecord: false,
  request: async () => ({ method: 'GET', url: path }),
});

export const auditAccessCases: AccessCase[] = [
  adminOnly('/server-api/marketing/audit-log'),
  adminOnly('/server-api/marketing/audit-log/actors'),
  adminOnly('/server-api/marketing/audit-log/target-types'),
  adminOnly('/server-api/marketing/audit-log/export'),
];
