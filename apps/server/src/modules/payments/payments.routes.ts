import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  idParamsSchema,
  paymentBulkApproveBodySchema,
  paymentBulkApproveResultSchema,
  paymentListQuerySchema,
  paymentInvoiceBodySchema,
  paymentListResponseSchema,
  paymentPaidBodySchema,
  paymentRejectionBodySchema,
  paymentSchema,
  paymentSearchBodySchema,
  paymentSearchResponseSchema,
  payoutDetailsBodySchema,
  payoutDetailsResponseSchema,
} from '@platform/shared';
import { z } from 'zod';
import { creatorCaller, staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import { IDEMPOTENT_WRITE_NOTE } from '../../plugins/idempotency';
import type { PaymentsService } from './payments.service';
import type { PayoutDetailsService } from './payout-details.service';

type PaymentsRouteServices = { paymentsService: PaymentsService; payoutDetails: PayoutDetailsService };

const tags = ['payments'];
const security = [{ bearer: [] }];

/** A creator's own payments and their invoices. */
async function creatorPaymentRoutes(app: FastifyInstance, { paymentsService }: PaymentsRouteServices) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/server-api/creator/payment/search',
    {
      config: { access: access.creator },
      schema: {
        tags,
        summary: 'The caller’s payments, newest first, by status, campaign and dates, in `data` (SPEC §7)',
        security,
        body: paymentSearchBodySchema,
        response: { 200: paymentSearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => paymentsService.search(creatorCaller(request), request.body),
  );

  routes.post(
    '/server-api/creator/payment/invoice',
    {
      config: { access: access.creator },
      schema: {
        tags,
        summary: 'The self-billed invoice of one of the caller’s approved payments, as a PDF (SPEC §7)',
        description:
          'Answers `application/pdf` with `Content-Disposition: attachment; filename="SB-2026-000123.pdf"`. ' +
          'With `document: "CREDIT_NOTE"`, the credit note that cancelled the invoice of a withdrawn payment. ' +
          'A payment without that document, or someone else’s, is a 404.',
        security,
        body: paymentInvoiceBodySchema,
        produces: ['application/pdf'],
        response: {
          200: {
            description: 'The invoice, as an attachment named after its number',
            content: { 'application/pdf': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await paymentsService.invoicePdf(
        creatorCaller(request),
        request.body.paymentId,
        request.body.document,
      );
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          // The schema types the body as the file it is; it goes out as the PDF's bytes.
          .send(pdf as unknown as string)
      );
    },
  );
}

/** Where a creator is paid when the platform pays by hand. */
async function creatorPayoutDetailsRoutes(app: FastifyInstance, { payoutDetails }: PaymentsRouteServices) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/server-api/creator/payout-details',
    {
      config: { access: access.creator },
      schema: {
        tags,
        summary: 'Where the caller is paid when the platform pays by hand, masked; and whether it is needed',
        security,
        response: { 200: payoutDetailsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => payoutDetails.mine(creatorCaller(request)),
  );

  routes.put(
    '/server-api/creator/payout-details',
    {
      config: { access: access.creator },
      schema: {
        tags,
        summary: 'Give or change where the caller is paid: a bank account in its country’s format, or PayPal',
        description:
          'Kept encrypted and answered masked. Payments already exported to the finance team keep the ' +
          'details they were exported with.',
        security,
        body: payoutDetailsBodySchema,
        response: { 200: payoutDetailsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => payoutDetails.save(creatorCaller(request), request.body),
  );
}

/** The console's payments queue of a campaign, and the export for paying by hand. */
async function staffPaymentQueueRoutes(
  app: FastifyInstance,
  { paymentsService, payoutDetails }: PaymentsRouteServices,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/server-api/marketing/campaigns/:id/payments',
    {
      config: { access: access.staff('READ', 'PAYMENT', { scoped: true }) },
      schema: {
        tags,
        summary: 'A page of a campaign’s payments, newest first: the payments queue',
        security,
        params: idParamsSchema,
        querystring: paymentListQuerySchema,
        response: { 200: paymentListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => paymentsService.ofCampaign(staffCaller(request), request.params.id, request.query),
  );

  routes.get(
    '/server-api/marketing/campaigns/:id/payments/export',
    {
      config: { access: access.staff('APPROVE', 'PAYMENT', { scoped: true }) },
      schema: {
        tags,
        summary:
          'The campaign’s approved payments not yet paid, with each creator’s payout details in full, as CSV',
        description:
          'For the finance team to pay by hand. The one place payout details are shown in full: each ' +
          'export is audited. A payment exported before keeps the details it was first exported with.',
        security,
        params: idParamsSchema,
        produces: ['text/csv'],
        response: {
          200: {
            description: 'The payments, as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await payoutDetails.exportApproved(staffCaller(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}

/** Staff approving payments (one or many) and recording them paid. */
async function staffPaymentApprovalRoutes(app: FastifyInstance, { paymentsService }: PaymentsRouteServices) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/server-api/marketing/payments/:id/approve',
    {
      config: { access: access.staff('APPROVE', 'PAYMENT', { scoped: true }), idempotent: true },
      schema: {
        tags,
        summary: 'Approve a pending payment (PENDING to APPROVED); the creator is told (PAYMENT_APPROVED)',
        description: `A payment already decided is a 409. ${IDEMPOTENT_WRITE_NOTE}`,
        security,
        params: idParamsSchema,
        response: { 200: paymentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => paymentsService.approve(staffCaller(request), request.params.id),
  );

  routes.post(
    '/server-api/marketing/campaigns/:id/payments/bulk-approve',
    {
      config: { access: access.staff('APPROVE', 'PAYMENT', { scoped: true }), idempotent: true },
      schema: {
        tags,
        summary: 'Approve many pending payments of a campaign at once; each one that cannot move says why',
        description:
          'Each payment is approved on its own, as its own approval would be (invoice, payout, the creator ' +
          'told). `approved` lists those approved; `failed` the others with the reason: decided meanwhile ' +
          '(the 409’s words), an invoice that cannot be issued, or a payment not of this campaign (not found). ' +
          IDEMPOTENT_WRITE_NOTE,
        security,
        params: idParamsSchema,
        body: paymentBulkApproveBodySchema,
        response: { 200: paymentBulkApproveResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      paymentsService.approveMany(staffCaller(request), request.params.id, request.body.paymentIds),
  );

  routes.post(
    '/server-api/marketing/payments/:id/paid',
    {
      config: { access: access.staff('APPROVE', 'PAYMENT', { scoped: true }), idempotent: true },
      schema: {
        tags,
        summary:
          'Record an approved payment paid outside the platform, with its reference, the day and how (APPROVED to PAID)',
        description:
          'For a platform without a payouts provider. The day may be neither in the future nor before the ' +
          'approval (400). With a provider, the provider settles each payout, and a payout still on its way ' +
          `is a 409. ${IDEMPOTENT_WRITE_NOTE}`,
        security,
        params: idParamsSchema,
        body: paymentPaidBodySchema,
        response: { 200: paymentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => paymentsService.recordPaid(staffCaller(request), request.params.id, request.body),
  );
}

/** Staff refusing payments: rejecting a pending one, withdrawing one whose payout failed. */
async function staffPaymentRefusalRoutes(app: FastifyInstance, { paymentsService }: PaymentsRouteServices) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/server-api/marketing/payments/:id/reject',
    {
      config: { access: access.staff('REJECT', 'PAYMENT', { scoped: true }), idempotent: true },
      schema: {
        tags,
        summary:
          'Reject a pending payment with a reason the creator reads (PAYMENT_REJECTED); its money goes back to the campaign',
        description: `A payment already decided is a 409. ${IDEMPOTENT_WRITE_NOTE}`,
        security,
        params: idParamsSchema,
        body: paymentRejectionBodySchema,
        response: { 200: paymentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => paymentsService.reject(staffCaller(request), request.params.id, request.body.reason),
  );

  routes.post(
    '/server-api/marketing/payments/:id/withdraw',
    {
      config: { access: access.staff('REJECT', 'PAYMENT', { scoped: true }), idempotent: true },
      schema: {
        tags,
        summary:
          'Withdraw a payment whose payout failed, with a reason the creator reads (FAILED to REJECTED, PAYMENT_REJECTED)',
        description:
          'A credit note cancels its invoice, and its money goes back to the campaign. Any other payment is a 409. ' +
          IDEMPOTENT_WRITE_NOTE,
        security,
        params: idParamsSchema,
        body: paymentRejectionBodySchema,
        response: { 200: paymentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => paymentsService.withdraw(staffCaller(request), request.params.id, request.body.reason),
  );
}

export function paymentsRoutes(paymentsService: PaymentsService, payoutDetails: PayoutDetailsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const services = { paymentsService, payoutDetails };
    await creatorPaymentRoutes(app, services);
    await creatorPayoutDetailsRoutes(app, services);
    await staffPaymentQueueRoutes(app, services);
    await staffPaymentApprovalRoutes(app, services);
    await staffPaymentRefusalRoutes(app, services);
  };
}
