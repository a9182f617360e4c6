import type { PlatformModule } from '../module';
import { lookupsRoutes } from './lookups.routes';
import { createLookupsService, type LookupsService } from './lookups.service';

/** Lookups staff manage and creators choose from: genres, agencies, audience bibles, and the rest. */
export function lookupsModule(
  dependencies: Parameters<typeof createLookupsService>[0],
): PlatformModule<LookupsService> {
  const service = createLookupsService(dependencies);
  return { name: 'lookups', service, routes: lookupsRoutes(service) };
}
