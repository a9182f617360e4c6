import type { PlatformModule } from '../module';
import { rsvpsRoutes } from './rsvps.routes';
import { createRsvpsService, type RsvpsDependencies, type RsvpsService } from './rsvps.service';

/** Who takes part in which campaign: creators joining and answering invitations, staff inviting. */
export function rsvpsModule(dependencies: RsvpsDependencies): PlatformModule<RsvpsService> {
  const service = createRsvpsService(dependencies);
  return { name: 'rsvps', service, routes: rsvpsRoutes(service) };
}
