import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { TerritoriesService } from '../territories/territories.service';

/** What every legal-documents use case is given: the module's dependencies, as built. */
export type LegalContext = {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  audit: AuditService;
  territoriesService: TerritoriesService;
};
