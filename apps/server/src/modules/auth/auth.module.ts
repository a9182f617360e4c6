import type { PlatformModule } from '../module';
import { authRoutes } from './auth.routes';
import { createAuthService, type AuthService } from './auth.service';

/** Accounts, sessions, sign-up, sign-in and password reset (SPEC §7 `api/auth/*`). */
export function authModule(
  dependencies: Parameters<typeof createAuthService>[0],
): PlatformModule<AuthService> {
  const service = createAuthService(dependencies);
  return { name: 'auth', service, routes: authRoutes(service) };
}
