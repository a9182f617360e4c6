import type { Database } from '../../db/client';
import type { Clock } from '../../clock';
import type { PlatformModule } from '../module';
import { auditRoutes } from './audit.routes';
import { createAuditService, type AuditService } from './audit.service';

/** The audit log: every staff write, recorded in its own transaction; the Admin reads it. */
export function auditModule(dependencies: { db: Database; clock: Clock }): PlatformModule<AuditService> {
  const service = createAuditService(dependencies);
  return { name: 'audit', service, routes: auditRoutes(service) };
}
