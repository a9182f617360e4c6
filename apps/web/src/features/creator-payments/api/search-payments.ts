import type { Payment, PaymentSearchBody, PaymentStatus } from '@platform/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { paymentSearchPath, paymentsQueryKey } from './paths';

/** What the creator filters their payments by; null is no filter. Dates are `YYYY-MM-DD`. */
export interface PaymentFilters {
  status: PaymentStatus | null;
  from: string | null;
  to: string | null;
}

export const NO_PAYMENT_FILTERS: PaymentFilters = { status: null, from: null, to: null };

/**
 * The search's body: only the filters chosen. The server's body is strict and every field optional, so a
 * field sent empty would be refused rather than read as "any".
 */
export function paymentSearchBody({ status, from, to }: PaymentFilters): PaymentSearchBody {
  return {
    ...(status ? { status } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

/** The creator's payments that match the filters, newest first (POST /server-api/creator/payment/search). */
export function usePaymentSearch(filters: PaymentFilters) {
  const body = paymentSearchBody(filters);
  return useQuery({
    queryKey: [...paymentsQueryKey, body],
    queryFn: ({ signal }) =>
      apiFetch<{ data: Payment[] }>(paymentSearchPath, { method: 'POST', body, signal }),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}
