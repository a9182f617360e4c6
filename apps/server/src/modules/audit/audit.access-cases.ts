import type { AccessCase } from '../../test/access-cases';

export const auditAccessCases: AccessCase[] = [];
