import type { PlatformModule } from '../module';
import { entriesRoutes } from './entries.routes';
import { createEntriesService, type EntriesDependencies, type EntriesService } from './entries.service';

/** Creators' entries to campaigns, and staff reviewing them. */
export function entriesModule(dependencies: EntriesDependencies): PlatformModule<EntriesService> {
  const service = createEntriesService(dependencies);
  return { name: 'entries', service, routes: entriesRoutes(service) };
}
