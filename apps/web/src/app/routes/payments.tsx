import { Skeleton, Stack } from '@mantine/core';
import { usePrefetchQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useCreatorInfo } from '../../features/creator-account/api/get-creator-info';
import { payoutDetailsQueryOptions } from '../../features/creator-payments/api/payout-details';

// The screen, its filters' date pickers and the invoice download load with the page, not with the route
// table every page carries (ADR 009). They start loading as soon as this module runs, beside the check of
// who is signed in, rather than once the page renders.
const screenModule = import('../../features/creator-payments/components/PaymentsScreen');
const PaymentsScreen = lazy(() => screenModule.then((module) => ({ default: module.PaymentsScreen })));

const InvoiceTaxNotice = lazy(() =>
  import('../../features/creator-account/components/InvoiceTaxNotice').then((module) => ({
    default: module.InvoiceTaxNotice,
  })),
);

/** Why the creator's invoices would carry no VAT or GST line, if they would not. */
function TaxNotice() {
  const info = useCreatorInfo();
  if (!info.data) return null;
  return (
    <Suspense fallback={null}>
      <InvoiceTaxNotice info={info.data} linkToDetails />
    </Suspense>
  );
}

const loadingScreen = (
  <Stack gap="md" aria-busy="true">
    <Skeleton height={28} width="60%" radius="sm" />
    <Skeleton role="status" height={320} radius="md" aria-label="Loading" />
  </Stack>
);

export function Component() {
  // The payout details, the screen's first part, are asked for while its code loads, not after.
  usePrefetchQuery(payoutDetailsQueryOptions());
  return (
    <Suspense fallback={loadingScreen}>
      <PaymentsScreen notice={<TaxNotice />} />
    </Suspense>
  );
}
