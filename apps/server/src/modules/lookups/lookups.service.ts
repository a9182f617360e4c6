import { bindUseCases } from '../use-cases';
import type { LookupsDependencies } from './lookups.context';
import { agencyParties, answerItems, dropdownItems } from './use-cases/choice-lists';
import { createLookup } from './use-cases/create-lookup';
import { listLookups } from './use-cases/list-lookups';
import { hasLive, liveIdsNamed, liveNames, namesOf, registerUsage } from './use-cases/lookups-for-modules';
import { removeLookup } from './use-cases/remove-lookup';
import { restoreLookup } from './use-cases/restore-lookup';
import { updateLookup } from './use-cases/update-lookup';

export type { LookupUsageCheck } from './lookups.context';

export type LookupsService = ReturnType<typeof createLookupsService>;

/** Lookups staff manage and creators choose from: genres, agencies, audience bibles, and the rest. */
export function createLookupsService(dependencies: LookupsDependencies) {
  return bindUseCases(
    { ...dependencies, usageChecks: new Map() },
    {
      registerUsage,
      list: listLookups,
      create: createLookup,
      update: updateLookup,
      remove: removeLookup,
      restore: restoreLookup,
      dropdownItems,
      answerItems,
      agencyParties,
      hasLive,
      liveIdsNamed,
      liveNames,
      namesOf,
    },
  );
}
