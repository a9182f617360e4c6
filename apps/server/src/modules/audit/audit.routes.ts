import type { FastifyInstance } from 'fastify';
import type { AuditService } from './audit.service';

/** The Admin's reading of the audit log (list, filters, CSV). */
export function auditRoutes(auditService: AuditService) {
  return async function register(app: FastifyInstance): Promise<void> {
    void app;
    void auditService;
  };
}
