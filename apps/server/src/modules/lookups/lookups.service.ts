import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';

export type LookupsService = ReturnType<typeof createLookupsService>;

export function createLookupsService(dependencies: { db: Database; clock: Clock; audit: AuditService }) {
  void dependencies;
  return {};
}
