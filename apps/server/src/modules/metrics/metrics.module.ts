import type { PlatformModule } from '../module';
import { metricsRoutes } from './metrics.routes';
import { createMetricsService, type MetricsDependencies, type MetricsService } from './metrics.service';

/** Entries' figures from every source, and the leaderboards ranked by them. */
export function metricsModule(dependencies: MetricsDependencies): PlatformModule<MetricsService> {
  const service = createMetricsService(dependencies);
  return { name: 'metrics', service, routes: metricsRoutes(service) };
}
