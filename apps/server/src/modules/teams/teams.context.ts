import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';

/** What every teams use case runs with. */
export type TeamsContext = { db: Database; clock: Clock; audit: AuditService };
