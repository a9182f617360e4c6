import type { PlatformModule } from '../module';
import { territoriesRoutes } from './territories.routes';
import { createTerritoriesService, type TerritoriesService } from './territories.service';

/** Territories: countries, legal links and managers; `PATCH /server-api/territory` for the creator app. */
export function territoriesModule(
  dependencies: Parameters<typeof createTerritoriesService>[0],
): PlatformModule<TerritoriesService> {
  const service = createTerritoriesService(dependencies);
  return { name: 'territories', service, routes: territoriesRoutes(service) };
}
