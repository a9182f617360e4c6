import { Button, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  PAYMENT_STATUSES,
  type InvoiceDocumentKind,
  type Payment,
  type PaymentStatus,
} from '@platform/shared';
import { IconFilterOff, IconReceipt } from '@tabler/icons-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { BackButton } from '../../../components/display/BackButton';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { DateField } from '../../../components/inputs/DateField';
import { PageHeading } from '../../../components/PageHeading';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDownloadInvoice } from '../api/download-invoice';
import { usePayoutDetails } from '../api/payout-details';
import { NO_PAYMENT_FILTERS, usePaymentSearch, type PaymentFilters } from '../api/search-payments';
import { earningsByCampaign } from '../utils/earnings';
import { CampaignPayments } from './CampaignPayments';
import { PAYMENT_STATUS_VIEW } from './payment-labels';
import { PayoutDetailsCard } from './PayoutDetailsCard';

const ANY_STATUS = '';

const STATUS_OPTIONS = [
  { value: ANY_STATUS, label: 'All payments' },
  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_VIEW[status].label })),
];

const hasFilters = ({ status, from, to }: PaymentFilters) => status !== null || from !== null || to !== null;

/** Why an invoice or credit note did not download, in words the creator can act on. */
function downloadFailureText(error: unknown, document: InvoiceDocumentKind): string {
  const what = document === 'CREDIT_NOTE' ? 'credit note' : 'invoice';
  if (isApiError(error) && error.status === 404) return `This payment has no ${what} to download yet.`;
  return `We could not download the ${what}. Check your connection and try again.`;
}

function PaymentFiltersBar({
  value,
  onChange,
}: {
  value: PaymentFilters;
  onChange: (value: PaymentFilters) => void;
}) {
  const set = (changes: Partial<PaymentFilters>) => onChange({ ...value, ...changes });
  return (
    <Stack gap="sm" role="group" aria-label="Filter payments">
      <NativeSelect
        size="md"
        label="Status"
        data={STATUS_OPTIONS}
        value={value.status ?? ANY_STATUS}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          set({ status: chosen === ANY_STATUS ? null : (chosen as PaymentStatus) });
        }}
      />
      <SimpleGrid cols={2} spacing="sm">
        <DateField
          label="From"
          value={value.from}
          onChange={(from) => set({ from })}
          {...(value.to ? { maxDate: value.to } : {})}
        />
        <DateField
          label="To"
          value={value.to}
          onChange={(to) => set({ to })}
          {...(value.from ? { minDate: value.from } : {})}
        />
      </SimpleGrid>
    </Stack>
  );
}

function EmptyPayments({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconReceipt size={26} stroke={1.5} aria-hidden="true" />
        </ThemeIcon>
        {filtered ? (
          <>
            <Text fw={600}>No payments match these filters</Text>
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={18} aria-hidden="true" />}
              onClick={onClearFilters}
            >
              Clear filters
            </Button>
          </>
        ) : (
          <>
            <Text fw={600}>No payments yet</Text>
            <Text size="sm" c="dimmed">
              When an entry of yours earns a reward (an approved entry in a first-come campaign, or a prize
              place when a campaign ends), its payment shows here. Once it is approved, its invoice is here
              too.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function LoadingPayments() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading your payments">
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder radius="md" p="md">
          <Stack gap={8}>
            <Skeleton height={16} width="55%" radius="sm" />
            <Skeleton height={24} width="30%" radius="sm" />
            <Skeleton height={12} width="70%" radius="sm" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The creator's payments (SPEC §7), by campaign with each campaign's total, newest first: how much each
 * is, why it was earned, where it stands with its dates and reasons, and the invoice of an approved one.
 * `notice` goes above the list: what the creator should know about their invoices before the next one.
 */
export function PaymentsScreen({ notice }: { notice?: ReactNode }) {
  const [filters, setFilters] = useState<PaymentFilters>(NO_PAYMENT_FILTERS);
  const payments = usePaymentSearch(filters);
  // The payout details' answer brings the screen's heaviest render (their card, the filters and the list): as a
  // deferred value, React renders it in slices, leaving a phone's main thread free in between.
  const payoutDetailsPending = usePayoutDetails().isPending;
  const payoutDetailsSettled = useDeferredValue(!payoutDetailsPending) && !payoutDetailsPending;
  const download = useDownloadInvoice();

  const downloadInvoice = (payment: Payment, document: InvoiceDocumentKind) =>
    download.mutate({ paymentId: payment.id, document });

  let body;
  if (payments.isPending) {
    body = <LoadingPayments />;
  } else if (payments.isError && !payments.data) {
    body = (
      <LoadFailure
        title="We could not load your payments"
        message={CHECK_CONNECTION}
        retrying={payments.isFetching}
        onRetry={() => void payments.refetch()}
      />
    );
  } else if (payments.data.length === 0) {
    body = (
      <EmptyPayments filtered={hasFilters(filters)} onClearFilters={() => setFilters(NO_PAYMENT_FILTERS)} />
    );
  } else {
    const downloadState = {
      paymentId: download.variables?.paymentId,
      document: download.variables?.document ?? 'INVOICE',
      pending: download.isPending,
      failure: download.isError
        ? downloadFailureText(download.error, download.variables.document ?? 'INVOICE')
        : null,
    };
    body = (
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        aria-label="Payments"
        aria-busy={payments.isPlaceholderData || undefined}
        style={{ listStyle: 'none', opacity: payments.isPlaceholderData ? 0.6 : 1 }}
      >
        {earningsByCampaign(payments.data).map((earnings) => (
          <CampaignPayments
            key={earnings.campaignId}
            earnings={earnings}
            download={downloadState}
            onDownload={downloadInvoice}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <DocumentTitle title="Payments" />
      <Stack gap="xs">
        <BackButton fallbackPath={paths.home} ml={-8} />
        <PageHeading
          title="Payments"
          subtitle="What your entries have earned and why, by campaign, and the invoice of each approved payment."
        />
      </Stack>
      {notice}
      {/* The payout details can open as a whole form where their placeholder was a line: the filters and
          the list wait for them, so that nothing the creator is reading is pushed down once they arrive. */}
      {!payoutDetailsSettled ? (
        <LoadingPayments />
      ) : (
        <>
          <PayoutDetailsCard />
          <PaymentFiltersBar value={filters} onChange={setFilters} />
          {body}
        </>
      )}
    </Stack>
  );
}
