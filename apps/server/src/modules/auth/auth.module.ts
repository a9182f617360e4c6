import { defineModule } from '../module';
import { authRoutes } from './auth.routes';
import { createAuthService, type AuthService } from './auth.service';
import { createDeviceTrust, createSessionCookie, createTokenSigner } from './auth.tokens';

declare module '../module' {
  interface ModuleServices {
    auth: AuthService;
  }
}

/** Accounts, sessions, sign-up, sign-in and password reset (SPEC §7 `api/auth/*`). */
export const authModule = defineModule({
  name: 'auth',
  needs: ['email', 'legal'],
  build(platform, { email, legal }) {
    const service = createAuthService({
      db: platform.db,
      clock: platform.clock,
      hasher: platform.hasher,
      signer: createTokenSigner(platform.sessionSecret),
      sessionCookie: createSessionCookie(platform.sessionSecret),
      deviceTrust: createDeviceTrust(platform.sessionSecret),
      rateLimiter: platform.rateLimiter,
      emailService: email,
      publicUrl: platform.config.publicUrl,
      logger: platform.logger,
      signUpTermsId: (tncVersion) => legal.signUpTermsId(tncVersion),
      ...(platform.authRateLimits ? { rateLimits: platform.authRateLimits } : {}),
    });
    return { service, routes: authRoutes(service) };
  },
});
