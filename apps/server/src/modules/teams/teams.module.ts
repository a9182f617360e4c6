import { defineModule } from '../module';
import { teamsRoutes } from './teams.routes';
import { createTeamsService, type TeamsService } from './teams.service';

declare module '../module' {
  interface ModuleServices {
    teams: TeamsService;
  }
}

/** Teams of staff and their members; campaigns belong to a team. */
export const teamsModule = defineModule({
  name: 'teams',
  needs: ['audit'],
  build({ db, clock }, { audit }) {
    const service = createTeamsService({ db, clock, audit });
    return { service, routes: teamsRoutes(service) };
  },
});
