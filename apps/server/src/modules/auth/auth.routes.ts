import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signUpBodySchema,
  tokenResponseSchema,
  access,
  validateTokenBodySchema,
  verifyBodySchema,
} from '@platform/shared';
import { currentUser } from '../../plugins/access';
import { FORM_ROUTE_ERRORS } from '../../plugins/errors';
import { acceptFormBodiesOnly, FORM_BODY_LIMIT_BYTES } from '../../plugins/form-only';
import type { AuthService } from './auth.service';
import { TRUSTED_DEVICE_SECONDS } from './auth.tokens';

/** The known-device token (ADR 011): HttpOnly, sent to the sign-in call alone. */
export const DEVICE_COOKIE = 'device_trust';
const SIGN_IN_PATH = '/api/auth/sign-in';
/** The session's cookie (ADR 004): HttpOnly, sent to the refresh call alone. */
export const SESSION_COOKIE = 'session';
const REFRESH_PATH = '/api/auth/refresh-token';

const form = {
  bodyLimit: FORM_BODY_LIMIT_BYTES,
  preValidation: acceptFormBodiesOnly,
  config: { access: access.public },
};
const signedInForm = { ...form, config: { access: access.signedIn } };
const tags = ['auth'];

/** Making an account and proving its email: sign-up, verification and a fresh link. */
function accountRoutes(app: FastifyInstance, authService: AuthService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/auth/sign-up',
    {
      ...form,
      schema: {
        tags,
        summary: 'Create a creator account and email a verification link',
        description:
          'Answers the same for a new and an already registered email (the owner is emailed instead).',
        consumes: ['application/x-www-form-urlencoded'],
        body: signUpBodySchema,
        response: { 200: messageResponseSchema, ...FORM_ROUTE_ERRORS },
      },
    },
    (request) => authService.signUp(request.body, request.ip),
  );

  routes.post(
    '/api/auth/verify',
    {
      ...form,
      schema: {
        tags,
        summary: 'Confirm an email address with the hint from the verification link',
        consumes: ['application/x-www-form-urlencoded'],
        body: verifyBodySchema,
        response: { 200: messageResponseSchema, ...FORM_ROUTE_ERRORS },
      },
    },
    (request) => authService.verifyEmail(request.body.hint, request.ip),
  );

  routes.post(
    '/api/auth/resend-verification',
    {
      ...signedInForm,
      schema: {
        tags,
        summary: 'Email the signed-in account a new verification link',
        description: 'Answers `Verified` when the email is already verified, `Email sent` otherwise.',
        security: [{ bearer: [] }],
        response: { 200: messageResponseSchema, ...FORM_ROUTE_ERRORS },
      },
    },
    (request) => authService.resendVerification(currentUser(request)),
  );
}

/** Signing in and out, and renewing a session's token. */
function sessionRoutes(app: FastifyInstance, authService: AuthService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    SIGN_IN_PATH,
    {
      ...form,
      schema: {
        tags,
        summary: 'Sign in; returns an id_token valid for 30 minutes',
        consumes: ['application/x-www-form-urlencoded'],
        body: signInBodySchema,
        response: { 200: tokenResponseSchema, ...FORM_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      const { session, deviceToken } = await authService.signIn(
        { ...request.body, deviceToken: app.parseCookie(request.headers.cookie ?? '')[DEVICE_COOKIE] },
        request.ip,
      );
      void reply.setCookie(DEVICE_COOKIE, deviceToken, {
        path: SIGN_IN_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: TRUSTED_DEVICE_SECONDS,
      });
      void reply.setCookie(SESSION_COOKIE, session.cookie, {
        path: REFRESH_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        expires: session.endsAt,
      });
      return session.token;
    },
  );

  routes.post(
    REFRESH_PATH,
    {
      ...signedInForm,
      // A token that expired while its tab slept is refreshed by the session's cookie (ADR 004).
      config: { access: access.signedIn, resumesSession: true },
      schema: {
        tags,
        summary: 'Exchange a live session’s token for a fresh one',
        description:
          'Takes the session’s current token, or, with the session’s HttpOnly cookie, its expired one. Answers 403 ACCOUNT_DEACTIVATED when the session ended because the account was deactivated.',
        security: [{ bearer: [] }],
        response: { 200: tokenResponseSchema, ...FORM_ROUTE_ERRORS },
      },
    },
    (request) => authService.refresh(currentUser(request)),
  );

  routes.post(
    '/api/auth/sign-out',
    {
      ...signedInForm,
      schema: {
        tags,
        summary: 'Revoke the current session',
        security: [{ bearer: [] }],
        response: { 204: z.null().describe('Signed out'), ...FORM_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      await authService.signOut(currentUser(request));
      void reply.clearCookie(SESSION_COOKIE, { path: REFRESH_PATH });
      return reply.status(204).send(null);
    },
  );
}

/** A forgotten password: the emailed link, checked, then the new password. */
function passwordResetRoutes(app: FastifyInstance, authService: AuthService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/auth/forgot-password',
    {
      ...form,
      schema: {
        tags,
        summary: 'Email a password-reset link (answers the same whether or not the account exists)',
        consumes: ['application/x-www-form-urlencoded'],
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, ...FORM_ROUTE_ERRORS },
      },
    },
    (request) => authService.forgotPassword(request.body.username, request.ip),
  );

  routes.post(
    '/api/auth/validate-token',
    {
      ...form,
      schema: {
        tags,
        summary: 'Check a password-reset hint before showing the new-password form',
        consumes: ['application/x-www-form-urlencoded'],
        body: validateTokenBodySchema,
        response: { 200: messageResponseSchema, ...FORM_ROUTE_ERRORS },
      },
    },
    (request) => authService.validateResetToken(request.body.token, request.ip),
  );

  routes.post(
    '/api/auth/reset-password',
    {
      ...form,
      schema: {
        tags,
        summary: 'Set a new password with the hint from the reset link; signs out every session',
        consumes: ['application/x-www-form-urlencoded'],
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...FORM_ROUTE_ERRORS },
      },
    },
    (request) => authService.resetPassword(request.body.hint, request.body.newPassword, request.ip),
  );
}

export function authRoutes(authService: AuthService) {
  return async function register(app: FastifyInstance): Promise<void> {
    accountRoutes(app, authService);
    sessionRoutes(app, authService);
    passwordResetRoutes(app, authService);
  };
}
