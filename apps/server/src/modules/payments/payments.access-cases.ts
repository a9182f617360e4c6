import { randomUUID } from 'node:crypto';
import { access } from '@platform/shared';
import { payments, rewards } from '../../db/schema/index';
import { targetCampaignId, type AccessCase, type CaseSetup } from '../../test/access-cases';
import { createCreator, createEntry } from '../../test/factories';

const STAFF = '/server-api/marketing';

/** A pending payment for an approved entry of a live campaign the target asks for (in scope: the home team's). */
async function targetPayment(setup: CaseSetup): Promise<string> {
  if (setup.target === 'missing') return randomUUID();
  const campaignId = await targetCampaignId(setup, 'LIVE');
  const { context } = setup;
  const creatorId = (await createCreator(context)).id;
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
    route: `POST ${STAFF}/payments/{id}/reject`,
    expect: access.staff('REJECT', 'PAYMENT', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${STAFF}/payments/${await targetPayment(setup)}/reject`,
      body: { reason: 'The post was removed from TikTok.' },
    }),
  },
];
