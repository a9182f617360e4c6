import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useCreatorInfo } from '../../features/creator-account/api/get-creator-info';

// The screen, its filters' date pickers and the invoice download load with the page, not with the route
// table every page carries (ADR 009).
const PaymentsScreen = lazy(() =>
  import('../../features/creator-payments/components/PaymentsScreen').then((module) => ({
    default: module.PaymentsScreen,
  })),
);

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
  return (
    <Suspense fallback={loadingScreen}>
      <PaymentsScreen notice={<TaxNotice />} />
    </Suspense>
  );
}
