import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney, rewardPurpose, type Payment } from '@platform/shared';
import { IconDownload } from '@tabler/icons-react';
import { FieldError } from '../../../components/form/FieldError';
import { PAYMENT_STATUS_VIEW } from './payment-labels';

export interface PaymentCardProps {
  payment: Payment;
  /** This payment's invoice is downloading. */
  downloading: boolean;
  /** Why its last download failed, if it did. */
  downloadFailure: string | null;
  onDownload: (payment: Payment) => void;
}

function When({ label, at }: { label: string; at: string }) {
  return (
    <Text size="xs" c="dimmed">
      {label} on{' '}
      <Box component="time" dateTime={at}>
        {formatDateTime(at, 'long')}
      </Box>
    </Text>
  );
}

/** One payment as its creator reads it: what it was for, how much, where it stands, and its invoice. */
export function PaymentCard({ payment, downloading, downloadFailure, onDownload }: PaymentCardProps) {
  const status = PAYMENT_STATUS_VIEW[payment.status];
  const amount = formatMoney(payment.amountMinor, payment.currency);
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {payment.campaignName}
            </Text>
            <Text size="sm" c="dimmed">
              {rewardPurpose(payment.reward)}
            </Text>
          </Stack>
          <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
            {status.label}
          </Badge>
        </Group>
        <Text size="xl" fw={700}>
          {amount}
        </Text>
        <Stack gap={2}>
          <When label="Earned" at={payment.createdAt} />
          {payment.decidedAt && (
            <When
              label={payment.status === 'REJECTED' ? 'Not approved' : 'Approved'}
              at={payment.decidedAt}
            />
          )}
        </Stack>
        {payment.status === 'REJECTED' && payment.rejectionReason && (
          <Paper bg="var(--mantine-color-red-light)" radius="sm" p="xs">
            <Text size="sm" fw={600}>
              Why it was not approved
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {payment.rejectionReason}
            </Text>
          </Paper>
        )}
        {payment.status === 'FAILED' && (
          <Text size="sm" c="red">
            The transfer to your payout wallet did not go through. Check your wallet on your home page, or
            contact Support.
          </Text>
        )}
        {payment.invoiceNumber && (
          <Stack gap="xs" mt={4}>
            <Text size="sm">
              Invoice <strong>{payment.invoiceNumber}</strong>
            </Text>
            <Button
              variant="light"
              fullWidth
              leftSection={<IconDownload size={18} aria-hidden="true" />}
              loading={downloading}
              aria-label={`Download invoice ${payment.invoiceNumber}`}
              onClick={() => onDownload(payment)}
            >
              Download invoice
            </Button>
            {downloadFailure && (
              <Text component="div" role="alert" size="sm" c="red">
                <FieldError message={downloadFailure} />
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
