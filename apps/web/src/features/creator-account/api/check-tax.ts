import type { TaxComplianceResponse, TaxRegistrationType } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { creatorInfoQueryOptions } from './get-creator-info';
import { creatorPath } from './paths';

/** Checks the saved VAT or ABN number with HMRC or the ABR again (SPEC §7). */
export function checkTax(creatorId: string, type: TaxRegistrationType): Promise<TaxComplianceResponse> {
  const segment = type === 'VAT' ? 'vat' : 'abn';
  return apiFetch<TaxComplianceResponse>(
    creatorPath(`/validate-${segment}-compliance/${encodeURIComponent(creatorId)}`),
  );
}

export function useCheckTax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ creatorId, type }: { creatorId: string; type: TaxRegistrationType }) =>
      checkTax(creatorId, type),
    onSettled: () => queryClient.invalidateQueries(creatorInfoQueryOptions()),
  });
}
