import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  handleEvidenceDecisionBodySchema,
  handleEvidenceQueueQuerySchema,
  handleEvidenceQueueSchema,
  handleEvidenceReviewSchema,
  handleEvidenceUploadBodySchema,
  handleEvidenceUploadSchema,
  handleOAuthFinishBodySchema,
  handleOAuthStartSchema,
  handlePlatformParamsSchema,
  handleVerificationListSchema,
  handleVerificationSchema,
  idParamsSchema,
} from '@platform/shared';
import { creatorCaller, staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { HandleVerificationService } from './handle-verification.service';

const security = [{ bearer: [] }];
const actor = (request: FastifyRequest) => ({ ...staffCaller(request), requestId: request.id });

/** The creator's handles and the code to place in a bio, read back from the platform. */
function creatorHandleRoutes(service: HandleVerificationService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const creatorOnly = { config: { access: access.creator } };
    const base = '/server-api/creator/handle-verifications';

    routes.get(
      base,
      {
        ...creatorOnly,
        schema: {
          tags: ['creator'],
          summary:
            'The creator’s handles: verified (how, when, by whom) or not, and the ways open to verify them',
          security,
          response: { 200: handleVerificationListSchema, ...errorResponses(401, 403, 404) },
        },
      },
      (request) => service.own(creatorCaller(request)),
    );

    routes.post(
      `${base}/:platform/bio-code`,
      {
        ...creatorOnly,
        schema: {
          tags: ['creator'],
          summary: 'A new one-time code to place in the handle’s bio (any earlier code stops working)',
          security,
          params: handlePlatformParamsSchema,
          response: { 200: handleVerificationSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      (request) => service.startBioCode(creatorCaller(request), request.params.platform),
    );

    routes.post(
      `${base}/:platform/bio-code/check`,
      {
        ...creatorOnly,
        schema: {
          tags: ['creator'],
          summary: 'Reads the handle’s bio from the platform: with the code in it, the handle is verified',
          description:
            'At most 10 checks an hour per creator and platform (429 with Retry-After). 422 when the code is ' +
            'not in the bio, the account does not exist or bios cannot be read on this install; 503 when the ' +
            'platform did not answer; 409 when the account is already verified by another creator.',
          security,
          params: handlePlatformParamsSchema,
          response: {
            200: handleVerificationSchema,
            ...errorResponses(400, 401, 403, 404, 409, 422, 429, 503),
          },
        },
      },
      (request) => service.checkBioCode(creatorCaller(request), request.params.platform),
    );
  };
}

/** The creator connects the account through the platform's OAuth, or sends a screen recording for Support. */
function creatorEvidenceRoutes(service: HandleVerificationService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const creatorOnly = { config: { access: access.creator } };
    const base = '/server-api/creator/handle-verifications';

    routes.post(
      `${base}/:platform/evidence-upload`,
      {
        ...creatorOnly,
        schema: {
          tags: ['creator'],
          summary: 'A signed URL to upload a screen recording of the logged-in profile',
          security,
          params: handlePlatformParamsSchema,
          body: handleEvidenceUploadBodySchema,
          response: { 200: handleEvidenceUploadSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      (request) => service.evidenceUploadUrl(creatorCaller(request), request.params.platform, request.body),
    );

    routes.post(
      `${base}/:platform/evidence`,
      {
        ...creatorOnly,
        schema: {
          tags: ['creator'],
          summary: 'Sends the uploaded recording to Support, who verify the handle or refuse with a reason',
          security,
          params: handlePlatformParamsSchema,
          body: z.strictObject({ attemptId: z.string().max(100) }),
          response: { 200: handleVerificationSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      (request) =>
        service.submitEvidence(creatorCaller(request), request.params.platform, request.body.attemptId),
    );

    routes.post(
      `${base}/:platform/oauth/start`,
      {
        ...creatorOnly,
        schema: {
          tags: ['creator'],
          summary: 'Where to send the creator to connect the account (OAuth with PKCE)',
          security,
          params: handlePlatformParamsSchema,
          response: { 200: handleOAuthStartSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      (request) => service.startOAuth(creatorCaller(request), request.params.platform),
    );

    routes.post(
      `${base}/oauth/finish`,
      {
        ...creatorOnly,
        schema: {
          tags: ['creator'],
          summary: 'The code and state the platform sent the creator back with: the account is connected',
          description:
            'The state must be the creator’s own, unused and at most 15 minutes old. The connected account ' +
            'must be the handle on the profile (409 otherwise); its id is kept and its tokens sealed.',
          security,
          body: handleOAuthFinishBodySchema,
          response: { 200: handleVerificationSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
        },
      },
      (request) => service.finishOAuth(creatorCaller(request), request.body),
    );
  };
}

/** Support's queue of evidence: those who review creators decide it. */
function evidenceReviewRoutes(service: HandleVerificationService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const reviewers = { config: { access: access.staff('REVIEW', 'CREATOR', { scoped: false }) } };

    routes.get(
      '/server-api/marketing/handle-evidence',
      {
        ...reviewers,
        schema: {
          tags: ['creators'],
          summary:
            'Evidence that handles are creators’ own, in one status, oldest first (waiting by default)',
          security,
          querystring: handleEvidenceQueueQuerySchema,
          response: { 200: handleEvidenceQueueSchema, ...errorResponses(400, 401, 403) },
        },
      },
      (request) => service.evidenceQueue(request.query.status),
    );

    routes.get(
      '/server-api/marketing/handle-evidence/:id',
      {
        ...reviewers,
        schema: {
          tags: ['creators'],
          summary: 'One piece of evidence, its recording behind a short-lived link',
          security,
          params: idParamsSchema,
          response: { 200: handleEvidenceReviewSchema, ...errorResponses(401, 403, 404) },
        },
      },
      (request) => service.evidenceDetail(request.params.id),
    );

    routes.post(
      '/server-api/marketing/handle-evidence/:id/decision',
      {
        ...reviewers,
        schema: {
          tags: ['creators'],
          summary:
            'Verify the handle on the strength of the evidence, or refuse it with the reason the creator reads',
          security,
          params: idParamsSchema,
          body: handleEvidenceDecisionBodySchema,
          response: { 200: handleEvidenceReviewSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      (request) => service.decideEvidence(actor(request), request.params.id, request.body),
    );
  };
}

export function handleVerificationRoutes(service: HandleVerificationService) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(creatorHandleRoutes(service));
    await app.register(creatorEvidenceRoutes(service));
    await app.register(evidenceReviewRoutes(service));
  };
}
