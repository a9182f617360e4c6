import type { AccessCase } from '../../test/access-cases';

export const lookupsAccessCases: AccessCase[] = [];
