import type { PlatformModule } from '../module';
import { legalRoutes } from './legal.routes';
import { createLegalService, type LegalService } from './legal.service';

/** The terms, privacy notice and other legal documents creators read and accept, as versions. */
export function legalModule(
  dependencies: Parameters<typeof createLegalService>[0],
): PlatformModule<LegalService> {
  const service = createLegalService(dependencies);
  return { name: 'legal', service, routes: legalRoutes(service) };
}
