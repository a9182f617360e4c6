import {
  MAX_PAGE_SIZE,
  type CampaignBudget,
  type Paged,
  type Payment,
  type PaymentBulkApproveResult,
  type PaymentPaidBody,
  type PaymentStatus,
  type StaffPayment,
} from '@platform/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchFile } from '../../../lib/api-client';
import { fileNameFromDisposition, saveFile } from '../../../lib/downloads';
import { idempotentWrite } from '../../../lib/idempotent-write';
import { campaignPath, campaignsQueryKey } from '../../../lib/campaign-api-paths';

const paymentsQueryKey = (campaignId: string) => [...campaignsQueryKey, 'payments', campaignId] as const;

const budgetQueryKey = (campaignId: string) => [...campaignsQueryKey, 'budget', campaignId] as const;

const paymentPath = (paymentId: string, decision: PaymentDecision['decision'] | 'paid') =>
  `/server-api/marketing/payments/${encodeURIComponent(paymentId)}/${decision}`;

function getCampaignPayments(
  campaignId: string,
  query: { status: PaymentStatus | null; page: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<Paged<StaffPayment>> {
  const search = new URLSearchParams({
    page: String(query.page),
    ...(query.pageSize ? { pageSize: String(query.pageSize) } : {}),
    ...(query.status ? { status: query.status } : {}),
  });
  return apiFetch<Paged<StaffPayment>>(campaignPath(campaignId, `/payments?${search.toString()}`), {
    signal,
  });
}

/** A page of the campaign's payments, newest first: its payments queue. */
export function useCampaignPayments(campaignId: string, status: PaymentStatus | null, page: number) {
  return useQuery({
    queryKey: [...paymentsQueryKey(campaignId), status, page],
    queryFn: ({ signal }) => getCampaignPayments(campaignId, { status, page }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every payment of the campaign, read page by page, the largest pages the server gives. */
export async function getAllCampaignPayments(campaignId: string): Promise<StaffPayment[]> {
  const payments: StaffPayment[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getCampaignPayments(campaignId, { status: null, page, pageSize: MAX_PAGE_SIZE });
    payments.push(...answer.items);
    if (answer.items.length === 0 || payments.length >= answer.total) return payments;
  }
}

/** The campaign's budget, what its rewards have committed and what is left, from the ledger. */
export function useCampaignBudget(campaignId: string) {
  return useQuery({
    queryKey: budgetQueryKey(campaignId),
    queryFn: ({ signal }) => apiFetch<CampaignBudget>(campaignPath(campaignId, '/budget'), { signal }),
  });
}

export type PaymentDecision =
  | { paymentId: string; decision: 'approve' }
  | { paymentId: string; decision: 'reject' | 'withdraw'; reason: string };

/**
 * Approves or rejects one payment, or withdraws one whose payout failed. Each moves money (a rejected or
 * withdrawn payment's goes back to the budget), so the queue and the budget are read again after, and each
 * carries a key of its own, so that a retry after a lost answer gets the first answer, not a 409.
 */
export function useDecidePayment(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: PaymentDecision) =>
      idempotentWrite<Payment>(paymentPath(decision.paymentId, decision.decision), {
        method: 'POST',
        ...(decision.decision === 'approve' ? {} : { body: { reason: decision.reason } }),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentsQueryKey(campaignId) }),
        queryClient.invalidateQueries({ queryKey: budgetQueryKey(campaignId) }),
      ]),
  });
}

/**
 * Approves several pending payments of the campaign at once; each is approved on its own, and the answer
 * says which were not and why. The queue and the budget are read again after.
 */
export function useBulkApprovePayments(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentIds: string[]) =>
      idempotentWrite<PaymentBulkApproveResult>(campaignPath(campaignId, '/payments/bulk-approve'), {
        method: 'POST',
        body: { paymentIds },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentsQueryKey(campaignId) }),
        queryClient.invalidateQueries({ queryKey: budgetQueryKey(campaignId) }),
      ]),
  });
}

/**
 * Records an approved payment paid outside the platform, with its reference, the day and how; keyed, so a
 * retry after a lost answer gets the first answer. The queue and the budget are read again after.
 */
export function useRecordPaid(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: string; body: PaymentPaidBody }) =>
      idempotentWrite<Payment>(paymentPath(paymentId, 'paid'), { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentsQueryKey(campaignId) }),
        queryClient.invalidateQueries({ queryKey: budgetQueryKey(campaignId) }),
      ]),
  });
}

/**
 * The finance export: the campaign's approved payments not yet paid, with each creator's payout details in
 * full, as the server writes the CSV; saved under the name it gives.
 */
export function useFinanceExport(campaignId: string) {
  return useMutation({
    mutationFn: async () => {
      const { file, contentDisposition } = await apiFetchFile(campaignPath(campaignId, '/payments/export'), {
        accept: 'text/csv',
      });
      const fileName = fileNameFromDisposition(contentDisposition, 'payments.csv');
      saveFile(file, fileName);
      return fileName;
    },
  });
}
