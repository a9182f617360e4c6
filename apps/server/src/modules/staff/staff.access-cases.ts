import type { AccessCase } from '../../test/access-cases';

export const staffAccessCases: AccessCase[] = [];
