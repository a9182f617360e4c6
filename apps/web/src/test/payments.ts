import type { CampaignBudget, Paged, StaffPayment } from '@platform/shared';
import { SUMMER_ID } from './campaigns';
import { CREATOR_ID } from './creator-info';

// Payments as the server answers them, to the creator and to the console.

export const PAYMENT_SEARCH_PATH = '/server-api/creator/payment/search';
export const PAYMENT_INVOICE_PATH = '/server-api/creator/payment/invoice';
export const paymentDecisionPath = (id: string, decision: 'approve' | 'reject' | 'withdraw') =>
  `/server-api/marketing/payments/${id}/${decision}`;

/**
 * A £10 entry reward for Summer Sound, waiting for approval, as the console's queue has it (who is paid, the
 * post); the creator's own answer is the same without those.
 */
export const payment = (overrides: Partial<StaffPayment> = {}): StaffPayment => ({
  id: '6a1b2c3d-0000-4000-8000-0000000000f1',
  campaignId: SUMMER_ID,
  campaignName: 'Summer Sound',
  creatorId: CREATOR_ID,
  entryId: '7c1d2e3f-0000-4000-8000-0000000000e1',
  amountMinor: 1000,
  currency: 'GBP',
  status: 'PENDING',
  reward: { rule: 'SLOT', rank: null, period: null, basis: { kind: 'SLOT', slot: 3, slots: 10 } },
  rejectionReason: null,
  paidAt: null,
  paidOn: null,
  paidMethod: null,
  paidTo: null,
  failureReason: null,
  invoiceNumber: null,
  creditNoteNumber: null,
  createdAt: '2030-06-03T10:00:00.000Z',
  decidedAt: null,
  creator: { name: 'Casey Creator', handle: 'caseycreates' },
  postLink: 'https://www.tiktok.com/@caseycreates/video/7300000000000000001',
  payoutDetails: null,
  ...overrides,
});

/** The same payment approved, with its self-billed invoice. */
export const approvedPayment = (overrides: Partial<StaffPayment> = {}): StaffPayment =>
  payment({
    status: 'APPROVED',
    invoiceNumber: 'SB-2030-000123',
    decidedAt: '2030-06-04T15:30:00.000Z',
    ...overrides,
  });

/** One page of a campaign's payments holding `items`. */
export const paymentPage = (
  items: StaffPayment[],
  total = items.length,
  page = 1,
  pageSize = 25,
): Paged<StaffPayment> => ({
  items,
  total,
  page,
  pageSize,
});

/** Summer Sound's money: £1,000, of which 3 slots of £10 are taken. */
export const campaignBudget = (overrides: Partial<CampaignBudget> = {}): CampaignBudget => ({
  campaignId: SUMMER_ID,
  currency: 'GBP',
  budgetMinor: 100_000,
  fundedMinor: 100_000,
  pendingFundingMinor: 0,
  fundingState: 'FUNDED',
  committedMinor: 3000,
  approvedMinor: 0,
  paidMinor: 0,
  leftMinor: 97_000,
  slots: { taken: 3, left: 47 },
  payPerView: null,
  pacing: { burnPerDayMinor: 1000, runwayDays: 97, alertsSent: [] },
  ...overrides,
});

/** Where the console approves several payments of a campaign at once. */
export const paymentBulkApprovePath = (campaignId: string) =>
  `/server-api/marketing/campaigns/${campaignId}/payments/bulk-approve`;
