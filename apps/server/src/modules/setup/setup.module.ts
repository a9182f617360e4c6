import type { AuthService } from '../auth/auth.service';
import type { PlatformModule } from '../module';
import { setupRoutes } from './setup.routes';

/** First-run setup: the first Admin, through the one-time link the server logs. */
export function setupModule(dependencies: { authService: AuthService }): PlatformModule {
  return { name: 'setup', service: undefined, routes: setupRoutes(dependencies.authService) };
}
