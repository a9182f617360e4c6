import type { PlatformModule } from '../module';
import { healthRoutes } from './health.routes';

/** Liveness and readiness probes for process managers and load balancers. */
export function healthModule(dependencies: { databaseIsUp: () => Promise<boolean> }): PlatformModule {
  return { name: 'health', service: undefined, routes: healthRoutes(dependencies.databaseIsUp) };
}
