import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  artistSelectionBodySchema,
  CREATOR_PLATFORMS,
  creatorIdParamsSchema,
  creatorInfoSchema,
  creatorProfileBodySchema,
  deviceRegistrationBodySchema,
  deviceRegistrationResponseSchema,
  errorResponseSchema,
  handleCheckParamsSchema,
  handleCheckResponseSchema,
  profileResponseSchema,
  REQUIRED_MESSAGE,
  SOCIAL_HANDLE_MESSAGES,
  taxComplianceResponseSchema,
  trackingBodySchema,
  trackingPermissionsSchema,
  userInfoBodySchema,
  userInfoQuerySchema,
  type CreatorPlatform,
} from '@platform/shared';
import { errors } from '../../errors';
import { creatorCaller, currentUser } from '../../plugins/access';
import { errorResponses, validationDetails } from '../../plugins/errors';
import type { AuthService } from '../auth/auth.service';
import { invalidFields, type CreatorService } from './creator.service';

const tags = ['creator'];
const security = [{ bearer: [] }];
const creatorOnly = { config: { access: access.creator } };

/** SPEC §3 spells the platforms one way; the app may send any case in a path. */
function platformOf(value: string): CreatorPlatform {
  const platform = CREATOR_PLATFORMS.find((candidate) => candidate.toLowerCase() === value.toLowerCase());
  if (!platform) throw errors.notFound();
  return platform;
}

/** A creator's data that breaks a rule is a 422 listing the fields (SPEC §5), not the usual 400. */
function refuseInvalidFields(request: FastifyRequest): void {
  if (request.validationError) throw invalidFields(validationDetails(request.validationError));
}

type CreatorRouteServices = { authService: AuthService; creatorService: CreatorService };

/** The caller's card and the creator's whole account, as the app reads them. */
function accountCardRoutes({ authService, creatorService }: CreatorRouteServices) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/server-api/creator/profile',
      {
        // Every account's card, staff included: the console reads the caller's role from it.
        config: { access: access.signedIn },
        schema: {
          tags,
          summary: 'The signed-in account’s profile',
          security,
          response: { 200: profileResponseSchema, 401: errorResponseSchema },
        },
      },
      (request) => authService.profile(currentUser(request)),
    );

    routes.get(
      '/server-api/creator/get-info',
      {
        ...creatorOnly,
        schema: {
          tags,
          summary: 'Everything about the creator’s own account',
          description:
            'Onboarding status, profile, tax registration, agency, identity check, artists, wallet, tracking and terms.',
          security,
          response: { 200: creatorInfoSchema, ...errorResponses(401, 403, 404) },
        },
      },
      (request) => creatorService.info(creatorCaller(request)),
    );
  };
}

/** The creator's profile and the handles it claims. */
function profileRoutes({ creatorService }: Pick<CreatorRouteServices, 'creatorService'>) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.patch(
      '/server-api/creator',
      {
        ...creatorOnly,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Save the creator’s profile (DATA_CAPTURE)',
          description:
            'The whole profile: name, date of birth, gender, mobile, address, social handles, YouTube channel, ' +
            'genres and tax registration. A field the server refuses is a 422 listing the fields (SPEC §5) and ' +
            'nothing is written. A registered VAT or ABN number is checked with HMRC or the ABR when it changes. ' +
            'At DATA_CAPTURE a complete profile moves the creator on to AGENCY_CAPTURE.',
          security,
          body: creatorProfileBodySchema,
          response: { 200: creatorInfoSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      (request) => {
        refuseInvalidFields(request);
        return creatorService.updateProfile(creatorCaller(request), request.body);
      },
    );

    routes.get(
      '/server-api/creator/validate-handle/:platform/:handle',
      {
        ...creatorOnly,
        schema: {
          tags,
          summary: 'Whether a social handle is free',
          description: `\`available: false\` with '${SOCIAL_HANDLE_MESSAGES.selectedInHoc}' when another account holds it.`,
          security,
          params: handleCheckParamsSchema,
          response: { 200: handleCheckResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => {
        const handle = request.params.handle.trim();
        // A handle over 100 characters (the rule's limit) never gets here: Fastify answers a path segment
        // that long with a 414.
        const problem =
          handle === '' ? REQUIRED_MESSAGE : handle.includes('@') ? SOCIAL_HANDLE_MESSAGES.atSign : null;
        if (problem) throw errors.validation([{ field: 'handle', message: problem }]);
        return creatorService.handleAvailability(
          creatorCaller(request),
          platformOf(request.params.platform),
          handle,
        );
      },
    );
  };
}

/** The creator's tax number checked again with its register. */
function taxComplianceRoutes({ creatorService }: Pick<CreatorRouteServices, 'creatorService'>) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    for (const [segment, type] of [
      ['vat', 'VAT'],
      ['abn', 'ABN'],
    ] as const) {
      routes.get(
        `/server-api/creator/validate-${segment}-compliance/:id`,
        {
          ...creatorOnly,
          schema: {
            tags,
            summary: `Check the creator’s ${type} number with ${type === 'VAT' ? 'HMRC' : 'the Australian Business Register'}`,
            description:
              'Checks the saved number again and keeps the outcome (SPEC §4). Without a provider configured, the ' +
              'number’s format and check digits are checked and it stays not verified; the note says so.',
            security,
            params: creatorIdParamsSchema,
            response: { 200: taxComplianceResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
          },
        },
        (request) => creatorService.checkTaxCompliance(creatorCaller(request), request.params.id, type),
      );
    }
  };
}

/** The onboarding steps' choices: agency (and terms accepted), then artists. */
function onboardingChoiceRoutes({ creatorService }: Pick<CreatorRouteServices, 'creatorService'>) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.patch(
      '/server-api/creator/:id/user-info',
      {
        ...creatorOnly,
        schema: {
          tags,
          summary: 'The creator’s agency (AGENCY_CAPTURE), and their acceptance of new terms',
          description:
            '`skipAgencyForm=true` says the creator has no agency. Choosing or skipping moves the creator on ' +
            'from AGENCY_CAPTURE; the agency can be changed later. `acceptedTermsId` records the terms banner’s Okay.',
          security,
          params: creatorIdParamsSchema,
          querystring: userInfoQuerySchema,
          body: userInfoBodySchema,
          response: { 200: creatorInfoSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      (request) =>
        creatorService.updateUserInfo(
          creatorCaller(request),
          request.params.id,
          request.body,
          request.query.skipAgencyForm === 'true',
        ),
    );

    routes.patch(
      '/server-api/creator/artist-selection',
      {
        ...creatorOnly,
        schema: {
          tags,
          summary: 'The artists the creator works with (ARTIST_SELECTION)',
          description:
            'At ARTIST_SELECTION this also creates the creator’s payout wallet: the creator becomes ACTIVE, or ' +
            'WALLET_CREATION_FAILED while the platform tries again in the background.',
          security,
          body: artistSelectionBodySchema,
          response: { 200: creatorInfoSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      (request) => creatorService.selectArtists(creatorCaller(request), request.body),
    );
  };
}

/** The creator's tracking choices, devices for push, and deactivation. */
function deviceAndAccountRoutes({ creatorService }: Pick<CreatorRouteServices, 'creatorService'>) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.patch(
      '/server-api/creator/user/tracking',
      {
        ...creatorOnly,
        schema: {
          tags,
          summary: 'The creator’s choice of tracking technologies',
          security,
          body: trackingBodySchema,
          response: {
            200: z.object({ trackingPermissions: trackingPermissionsSchema }),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => ({
        trackingPermissions: await creatorService.updateTracking(
          creatorCaller(request),
          request.body.trackingPermissions,
        ),
      }),
    );

    routes.post(
      '/server-api/creator/create-sns-platform-endpoint',
      {
        ...creatorOnly,
        schema: {
          tags,
          summary: 'Register the creator’s device for push notifications',
          security,
          body: deviceRegistrationBodySchema,
          response: { 200: deviceRegistrationResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      (request) =>
        creatorService.registerDevice(
          creatorCaller(request),
          request.body.creatorId,
          request.body.deviceToken,
        ),
    );

    routes.get(
      '/server-api/creator/user/:id/deactivate',
      {
        ...creatorOnly,
        schema: {
          tags,
          summary: 'Deactivate the creator’s own account',
          description: 'A text answer telling the creator what happens next. Every session ends at once.',
          security,
          params: creatorIdParamsSchema,
          response: { 200: z.string(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply
          .type('text/plain; charset=utf-8')
          .send(await creatorService.deactivate(creatorCaller(request), request.params.id)),
    );
  };
}

/** The creator's own account: SPEC §7 `/server-api/creator/*`. Each call acts on the caller alone. */
export function creatorRoutes(services: CreatorRouteServices) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(accountCardRoutes(services));
    await app.register(profileRoutes(services));
    await app.register(taxComplianceRoutes(services));
    await app.register(onboardingChoiceRoutes(services));
    await app.register(deviceAndAccountRoutes(services));
  };
}
