import type { AuthService } from '../auth/auth.service';
import type { PlatformModule } from '../module';
import { createSetupChecklistService, type SetupChecks } from './setup-checklist.service';
import { setupRoutes } from './setup.routes';

/**
 * First-run setup: the first Admin, through the one-time link the server logs; then the Admin's checklist
 * of what the install still needs before creators and staff can use it.
 */
export function setupModule(dependencies: { authService: AuthService; checks: SetupChecks }): PlatformModule {
  const checklist = createSetupChecklistService(dependencies.checks);
  return { name: 'setup', service: undefined, routes: setupRoutes(dependencies.authService, checklist) };
}
