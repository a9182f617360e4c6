import type { Territory } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import type { TerritoriesContext } from '../territories.context';
import { idInScope, territoryDetail } from '../territory-rules';

/** A territory the caller may see, with its documents and managers, or 404. */
export const getTerritory = (
  context: TerritoriesContext,
  caller: StaffCaller,
  id: string,
): Promise<Territory> => territoryDetail(context.db, idInScope(caller, id));
