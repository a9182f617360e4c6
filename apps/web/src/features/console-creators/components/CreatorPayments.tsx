import { Group, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney, type Payment, type PaymentStatus } from '@platform/shared';
import { DataTable } from '../../../components/display/DataTable';

const STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  PENDING: 'Waiting for approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  PAID: 'Paid',
  FAILED: 'Payout failed',
};

/** What the creator has earned, by currency: paid out, approved and still to pay, and waiting for approval. */
export function earningsOf(payments: readonly Payment[]) {
  const totals = new Map<string, { paid: number; approved: number; pending: number }>();
  for (const payment of payments) {
    const total = totals.get(payment.currency) ?? { paid: 0, approved: 0, pending: 0 };
    if (payment.status === 'PAID') total.paid += payment.amountMinor;
    // A failed payout is owed still: it counts with the approved ones until it is paid or withdrawn.
    if (payment.status === 'APPROVED' || payment.status === 'FAILED') total.approved += payment.amountMinor;
    if (payment.status === 'PENDING') total.pending += payment.amountMinor;
    totals.set(payment.currency, total);
  }
  return [...totals.entries()].map(([currency, total]) => ({ currency, ...total }));
}

/** The creator's earnings and every payment of their rewards. */
export function CreatorPayments({ payments }: { payments: readonly Payment[] }) {
  if (payments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No payment yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {earningsOf(payments).map((total) => (
        <Group key={total.currency} gap="xl">
          <Text size="sm">Paid: {formatMoney(total.paid, total.currency)}</Text>
          <Text size="sm">To pay: {formatMoney(total.approved, total.currency)}</Text>
          <Text size="sm">Waiting for approval: {formatMoney(total.pending, total.currency)}</Text>
        </Group>
      ))}
      <DataTable aria-label="Payments">
        <thead>
          <tr>
            <th>Campaign</th>
            <th>Amount</th>
            <th>Status</th>
            <th>Created</th>
            <th>Invoice</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td>{payment.campaignName}</td>
              <td>{formatMoney(payment.amountMinor, payment.currency)}</td>
              <td>{STATUS_LABELS[payment.status]}</td>
              <td>{formatDateTime(payment.createdAt, 'short')}</td>
              <td>{payment.invoiceNumber ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </Stack>
  );
}
