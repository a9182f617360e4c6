import { defineModule } from '../module';
import { lookupsRoutes } from './lookups.routes';
import { createLookupsService, type LookupsService } from './lookups.service';

declare module '../module' {
  interface ModuleServices {
    lookups: LookupsService;
  }
}

/** Lookups staff manage and creators choose from: genres, agencies, audience bibles, and the rest. */
export const lookupsModule = defineModule({
  name: 'lookups',
  needs: ['audit'],
  build({ db, clock }, { audit }) {
    const service = createLookupsService({ db, clock, audit });
    return { service, routes: lookupsRoutes(service) };
  },
});
