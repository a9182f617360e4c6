import { bindUseCases } from '../use-cases';
import type { TerritoriesContext } from './territories.context';
import { activeForCreators } from './use-cases/active-for-creators';
import { activeTerritories } from './use-cases/active-territories';
import { addManagerships } from './use-cases/add-managerships';
import { archiveTerritory } from './use-cases/archive-territory';
import { countriesOf } from './use-cases/countries-of';
import { createTerritory } from './use-cases/create-territory';
import { getTerritory } from './use-cases/get-territory';
import { listTerritories } from './use-cases/list-territories';
import { managedTerritoryIds } from './use-cases/managed-territory-ids';
import { managerIdsOf } from './use-cases/manager-ids-of';
import { replaceManagershipsOf } from './use-cases/replace-managerships-of';
import { replaceTerritoryManagers } from './use-cases/replace-territory-managers';
import { territoriesOfAccounts } from './use-cases/territories-of-accounts';
import { updateTerritory } from './use-cases/update-territory';

export type { TerritorySummary } from './territories.repository';
export type { TerritoriesCaller } from './territory-rules';

export type TerritoriesService = ReturnType<typeof createTerritoriesService>;

/** Territories: the countries whose creators a campaign reaches, their legal documents and managers. */
export function createTerritoriesService(dependencies: TerritoriesContext) {
  return bindUseCases(dependencies, {
    managedTerritoryIds,
    managerIdsOf,
    countriesOf,
    activeTerritories,
    addManagerships,
    replaceManagershipsOf,
    territoriesOfAccounts,
    list: listTerritories,
    get: getTerritory,
    activeForCreators,
    create: createTerritory,
    update: updateTerritory,
    archive: archiveTerritory,
    replaceManagers: replaceTerritoryManagers,
  });
}
