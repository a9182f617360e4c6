import { randomUUID } from 'node:crypto';
import { access, invoiceTaxTreatment } from '@platform/shared';
import { eq } from 'drizzle-orm';
import { OFFLINE_TRANSFER_NOTE } from '../../adapters/payouts/offline-payouts';
import { invoices, payments, payouts, rewards } from '../../db/schema/index';

import { targetCampaignId, type AccessCase, type CaseSetup } from '../../test/access-cases';
import { createCreator, createEntry } from '../../test/factories';
import { snapshotInvoiceDocument, type InvoiceDocument } from './invoice-document';

const STAFF = '/server-api/marketing';

/**
 * An approved payment with its invoice: in scope, the caller's own (a creator); out of scope, another
 * creator's; missing, none.
 */
async function targetInvoicedPayment(setup: CaseSetup): Promise<string> {
  if (setup.target === 'missing') return randomUUID();
  const { caller, context } = setup;
  const creatorId =
    setup.target === 'in-scope' && caller?.role === 'Creator' ? caller.id : (await createCreator(context)).id;
  const paymentId = await targetPayment(setup, creatorId);
  const now = context.clock.now();
  const year = now.getUTCFullYear();
  const sequence = Math.floor(Math.random() * 900_000) + 1;
  const document: InvoiceDocument = {
    kind: 'INVOICE',
    number: { prefix: 'AC', year, sequence },
    issueDate: now.toISOString().slice(0, 10),
    supplyDate: now.toISOString().slice(0, 10),
    issuer: { name: 'Campaign Platform', addressLines: ['1 Operator Way', 'London SW1A 1AA'] },
    supplier: { name: 'Casey Creator', addressLines: ['1 High Street', 'London SW1A 1AA'] },
    campaignName: 'Winter Lights',
    lines: [{ description: 'Entry reward: first come, first served', netMinor: 5000 }],
    currency: 'GBP',
    amounts: { netMinor: 5000, taxMinor: 0, grossMinor: 5000 },
    treatment: invoiceTaxTreatment({ country: 'GB', taxRegistration: null }),
  };
  await context.db.insert(invoices).values({
    id: randomUUID(),
    paymentId,
    kind: 'INVOICE',
    prefix: 'AC',
    year,
    sequence,
    document: snapshotInvoiceDocument(document),
    issuedAt: now,
  });
  return paymentId;
}

/** A payment with its invoice whose payout failed, for staff to withdraw. */
async function targetFailedPayment(setup: CaseSetup): Promise<string> {
  const paymentId = await targetInvoicedPayment(setup);
  if (setup.target === 'missing') return paymentId;
  const { context } = setup;
  await context.db.update(payments).set({ status: 'FAILED' }).where(eq(payments.id, paymentId));
  await context.db.insert(payouts).values({
    paymentId,
    amountMinor: 5000,
    nextAttemptAt: null,
    attempts: 1,
    reference: null,
    note: 'The destination account is closed.',
    sentAt: null,
    createdAt: context.clock.now(),
  });
  return paymentId;
}

/** An approved payment waiting to be paid by hand (no payouts provider). */
async function targetApprovedPayment(setup: CaseSetup): Promise<string> {
  const paymentId = await targetPayment(setup);
  if (setup.target === 'missing') return paymentId;
  const { context } = setup;
  await context.db
    .update(payments)
    .set({ status: 'APPROVED', decidedAt: context.clock.now() })
    .where(eq(payments.id, paymentId));
  await context.db.insert(payouts).values({
    paymentId,
    amountMinor: 5000,
    nextAttemptAt: null,
    attempts: 0,
    reference: null,
    note: OFFLINE_TRANSFER_NOTE,
    sentAt: null,
    createdAt: context.clock.now(),
  });
  return paymentId;
}

/** A pending payment for an approved entry of a live campaign the target asks for (in scope: the home team's). */
async function targetPayment(setup: CaseSetup, forCreator?: string): Promise<string> {
  if (setup.target === 'missing') return randomUUID();
  return pendingPaymentOf(setup, await targetCampaignId(setup, 'LIVE'), forCreator);
}

/** The campaign the target asks for, with a pending payment of its own (missing: neither exists). */
async function targetCampaignWithPayment(
  setup: CaseSetup,
): Promise<{ campaignId: string; paymentId: string }> {
  const campaignId = await targetCampaignId(setup, 'LIVE');
  if (setup.target === 'missing') return { campaignId, paymentId: randomUUID() };
  return { campaignId, paymentId: await pendingPaymentOf(setup, campaignId) };
}

async function pendingPaymentOf(setup: CaseSetup, campaignId: string, forCreator?: string): Promise<string> {
  const { context } = setup;
  const creatorId = forCreator ?? (await createCreator(context)).id;
  const now = context.clock.now();
  const { id: entryId } = await createEntry(context, { campaignId, creatorId, status: 'APPROVED' });
  const rewardId = randomUUID();
  await context.db.insert(rewards).values({
    id: rewardId,
    campaignId,
    entryId,
    creatorId,
    rule: 'SLOT',
    rank: null,
    period: null,
    amountMinor: 5000,
    currency: 'GBP',
    status: 'ACTIVE',
    createdAt: now,
    releasedAt: null,
  });
  const paymentId = randomUUID();
  await context.db.insert(payments).values({
    id: paymentId,
    rewardId,
    campaignId,
    creatorId,
    amountMinor: 5000,
    currency: 'GBP',
    status: 'PENDING',
    rejectionReason: null,
    createdAt: now,
    decidedAt: null,
    decidedBy: null,
    updatedAt: now,
  });
  return paymentId;
}

export const paymentsAccessCases: AccessCase[] = [
  {
    route: 'POST /server-api/creator/payment/invoice',
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: '/server-api/creator/payment/invoice',
      body: { paymentId: await targetInvoicedPayment(setup) },
    }),
  },
  {
    route: 'POST /server-api/creator/payment/search',
    expect: access.creator,
    targetsRecord: false,
    request: async () => ({ method: 'POST', url: '/server-api/creator/payment/search', body: {} }),
  },
  {
    route: `GET ${STAFF}/campaigns/{id}/payments`,
    expect: access.staff('READ', 'PAYMENT', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `${STAFF}/campaigns/${await targetCampaignId(setup, 'LIVE')}/payments`,
    }),
  },
  {
    route: `GET ${STAFF}/campaigns/{id}/budget`,
    expect: access.staff('READ', 'CAMPAIGN_BUDGET', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `${STAFF}/campaigns/${await targetCampaignId(setup, 'LIVE')}/budget`,
    }),
  },
  {
    route: `POST ${STAFF}/payments/{id}/approve`,
    expect: access.staff('APPROVE', 'PAYMENT', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${STAFF}/payments/${await targetPayment(setup)}/approve`,
    }),
  },
  {
    route: `POST ${STAFF}/campaigns/{id}/payments/bulk-approve`,
    expect: access.staff('APPROVE', 'PAYMENT', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => {
      const { campaignId, paymentId } = await targetCampaignWithPayment(setup);
      return {
        method: 'POST',
        url: `${STAFF}/campaigns/${campaignId}/payments/bulk-approve`,
        body: { paymentIds: [paymentId] },
      };
    },
  },
  {
    route: `POST ${STAFF}/payments/{id}/paid`,
    expect: access.staff('APPROVE', 'PAYMENT', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${STAFF}/payments/${await targetApprovedPayment(setup)}/paid`,
      body: {
        reference: 'BACS 2026-11-27 0042',
        paidOn: setup.context.clock.now().toISOString().slice(0, 10),
        method: 'BANK_TRANSFER',
      },
    }),
  },
  {
    route: `GET ${STAFF}/campaigns/{id}/payments/export`,
    expect: access.staff('APPROVE', 'PAYMENT', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `${STAFF}/campaigns/${await targetCampaignId(setup, 'LIVE')}/payments/export`,
    }),
  },
  {
    route: 'GET /server-api/creator/payout-details',
    expect: access.creator,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/creator/payout-details' }),
  },
  {
    route: 'PUT /server-api/creator/payout-details',
    expect: access.creator,
    targetsRecord: false,
    request: async () => ({
      method: 'PUT',
      url: '/server-api/creator/payout-details',
      body: { method: 'PAYPAL', paypalEmail: 'casey.creator@example.com' },
    }),
  },
  {
    route: `POST ${STAFF}/payments/{id}/reject`,
    expect: access.staff('REJECT', 'PAYMENT', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${STAFF}/payments/${await targetPayment(setup)}/reject`,
      body: { reason: 'The post was removed from TikTok.' },
    }),
  },
  {
    route: `POST ${STAFF}/payments/{id}/withdraw`,
    expect: access.staff('REJECT', 'PAYMENT', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${STAFF}/payments/${await targetFailedPayment(setup)}/withdraw`,
      body: { reason: 'The creator’s bank account is closed.' },
    }),
  },
];
