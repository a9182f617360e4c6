import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';

/** What every territories use case runs with. */
export type TerritoriesContext = { db: Database; clock: Clock; audit: AuditService };
