import type { PlatformModule } from '../module';
import { teamsRoutes } from './teams.routes';
import { createTeamsService, type TeamsService } from './teams.service';

/** Teams of staff and their members; campaigns belong to a team. */
export function teamsModule(
  dependencies: Parameters<typeof createTeamsService>[0],
): PlatformModule<TeamsService> {
  const service = createTeamsService(dependencies);
  return { name: 'teams', service, routes: teamsRoutes(service) };
}
