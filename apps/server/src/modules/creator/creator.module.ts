import type { AuthService } from '../auth/auth.service';
import type { PlatformModule } from '../module';
import { creatorRoutes } from './creator.routes';

/** The creator's own account (SPEC §7 `/server-api/creator/*`). */
export function creatorModule(dependencies: { authService: AuthService }): PlatformModule {
  return { name: 'creator', service: undefined, routes: creatorRoutes(dependencies.authService) };
}
