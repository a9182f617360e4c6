import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  idParamsSchema,
  kycApplicationResponseSchema,
  kycDecisionBodySchema,
  kycReviewDetailSchema,
  kycReviewListQuerySchema,
  kycReviewListResponseSchema,
  kycSdkConfigResponseSchema,
} from '@platform/shared';
import { ONFIDO_SIGNATURE_HEADER } from '../../adapters/kyc/onfido-webhook';
import { creatorCaller, staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { KycService } from './kyc.service';

const security = [{ bearer: [] }];

/** The creator's step: how they prove who they are, and the submission of the check. */
function creatorKycRoutes(kycService: KycService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const creatorOnly = { config: { access: access.creator } };

    routes.get(
      '/server-api/creator/kyc-sdk-config',
      {
        ...creatorOnly,
        schema: {
          tags: ['creator'],
          summary: 'How the creator proves who they are (KYC_CAPTURE)',
          description:
            'With Onfido configured, a token for its web SDK; otherwise signed upload URLs for a photo of an ' +
            'identity document and a selfie, which Support reviews.',
          security,
          response: { 200: kycSdkConfigResponseSchema, ...errorResponses(401, 403, 404, 409, 503) },
        },
      },
      (request) => kycService.sdkConfig(creatorCaller(request)),
    );

    routes.get(
      '/server-api/creator/create-kyc-application',
      {
        ...creatorOnly,
        schema: {
          tags: ['creator'],
          summary: 'Submit the identity check',
          description: 'Moves the creator to KYC_CHECK. A check already submitted answers 422.',
          security,
          response: { 200: kycApplicationResponseSchema, ...errorResponses(401, 403, 404, 409, 422, 503) },
        },
      },
      (request) => kycService.submit(creatorCaller(request)),
    );
  };
}

/** Onfido's webhook, in a plugin of its own: it reads the body as the bytes that were signed. */
function onfidoWebhookRoutes(kycService: KycService) {
  return async function register(hooks: FastifyInstance): Promise<void> {
    // The signature is over the exact bytes Onfido sent: the body is kept as it came.
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    hooks.withTypeProvider<ZodTypeProvider>().post(
      '/server-api/hooks/kyc/onfido',
      {
        // Signed by Onfido with the webhook token: the signature is the credential.
        config: { access: access.public },
        schema: {
          tags: ['hooks'],
          summary: 'Onfido’s report of a check’s progress',
          description:
            'Signed by Onfido with ONFIDO_WEBHOOK_TOKEN. Without Onfido configured the route answers 404 ' +
            '(KYC_WEBHOOK_NOT_CONFIGURED).',
          headers: z.object({ [ONFIDO_SIGNATURE_HEADER]: z.string().max(200).optional() }),
          response: { 204: z.null(), ...errorResponses(400, 401, 404, 503) },
        },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await kycService.onfidoWebhook(raw, request.headers[ONFIDO_SIGNATURE_HEADER]);
        return reply.status(204).send(null);
      },
    );
  };
}

/** Support's review queue of identity checks. */
function kycReviewRoutes(kycService: KycService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    // Looking at someone's identity document is part of checking it: only those who review creators.
    const reviewers = { config: { access: access.staff('REVIEW', 'CREATOR', { scoped: false }) } };

    routes.get(
      '/server-api/marketing/kyc',
      {
        ...reviewers,
        schema: {
          tags: ['kyc'],
          summary: 'Identity checks in one status, oldest first (waiting for a decision by default)',
          security,
          querystring: kycReviewListQuerySchema,
          response: { 200: kycReviewListResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      (request) => kycService.reviewQueue(request.query),
    );

    routes.get(
      '/server-api/marketing/kyc/:id',
      {
        ...reviewers,
        schema: {
          tags: ['kyc'],
          summary: 'One identity check, with its files behind short-lived URLs',
          security,
          params: idParamsSchema,
          response: { 200: kycReviewDetailSchema, ...errorResponses(401, 403, 404) },
        },
      },
      (request) => kycService.reviewDetail(request.params.id),
    );

    routes.post(
      '/server-api/marketing/kyc/:id/decision',
      {
        ...reviewers,
        schema: {
          tags: ['kyc'],
          summary: 'Approve, reject (with a reason) or ask the creator to verify again (with a reason)',
          security,
          params: idParamsSchema,
          body: kycDecisionBodySchema,
          response: { 200: kycReviewDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (request) => {
        const caller = staffCaller(request);
        return kycService.decide({ ...caller, requestId: request.id }, request.params.id, request.body);
      },
    );
  };
}

/** Identity checks: the creator's step, the provider's webhook, and Support's review queue. */
export function kycRoutes(kycService: KycService) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(creatorKycRoutes(kycService));
    await app.register(onfidoWebhookRoutes(kycService));
    await app.register(kycReviewRoutes(kycService));
  };
}
