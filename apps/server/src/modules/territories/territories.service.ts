import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import { territoriesRepository as repository } from './territories.repository';

export type TerritoriesService = ReturnType<typeof createTerritoriesService>;

export function createTerritoriesService(dependencies: { db: Database; clock: Clock; audit: AuditService }) {
  const { db } = dependencies;
  return {
    /** The territories whose creators, campaigns and settings a manager's territory-scoped grants reach. */
    managedTerritoryIds: (accountId: string) => repository.managedTerritoryIds(db, accountId),
  };
}
