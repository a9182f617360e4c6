import { defineModule } from '../module';
import { auditRoutes } from './audit.routes';
import { createAuditService, type AuditService } from './audit.service';

declare module '../module' {
  interface ModuleServices {
    audit: AuditService;
  }
}

/** The audit log: every staff write, recorded in its own transaction; the Admin reads it. */
export const auditModule = defineModule({
  name: 'audit',
  needs: [],
  build({ db, clock }) {
    const service = createAuditService({ db, clock });
    return { service, routes: auditRoutes(service) };
  },
});
