import { defineModule } from '../module';
import { healthRoutes } from './health.routes';

declare module '../module' {
  interface ModuleServices {
    health: undefined;
  }
}

/** Liveness and readiness probes for process managers and load balancers. */
export const healthModule = defineModule({
  name: 'health',
  needs: [],
  build({ database }) {
    return { service: undefined, routes: healthRoutes(() => database.ping()) };
  },
});
