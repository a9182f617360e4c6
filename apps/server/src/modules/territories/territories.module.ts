import { defineModule } from '../module';
import { territoriesRoutes } from './territories.routes';
import { createTerritoriesService, type TerritoriesService } from './territories.service';

declare module '../module' {
  interface ModuleServices {
    territories: TerritoriesService;
  }
}

/** Territories: countries, legal links and managers; `PATCH /server-api/territory` for the creator app. */
export const territoriesModule = defineModule({
  name: 'territories',
  needs: ['audit'],
  build({ db, clock }, { audit }) {
    const service = createTerritoriesService({ db, clock, audit });
    return { service, routes: territoriesRoutes(service) };
  },
});
